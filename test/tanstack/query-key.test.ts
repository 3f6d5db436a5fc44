import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { hashKey } from '@tanstack/query-core'
import { hql, compile, fromJSON, parseQuery, printQuery, HqlError, queryKey, returnType } from 'hql'
import type { ComponentSpec, FilterSpec, Query } from 'hql'
import type { Sort } from 'hql/schemas'
import { sortedJson } from '../../src/model/wire'
import { anyQuery, componentsFor, filters, sorts } from '../support/arbitraries'

// queryKey (issue 29): equal queries give equal keys however they were built; different queries never share one.
// Checked with TanStack Query's own hashKey as well as JSON.stringify.

type Explore = ReturnType<typeof hql.explore>
type Step = (q: Explore) => Explore

/** The calls that build one explore query, each a step that may come in any order. */
const exploreSteps: fc.Arbitrary<Step[]> = filters.chain(({ specs, types }) =>
  fc
    .tuple(
      sorts,
      componentsFor(types ?? ['Movie', 'ShowSeries'], 2),
      fc.option(fc.nat({ max: 50 }), { nil: undefined }),
      fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
    )
    .map(([sortKeys, components, page, size]) => {
      // Filters one call each (their order is free); sorts and components in one call (their order means something).
      const steps: Step[] = specs.map((spec: FilterSpec) => (q) => q.filter(spec as never) as Explore)
      if (sortKeys.length > 0) steps.push((q) => q.sort(...(sortKeys as Sort[])) as Explore)
      if (components.length > 0)
        steps.push((q) => (q.with as (...c: ComponentSpec[]) => Explore)(...components))
      if (page !== undefined) steps.push((q) => q.page(page) as Explore)
      if (size !== undefined) steps.push((q) => q.pageSize(size) as Explore)
      return steps
    }),
)

const run = (steps: readonly Step[]): Query => steps.reduce((q, step) => step(q), hql.explore())
const text = (q: Query) => JSON.stringify(queryKey(q))

describe('queryKey', () => {
  it('is the whole request under "hql", and plain JSON', () => {
    const q = hql.lookup('mhmov-gladiator').pageSize(2)
    expect(queryKey(q)).toEqual([
      'hql',
      { endpoint: 'lookup', body: { ids: ['mhmov-gladiator'], pageSize: 2 } },
    ])
    expect(JSON.parse(text(q))).toEqual(queryKey(q))
  })

  it('gives equal keys to queries built in different call orders', () => {
    fc.assert(
      fc.property(
        exploreSteps.chain((steps) =>
          fc.tuple(fc.constant(steps), fc.shuffledSubarray(steps, { minLength: steps.length })),
        ),
        ([steps, shuffled]) => {
          const a = run(steps)
          const b = run(shuffled)
          expect(text(b)).toBe(text(a))
          expect(hashKey(queryKey(b))).toBe(hashKey(queryKey(a)))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('gives equal keys to one query through every door (builder, fromJSON, text)', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { endpoint, body } = compile(q)
        const viaJson = fromJSON(q.endpoint, JSON.parse(JSON.stringify(body)))
        expect(text(viaJson)).toBe(text(q))
        expect(text(parseQuery(printQuery(q)))).toBe(text(q))
        expect(endpoint).toBe(`/graph/${queryKey(q)[1].endpoint}`)
      }),
      { numRuns: 200 },
    )
  })

  it('gives different keys to different queries', () => {
    fc.assert(
      fc.property(anyQuery, anyQuery, (a, b) => {
        const same = a.endpoint === b.endpoint && sortedJson(a.body, Error) === sortedJson(b.body, Error)
        expect(text(a) === text(b)).toBe(same)
        expect(hashKey(queryKey(a)) === hashKey(queryKey(b))).toBe(same)
      }),
      { numRuns: 500 },
    )
    // One step apart: a page size, a component, a filter.
    const base = hql.explore().filter(returnType.eq('Movie'))
    const near = [base, base.pageSize(5), base.pageSize(50), base.with('primaryImage'), base.page(2)]
    expect(new Set(near.map(text)).size).toBe(near.length)
    expect(new Set(near.map((q) => hashKey(queryKey(q)))).size).toBe(near.length)
  })

  it('refuses a value hql did not make, as compile does', () => {
    const fake = { endpoint: 'explore', body: {} } as unknown as Query
    expect(() => queryKey(fake)).toThrow(HqlError)
    expect(() => queryKey(fake)).toThrow(/queryKey takes a query made by hql/)
  })
})
