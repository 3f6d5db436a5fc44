import { currentUserAlias, describeId, mediaTypeNames, prefixTypes, typePrefixes } from '../ids'
import type { CollectionId, ContributorId, MediaId, ObjectTypeName, SourceId, TraitId, UserId } from '../ids'
import type { FilterName } from '../vocabulary'
import { leaf, list } from './rule'
import type { Rule } from './rule'

// The rules of ids in requests, declared once: which ids each place takes. An id is an mhid, an altId
// (`prefix-slug`) or the current user's alias (`describeId`), of a type its place takes; lookup, silos' seeds,
// idsOrder and a Content blueprint take any id, a mapped source id (`Source:Type:id`) too.

/** Whether `id` is a prefixed id (mhid, altId or alias) of one of `types`. */
export function isIdOfType(id: string, types: readonly ObjectTypeName[]): boolean {
  // The common case first, an altId of printable ASCII (`mhmov-gladiator`), without `describeId`'s description
  // object and regular expression (≈3% of `compile(parseQuery(query))`): true only where `describeId` would
  // find an altId of these types. The current user's alias looks like an altId of `mhals` but is the user.
  if (id.charCodeAt(5) === 45 /* - */ && id.length > 6 && id !== currentUserAlias && printable(id)) {
    const type = prefixTypes.get(id.slice(0, 5))
    if (type !== undefined && types.includes(type)) return true
  }
  const description = describeId(id)
  return (
    description.form !== 'unknown' &&
    description.form !== 'mappedSourceId' &&
    types.includes(description.type)
  )
}

/** Whether `text` is printable ASCII only (no whitespace): a loop, which costs a tenth of a regular expression. */
function printable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c <= 32 || c >= 127) return false
  }
  return true
}

// Each a constant of its own, which the rules below read: a rule made from a property of `filterIdTypes` stayed
// in every bundle (a property read may run a getter, so esbuild keeps the call), used or not.
const contributorTypes: readonly ObjectTypeName[] = ['Contributor']
const sourceTypes: readonly ObjectTypeName[] = ['Source']
const traitTypes: readonly ObjectTypeName[] = ['Trait']
const collectionTypes: readonly ObjectTypeName[] = ['Collection']

/** The types of id each id-valued filter compares. */
export const filterIdTypes: Readonly<Record<Exclude<FilterName, 'returnType'>, readonly ObjectTypeName[]>> = {
  contributors: contributorTypes,
  contributorsOf: mediaTypeNames,
  sources: sourceTypes,
  traits: traitTypes,
  collections: collectionTypes,
}

/** The types a relate factor may name. */
// (A spread is a call of the array's iterator to a bundler: written out as concat, it is dropped where unused.)
export const factorIdTypes: readonly ObjectTypeName[] = /* @__PURE__ */ ['User'].concat(
  mediaTypeNames,
  'Contributor',
) as readonly ObjectTypeName[]

/** The rule of an id of one of `types`: `wrong_id_prefix` for any other, with what the place takes. */
/* @__NO_SIDE_EFFECTS__ */ function idOf<T extends string>(
  types: readonly ObjectTypeName[],
  what: string,
): Rule<T> {
  const prefixes = types.flatMap((type) => typePrefixes[type] as readonly string[])
  return leaf<T>(
    {
      kind: 'id',
      prefixes,
      alias: types.includes('User'),
      code: 'wrong_id_prefix',
      // The first prefixes, as a reminder of the id's look: `a Trait id (mhgnr…, mhsgn…, mhmod…, mhsmd…, …)`.
      expected: `${what} id (${prefixes.slice(0, 4).join('…, ')}…${prefixes.length > 4 ? ', …' : ''})`,
    },
    (value) => typeof value == 'string' && isIdOfType(value, types),
  )
}

export const ContributorIdRule: Rule<ContributorId> = idOf(contributorTypes, 'a Contributor')
export const MediaIdRule: Rule<MediaId> = idOf(mediaTypeNames, 'a media (Movie, ShowSeries, ShowEpisode, …)')
export const SourceIdRule: Rule<SourceId> = idOf(sourceTypes, 'a Source')
export const TraitIdRule: Rule<TraitId> = idOf(traitTypes, 'a Trait')
export const CollectionIdRule: Rule<CollectionId> = idOf(collectionTypes, 'a Collection')
/** A factor of `relate` names a user (the current user's alias too), a title or a contributor. */
export const FactorIdRule: Rule<UserId | MediaId | ContributorId> = idOf(
  factorIdTypes,
  'a user, a contributor or media (Movie, ShowSeries, ShowEpisode, …)',
)
/** Anything `lookup` and `silos` take: a prefixed id, the current user's alias, or a mapped source id. */
export const AnyIdRule: Rule<string> = /* @__PURE__ */ leaf(
  {
    kind: 'id',
    alias: true,
    code: 'invalid_id',
    expected: 'an mhid, an altId, or a mapped source id (Source:Type:id)',
  },
  (value) => typeof value == 'string' && describeId(value).form !== 'unknown',
)

/** Ids as silos' seeds take them: any ids, within the request limit. */
export const IdListRule: Rule<readonly string[]> = /* @__PURE__ */ list(
  AnyIdRule,
  'invalid_request',
  'a list of ids',
  0,
  'ids',
)

/** Ids as lookup, idsOrder and a Content blueprint take them: one or more, within the request limit. */
export const SomeIdsRule: Rule<readonly string[]> = /* @__PURE__ */ list(
  AnyIdRule,
  'invalid_request',
  'a list of one or more ids',
  1,
  'ids',
)
