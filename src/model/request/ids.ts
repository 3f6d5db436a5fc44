import * as z from 'zod/mini'
import { traitPrefixes, currentUserAlias } from '../ids'
import type { MappedSourceId } from '../ids'

// Schemas for ids in requests. A template literal keeps the exact id type (`mhric${string}`) in the
// inferred types and becomes a `pattern` in the generated JSON Schema.
const prefixed = <const Prefix extends string>(prefix: Prefix, what: string) =>
  z.templateLiteral([prefix, z.string()], { error: `expected ${what} id (${prefix}…)` })

export const MovieIdSchema = prefixed('mhmov', 'a Movie')
export const ShowSeriesIdSchema = prefixed('mhsss', 'a ShowSeries')
export const ContributorIdSchema = prefixed('mhric', 'a Contributor')
export const SourceIdSchema = prefixed('mhsrc', 'a Source')
export const CollectionIdSchema = prefixed('mhcol', 'a Collection')
export const UserIdSchema = z.union([prefixed('mhusr', 'a User'), z.literal(currentUserAlias)], {
  error: `expected a User id (mhusr… or ${currentUserAlias})`,
})
export const TraitIdSchema = z.templateLiteral([z.enum(traitPrefixes), z.string()], {
  error: 'expected a Trait id (mhgnr…, or another trait prefix)',
})
export const MediaIdSchema = z.templateLiteral([z.enum(['mhmov', 'mhsss']), z.string()], {
  error: 'expected a Movie or ShowSeries id (mhmov…, mhsss…)',
})
/** A factor of `relate` names a user, a title or a contributor. */
export const FactorIdSchema = z.union([MediaIdSchema, ContributorIdSchema, UserIdSchema], {
  error: 'expected the id of a user, movie, series or contributor (mhusr…, mhmov…, mhsss…, mhric…)',
})
/** Anything `lookup` and `silos` take: a prefixed id, the current-user alias, or a mapped source id. */
export const AnyIdSchema = z.string().check(
  z.minLength(1, { error: 'expected a non-empty id' }),
  z.refine((id) => /^[a-z]{5}/.test(id) || /^[^:\s]+:[^:\s]*:\S+$/.test(id), {
    error: 'expected an mhid, an altId, or a mapped source id (Source:Type:id)',
  }),
) as z.ZodMiniType<string | MappedSourceId>
