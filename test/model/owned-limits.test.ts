// The request size limits at every door: fromJSON and fromOwnedJSON (text's lowered body) walk a body first
// (request-shape.ts); the builder has no walk, so the body rules hold the limits of each list and of depth
// themselves (request/rule.ts). Held here to the walk on bodies just within and just past every limit (depth,
// each list's limit, total values).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EndpointName } from 'hql'
import { fromJSON, fromOwnedJSON } from '../../src/compile'
import { checkRequestShape } from '../../src/model/request-shape'
import { checkBody } from '../../src/model/request/rule'
import { requestRules } from '../../src/model/request/bodies'
import { requestLimits } from '../../src/model/limits'
import { maxJsonDepth } from '../../src/model/limits'

const id = (index: number) => `mhmov-m${index}`
const ids = (count: number) => Array.from({ length: count }, (_, index) => id(index))

/** Components nested `levels` deep, each level holding `width` of them (the first nesting further). */
function components(levels: number, width = 1): unknown[] {
  const level = Array.from({ length: width }, () => ({ name: 'primaryImage' }) as Record<string, unknown>)
  if (levels > 1) level[0] = { name: 'keyContributors', components: components(levels - 1, width) }
  return level
}

/** Bodies around each limit: the endpoint, and the body (made fresh per call, as the lowering makes it). */
const bodyNearLimit = fc.oneof(
  fc
    .integer({ min: requestLimits.ids - 2, max: requestLimits.ids + 2 })
    .map((count) => ['lookup', () => ({ ids: ids(count) })] as const),
  fc
    .integer({ min: requestLimits.values - 2, max: requestLimits.values + 2 })
    .map(
      (count) =>
        [
          'explore',
          () => ({ filters: { contributors: { $in: ids(count).map((m) => m.replace('mhmov', 'mhric')) } } }),
        ] as const,
    ),
  fc
    .integer({ min: requestLimits.componentsPerLevel - 2, max: requestLimits.componentsPerLevel + 2 })
    .map((width) => ['lookup', () => ({ ids: [id(0)], components: components(2, width) })] as const),
  // Depth: the body, `components`, then an object and a list per level.
  fc
    .integer({ min: maxJsonDepth / 2 - 3, max: maxJsonDepth / 2 + 2 })
    .map((levels) => ['lookup', () => ({ ids: [id(0)], components: components(levels) })] as const),
  // Values in all: silos blueprints, each with its ids. The body holds 2 + blueprints × (5 + ids) values
  // (the top, `blueprints`, and per blueprint itself, its two keys, its params' two and their ids): with
  // `over` 0 the most within the limit, with 1 just past it.
  fc
    .tuple(fc.integer({ min: 20, max: requestLimits.blueprints }), fc.constantFrom(0, 1))
    .map(([count, over]) => {
      const each = Math.floor((requestLimits.nodes - 2) / count) - 5 + over
      return [
        'silos',
        () => ({
          blueprints: Array.from({ length: count }, () => ({
            type: 'Content',
            params: { name: 'Picks', ids: ids(each) },
          })),
        }),
      ] as const
    }),
)

/** What a door makes of `make()`: the body, or the error's code, path and message. */
function outcome(read: () => { body: unknown }): unknown {
  try {
    return { body: read().body }
  } catch (error) {
    const { code, path, message } = error as { code: string; path: unknown; message: string }
    return { code, path, message }
  }
}

function walkPasses(body: unknown): boolean {
  try {
    checkRequestShape(body)
    return true
  } catch {
    return false
  }
}

/** Whether the endpoint's body rule takes `body` (the rules alone, with no walk before them). */
const ruleTakes = (endpoint: EndpointName, body: unknown): boolean =>
  checkBody(requestRules[endpoint], body) === undefined

describe('the request size limits', () => {
  it('the body rules refuse exactly the bodies the walk refuses, and fromOwnedJSON reports as fromJSON does', () => {
    fc.assert(
      fc.property(bodyNearLimit, ([endpoint, make]) => {
        const name = endpoint as EndpointName
        const within = walkPasses(make())
        // Every body here is valid but for its size (the total of values aside, which only the walk counts).
        if (name !== 'silos') expect(ruleTakes(name, make())).toBe(within)
        expect(outcome(() => fromOwnedJSON(name, make()))).toStrictEqual(
          outcome(() => fromJSON(name, make())),
        )
      }),
      { numRuns: 60 },
    )
  })

  it('the body rules accept a body at every limit, and refuse one past it', () => {
    expect(ruleTakes('lookup', { ids: ids(requestLimits.ids) })).toBe(true)
    expect(ruleTakes('lookup', { ids: ids(requestLimits.ids + 1) })).toBe(false)
    const deepest = maxJsonDepth / 2 - 1
    expect(ruleTakes('lookup', { ids: [id(0)], components: components(deepest) })).toBe(true)
    expect(ruleTakes('lookup', { ids: [id(0)], components: components(deepest + 1) })).toBe(false)
  })
})
