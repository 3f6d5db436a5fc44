// The owned form of the fast path (text's lowered body) counts the request size limits as it checks, so that
// fromOwnedJSON skips request-shape.ts's walk: held here to that walk on bodies just within and just past
// every limit (depth, each list's limit, total values), with the generated code and with the closures.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { EndpointName } from 'hql'
import { fromJSON, fromOwnedJSON } from '../../src/compile'
import { checkRequestShape } from '../../src/model/request-shape'
import { parseOwnedRequestFast } from '../../src/model/request/fast-bodies'
import { requestLimits } from '../../src/model/limits'
import { maxJsonDepth } from '../../src/model/rules'

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

describe('the owned fast path counts the request size limits', () => {
  it('refuses exactly the bodies the walk refuses, and fromOwnedJSON reports as fromJSON does', () => {
    fc.assert(
      fc.property(bodyNearLimit, ([endpoint, make]) => {
        const name = endpoint as EndpointName
        const within = walkPasses(make())
        const owned = parseOwnedRequestFast(name, make())
        // Every body here is valid but for its size: the fast path takes it exactly when the walk does.
        expect(owned !== undefined).toBe(within)
        expect(outcome(() => fromOwnedJSON(name, make()))).toStrictEqual(
          outcome(() => fromJSON(name, make())),
        )
      }),
      { numRuns: 60 },
    )
  })

  it('accepts a body at every limit, and refuses one past it', () => {
    expect(parseOwnedRequestFast('lookup', { ids: ids(requestLimits.ids) })).toBeDefined()
    expect(parseOwnedRequestFast('lookup', { ids: ids(requestLimits.ids + 1) })).toBeUndefined()
    const deepest = maxJsonDepth / 2 - 1
    expect(parseOwnedRequestFast('lookup', { ids: [id(0)], components: components(deepest) })).toBeDefined()
    expect(
      parseOwnedRequestFast('lookup', { ids: [id(0)], components: components(deepest + 1) }),
    ).toBeUndefined()
  })
})
