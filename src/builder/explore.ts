import { QueryValue, browsableTypes } from '../model/core'
import type { ObjectTypeName, Query, Sort } from '../model/core'
import type { ComponentArg, SpecOfArg } from './component-spec'
import type { BrowsableType, FilterSpec } from './filters'
import type { ListResult } from './result'
import type { ValidComponents, ValidFilters } from './argument-checks'

/** The types a set of filters narrows `T` to: a returnType filter's types, else `T`. */
export type Narrowed<T extends ObjectTypeName, F> = [ReturnTypes<F>] extends [never] ? T : ReturnTypes<F>

// The types the returnType filters among `F` let through; never without one.
type ReturnTypes<F> = F extends FilterSpec<'returnType', infer Types extends ObjectTypeName> ? Types : never

/** An explore query: browse the graph, narrowed by filters. Each method returns a new query. */
export interface ExploreQuery<T extends ObjectTypeName = BrowsableType, C = never> extends Query<
  ListResult<T, C>
> {
  readonly endpoint: 'explore'
  /** Adds filters; all apply together. A returnType filter narrows the result type. */
  filter<const F extends readonly FilterSpec[]>(
    ...filters: ValidFilters<C, F>
  ): ExploreQuery<Narrowed<T, F[number]>, C>
  /** Adds sort keys, most significant first: `.sort(releaseDate.desc())`. */
  sort(...sorts: readonly Sort[]): ExploreQuery<T, C>
  /** Adds components: `.with(primaryImage, keyContributors(primaryImage))`. */
  with<const S extends readonly ComponentArg[]>(
    ...components: ValidComponents<T, S, C>
  ): ExploreQuery<T, C | SpecOfArg<S[number]>>
  /** The zero-based page. */
  page(page: number): ExploreQuery<T, C>
  pageSize(size: number): ExploreQuery<T, C>
}

/**
 * Starts an explore query: `hql.explore()`, or imported by its name, `explore()`, in a program that starts no
 * other endpoint's query (a bundler then leaves out relate, lookup and silos, which `hql` holds: see
 * docs/architecture.md, "The package: entries and dependencies").
 *
 * @example
 * explore().filter(returnType.eq('Movie')).sort(releaseDate.desc()).with(primaryImage).pageSize(10)
 */
export function explore(): ExploreQuery {
  return QueryValue.of('explore', emptyExplore, browsableTypes) as never
}

const emptyExplore = Object.freeze({ filters: Object.freeze({}) })
