import { parseDocument, parseQuery } from '../text'
import { HqlError } from '../model/errors'
import type { FragmentsArg } from './components'
import type { Given } from './values'
import type { GivenTextArg, GivenTextQuery, TextArg, TextQuery } from './text'

/**
 * A query written as HQL text, typed where it is written: the type checker reads the literal string with the
 * grammar the parser follows and gives the builder's own query type (`ExploreQuery<'Movie', …>`), so
 * `ResultOf`, `client.run` and `compile` work as for a built query. With a `query name($p: Type = default)`
 * head it returns a function of a typed parameter object. A mistake is a type error on the argument, a
 * sentence starting `hql:` that ends with the code `parseQuery` throws for the same text at run time.
 *
 * The second argument gives the builder's fragments by name: `...movieCard` in the text spreads the components
 * of `{ movieCard }` as `.with(...movieCard)` does, nested too, typed the same; a spread of a name not given, or
 * of a fragment for other objects than those where it stands, is a sentence on the text.
 *
 * At run time it is `parseQuery(text, { fragments })`, or `(params) => parseQuery(text, { params, fragments })`.
 * Text known only at run time is refused by the types: use `parseQuery` for it, or a .hql file and `hql generate`.
 *
 * @example
 * const movies = hqlText('explore Movie where contributors = "mhric-brad-pitt" with primaryImage page size 10')
 * compile(movies).body // { filters: { returnType: { $eq: 'Movie' }, … }, components: [{ name: 'primaryImage' }], pageSize: 10 }
 *
 * const byContributor = hqlText('query q($c: ContributorId, $size: Int = 10) explore Movie where contributors = $c page size $size')
 * compile(byContributor({ c: 'mhric-brad-pitt' })) // pageSize 10: the default
 *
 * const personCard = fragment('Contributor', primaryImage, socialMetrics)
 * const movieCard = fragment('Movie', primaryImage, keyContributors(...personCard))
 * const cards = hqlText('explore Movie with ...movieCard, keyTraits', { movieCard })
 * compile(cards).body.components // as hql.explore().filter(returnType.eq('Movie')).with(...movieCard, keyTraits)'s
 */
export function hqlText<const S extends string>(text: TextArg<S>): TextQuery<S>
// Its own overload: a type argument more on the one above would cost every text, fragments or not (GivenTextQuery).
export function hqlText<const S extends string, F extends FragmentsArg>(
  text: GivenTextArg<S, Given<F>>,
  fragments: F,
): GivenTextQuery<S, Given<F>>
export function hqlText(text: string, fragments?: FragmentsArg): unknown {
  // JavaScript callers get the typed error parseQuery gives, not a TypeError from parsing.
  if (typeof text !== 'string')
    throw new HqlError('invalid_argument', `hqlText expects the query text as a string, got ${typeof text}`)
  const source = text
  const given = fragments === undefined ? {} : { fragments }
  const [definition, second] = parseDocument(source).definitions
  // One definition with parameters is a function; anything else is parseQuery's (which throws for two).
  if (definition === undefined || second !== undefined || definition.params.length === 0)
    return parseQuery(source, given) as never
  return ((params: Record<string, unknown> = {}) => parseQuery(source, { ...given, params })) as never
}
