import * as z from 'zod/mini'
import { currentUserAlias, describeId, mediaTypeNames, typePrefixes } from '../ids'
import type { IdOf, MappedSourceId, ObjectTypeName, UserId } from '../ids'
import { idIsOfType } from './id-check'

// Schemas for ids in requests. A template literal keeps the exact id type (`mhric${string}`) in the inferred
// types and becomes a `pattern` in the generated JSON Schema; the refinement is the model's one rule for ids
// (`describeId`: an mhid, an altId `prefix-slug`, the alias), which the builder and text apply too, so that
// `mhmovABC` or `mhmov-` is refused by every door alike.
function idOf<const Types extends readonly ObjectTypeName[]>(
  types: Types,
  what: string,
): z.ZodMiniType<IdOf<Types[number]>> {
  const prefixes = [...new Set(types.flatMap((type) => typePrefixes[type] as readonly string[]))]
  const error = `expected ${what} id (${prefixes.slice(0, 4).join('…, ')}…${prefixes.length > 4 ? ', …' : ''})`
  return z
    .templateLiteral([z.enum(prefixes as [string, ...string[]]), z.string()], { error })
    .check(z.refine((id) => idIsOfType(id, types), { error })) as z.ZodMiniType<IdOf<Types[number]>>
}

export const MovieIdSchema = idOf(['Movie'], 'a Movie')
export const ShowSeriesIdSchema = idOf(['ShowSeries'], 'a ShowSeries')
export const ContributorIdSchema = idOf(['Contributor'], 'a Contributor')
export const SourceIdSchema = idOf(['Source'], 'a Source')
export const CollectionIdSchema = idOf(['Collection'], 'a Collection')
export const UserIdSchema = z.union([idOf(['User'], 'a User'), z.literal(currentUserAlias)], {
  error: `expected a User id (mhusr… or ${currentUserAlias})`,
}) as z.ZodMiniType<UserId>
export const TraitIdSchema = idOf(['Trait'], 'a Trait')
export const MediaIdSchema = idOf(mediaTypeNames, 'a media (Movie, ShowSeries, ShowEpisode, …)')
/** A factor of `relate` names a user, a title or a contributor. */
export const FactorIdSchema = z.union([MediaIdSchema, ContributorIdSchema, UserIdSchema], {
  error: 'expected the id of a user, a contributor or media (mhusr…, mhric…, mhmov…, mhsss…, …)',
})
/** Anything `lookup` and `silos` take: a prefixed id, the current-user alias, or a mapped source id. */
export const AnyIdSchema = z.string().check(
  z.minLength(1, { error: 'expected a non-empty id' }),
  z.refine((id) => describeId(id).form !== 'unknown', {
    error: 'expected an mhid, an altId, or a mapped source id (Source:Type:id)',
  }),
) as z.ZodMiniType<string | MappedSourceId>
