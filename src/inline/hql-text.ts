import { parseDocument, parseQuery } from '../text'
import type { Fragment } from '../builder'
import type { TextArg, TextQuery } from './text'

/**
 * A query written as HQL text, typed where it is written: the type checker reads the literal string with the
 * grammar the parser follows and gives the builder's own query type (`ExploreQuery<'Movie', …>`), so
 * `ResultOf`, `client.run` and `compile` work as for a built query. With a `query name($p: Type = default)`
 * head it returns a function of a typed parameter object. A mistake is a type error on the argument, a
 * sentence starting `hql:` that ends with the code `parseQuery` throws for the same text at run time.
 *
 * At run time it is `parseQuery(text)`, or `(params) => parseQuery(text, { params })`. Text known only at run
 * time is refused by the types: use `parseQuery` for it, or a .hql file and `hql generate`.
 * (Fragments, issue 29, will come in as a second argument: the text's reading has no other input yet.)
 *
 * @example
 * const movies = hqlText('explore Movie where contributors = "mhric-brad-pitt" with primaryImage page size 10')
 * compile(movies).body // { filters: { returnType: { $eq: 'Movie' }, … }, components: [{ name: 'primaryImage' }], pageSize: 10 }
 *
 * const byContributor = hqlText('query q($c: ContributorId, $size: Int = 10) explore Movie where contributors = $c page size $size')
 * compile(byContributor({ c: 'mhric-brad-pitt' })) // pageSize 10: the default
 */
export function hqlText<const S extends string>(
  text: TextArg<S>,
  fragments?: Readonly<Record<string, Fragment>>,
): TextQuery<S> {
  const source = text as string
  const given = fragments === undefined ? {} : { fragments }
  const [definition, second] = parseDocument(source).definitions
  // One definition with parameters is a function; anything else is parseQuery's (which throws for two).
  if (definition === undefined || second !== undefined || definition.params.length === 0)
    return parseQuery(source, given) as never
  return ((params: Record<string, unknown> = {}) => parseQuery(source, { ...given, params })) as never
}
