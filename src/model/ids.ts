/**
 * Ids of the graph. An id is an `mhid` (the 5-character type prefix and 39 characters of [A-Za-z0-9]), an
 * `altId` (the prefix, `-`, and a slug), the alias `mhals-current-user`, or a mapped source id
 * (`Source:Type:id`, middle part optional). The prefix tells the object's type.
 */

/** Every object type the graph returns, by the name `returnType` uses. */
export const objectTypeNames = [
  'Movie',
  'ShowSeries',
  'Contributor',
  'User',
  'Image',
  'Trait',
  'Source',
  'Collection',
  'Subscription',
] as const
export type ObjectTypeName = (typeof objectTypeNames)[number]

/** Genre and the other trait families: every prefix the service uses for a Trait. */
export const traitPrefixes = [
  'mhgnr',
  'mhsgn',
  'mhmod',
  'mhsmd',
  'mhqlt',
  'mhsty',
  'mhstr',
  'mhmts',
  'mhthm',
  'mhach',
  'mhera',
  'mhaud',
  'mhflg',
  'mhgrg',
  'mhlng',
  'mhstb',
  'mhtyp',
  'mhado',
] as const
export type TraitPrefix = (typeof traitPrefixes)[number]

/** The type each known prefix stands for. */
export const prefixTypes: Readonly<Record<string, ObjectTypeName>> = {
  mhmov: 'Movie',
  mhsss: 'ShowSeries',
  mhric: 'Contributor',
  mhusr: 'User',
  mhimg: 'Image',
  mhsrc: 'Source',
  mhcol: 'Collection',
  ...Object.fromEntries(traitPrefixes.map((prefix) => [prefix, 'Trait' as const])),
}

export type MovieId = `mhmov${string}`
export type ShowSeriesId = `mhsss${string}`
export type ContributorId = `mhric${string}`
export type UserId = `mhusr${string}` | CurrentUserAlias
export type ImageId = `mhimg${string}`
export type SourceId = `mhsrc${string}`
export type CollectionId = `mhcol${string}`
export type TraitId = `${TraitPrefix}${string}`
export type MediaId = MovieId | ShowSeriesId
/** `Source:Type:id`, for example `iTunes:Movie:569220589` or `IMDB::tt0238380`. */
export type MappedSourceId = `${string}:${string}:${string}`
/** The alias of the user the access token belongs to. */
export type CurrentUserAlias = 'mhals-current-user'
export const currentUserAlias: CurrentUserAlias = 'mhals-current-user'

/** Any id `lookup` accepts. */
export type AnyId =
  MediaId | ContributorId | UserId | ImageId | SourceId | CollectionId | TraitId | MappedSourceId

/** The object type a prefixed id names, at the type level (`never` for ids without a known prefix). */
export type TypeOfId<Id extends string> = Id extends MovieId
  ? 'Movie'
  : Id extends ShowSeriesId
    ? 'ShowSeries'
    : Id extends ContributorId
      ? 'Contributor'
      : Id extends UserId
        ? 'User'
        : Id extends ImageId
          ? 'Image'
          : Id extends SourceId
            ? 'Source'
            : Id extends CollectionId
              ? 'Collection'
              : Id extends TraitId
                ? 'Trait'
                : Id extends `${string}:${infer Type extends ObjectTypeName}:${string}`
                  ? Type
                  : never

/** What `describeId` learns from an id's text. */
export type IdDescription =
  | { readonly form: 'mhid' | 'altId'; readonly type: ObjectTypeName; readonly prefix: string }
  | { readonly form: 'alias'; readonly type: 'User'; readonly prefix: 'mhals' }
  | { readonly form: 'mappedSourceId'; readonly type: ObjectTypeName | undefined; readonly source: string }
  | { readonly form: 'unknown' }

const mhidPattern = /^[a-z]{5}[A-Za-z0-9]{39}$/
const mappedSourceIdPattern = /^([^:\s]+):([^:\s]*):(\S+)$/

/**
 * Tells an id's form and the object type it names.
 *
 * @example
 * describeId('mhmov-gladiator') // { form: 'altId', type: 'Movie', prefix: 'mhmov' }
 * describeId('iTunes:Movie:569220589') // { form: 'mappedSourceId', type: 'Movie', source: 'iTunes' }
 */
export function describeId(id: string): IdDescription {
  if (id === currentUserAlias) return { form: 'alias', type: 'User', prefix: 'mhals' }
  const prefix = id.slice(0, 5)
  const type = Object.hasOwn(prefixTypes, prefix) ? prefixTypes[prefix] : undefined
  if (type !== undefined) {
    // The common cases first, without a regular expression: an altId is the prefix, '-' and a slug.
    if (id.charCodeAt(5) === 45 /* - */ && id.length > 6 && !/\s/.test(id))
      return { form: 'altId', type, prefix }
    if (id.length === 44 && mhidPattern.test(id)) return { form: 'mhid', type, prefix }
  }
  const mapped = mappedSourceIdPattern.exec(id)
  if (mapped !== null) {
    const [, source = '', typeName = ''] = mapped
    const named = (objectTypeNames as readonly string[]).includes(typeName)
      ? (typeName as ObjectTypeName)
      : undefined
    return { form: 'mappedSourceId', type: named, source }
  }
  return { form: 'unknown' }
}

/** The object type of an id, or `undefined` when its text does not tell. */
export function typeOfId(id: string): ObjectTypeName | undefined {
  const description = describeId(id)
  return description.form === 'unknown' ? undefined : description.type
}
