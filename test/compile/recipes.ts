// Queries as recipes: a start and the calls that make the rest, each call independent of the others' order
// (the model orders filters and body keys itself; the order of sorts, components and ids is the user's, so
// each of those stays one call). Building a recipe in two orders must give the same query.
import fc from 'fast-check'
import { hql } from 'hql'
import type { ComponentSpec, FilterSpec, Query } from 'hql'
import { componentsFor, filters, idOf, sorts } from '../support/arbitraries'

/** A query under construction, loosely typed: the calls are chosen at run time. */
interface Building extends Query {
  filter(...specs: FilterSpec[]): Building
  sort(...sorts: unknown[]): Building
  with(...specs: ComponentSpec[]): Building
  page(n: number): Building
  pageSize(n: number): Building
}
type Call = (q: Building) => Building
export interface Recipe {
  readonly start: () => Building
  readonly calls: readonly Call[]
}

const paging = fc.record({
  page: fc.option(fc.nat({ max: 50 }), { nil: undefined }),
  pageSize: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
})
const pagingCalls = (p: { page: number | undefined; pageSize: number | undefined }): Call[] => [
  ...(p.page === undefined ? [] : [(q: Building) => q.page(p.page as number)]),
  ...(p.pageSize === undefined ? [] : [(q: Building) => q.pageSize(p.pageSize as number)]),
]
// One filter per call: filters of different names commute. A returnType filter comes first (in the start),
// because components are checked against the types the query returns when they are added: `.with(x)` before
// `.filter(returnType.eq(T))` is checked against the endpoint's default types, so there order matters.
const narrowed = (start: () => Building, specs: readonly FilterSpec[], types: unknown) =>
  types === undefined ? start : () => start().filter(specs[0] as FilterSpec)
const filterCalls = (specs: readonly FilterSpec[], types: unknown): Call[] =>
  (types === undefined ? specs : specs.slice(1)).map((spec) => (q) => q.filter(spec))
const withCall = (specs: readonly ComponentSpec[]): Call[] => (specs.length ? [(q) => q.with(...specs)] : [])

const explore: fc.Arbitrary<Recipe> = filters.chain(({ specs, types }) =>
  fc
    .tuple(sorts, componentsFor(types ?? ['Movie', 'ShowSeries'], 2), paging)
    .map(([sortKeys, components, page]) => ({
      start: narrowed(() => hql.explore() as unknown as Building, specs, types),
      calls: [
        ...filterCalls(specs, types),
        ...(sortKeys.length ? [(q: Building) => q.sort(...sortKeys)] : []),
        ...withCall(components),
        ...pagingCalls(page),
      ],
    })),
)

const relate: fc.Arbitrary<Recipe> = fc
  .tuple(fc.array(fc.oneof(idOf.Movie, idOf.Contributor), { minLength: 1, maxLength: 3 }), filters)
  .chain(([factors, { specs, types }]) =>
    fc.tuple(componentsFor(types ?? ['Movie', 'ShowSeries'], 2), paging).map(([components, page]) => ({
      start: narrowed(
        () => (hql.relate as (...f: string[]) => unknown)(...factors) as Building,
        specs,
        types,
      ),
      calls: [...filterCalls(specs, types), ...withCall(components), ...pagingCalls(page)],
    })),
  )

const lookup: fc.Arbitrary<Recipe> = fc
  .tuple(fc.array(idOf.Movie, { minLength: 1, maxLength: 3 }), componentsFor(['Movie'], 2), paging)
  .map(([ids, components, page]) => ({
    start: () => (hql.lookup as (...ids: string[]) => unknown)(...ids) as Building,
    calls: [...withCall(components), ...pagingCalls(page)],
  }))

export const recipe: fc.Arbitrary<Recipe> = fc.oneof(explore, relate, lookup)

/** The items in the order the `seed`-th permutation gives (a Lehmer code, taken modulo what each step allows). */
export function permutation<T>(items: readonly T[], seed: number): T[] {
  const rest = [...items]
  const out: T[] = []
  let code = seed
  while (rest.length > 0) {
    out.push(...rest.splice(code % rest.length, 1))
    code = Math.floor(code / (rest.length + 1))
  }
  return out
}

/** The same JSON with the keys of every object in another order (the `seed`-th permutation of each). */
export function shuffleKeys(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((item, i) => shuffleKeys(item, seed + i))
  if (value === null || typeof value !== 'object') return value
  const entries = permutation(Object.entries(value), seed)
  return Object.fromEntries(entries.map(([key, item]) => [key, shuffleKeys(item, seed + key.length)]))
}
