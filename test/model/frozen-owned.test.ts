// The frozen form of the owned fast path (parseOwnedRequestFast's and fromOwnedJSON's `frozen`): for a body whose
// owner froze every object of it already (text's lowering), it answers as the fast path does on the same body
// and freezes nothing a second time: a canonical part is kept as it is, a part it copies is frozen.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import type { EndpointName } from 'hql'
import { parseRequestFast } from '../../src/model'
import { parseOwnedRequestFast } from '../../src/model/request/fast-bodies'
import { anyQuery } from '../support/arbitraries'

/** A copy of `value` with every object and array in it frozen, as lowering hands its body over. */
function frozenCopy(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  const copy = Array.isArray(value)
    ? value.map(frozenCopy)
    : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, frozenCopy(item)]))
  return Object.freeze(copy)
}

/** The paths of the objects and arrays in `value` that are not frozen. */
function openParts(value: unknown, path = 'body'): string[] {
  if (value === null || typeof value !== 'object') return []
  const open = Object.isFrozen(value) ? [] : [path]
  for (const [key, item] of Object.entries(value)) open.push(...openParts(item, `${path}.${key}`))
  return open
}

/**
 * `parsed` is what the fast path makes of the same body: equal (key order too), and frozen wherever that is
 * (the owner's frozen parts the schema would not freeze, such as a blueprint's params, may stay frozen).
 */
function expectAsFast(parsed: unknown, fast: unknown): void {
  expect(parsed).toStrictEqual(fast)
  expect(JSON.stringify(parsed)).toBe(JSON.stringify(fast))
  const open = new Set(openParts(fast))
  expect(openParts(parsed).filter((path) => !open.has(path))).toStrictEqual([])
}

/** How many times `run` calls Object.freeze. */
function freezesIn(run: () => unknown): number {
  const freeze = Object.freeze
  let count = 0
  Object.freeze = <T>(value: T): T => {
    count++
    return freeze(value)
  }
  try {
    run()
  } finally {
    Object.freeze = freeze
  }
  return count
}

describe('the frozen form of the owned fast path', () => {
  it('returns a frozen canonical body as it is, freezing nothing', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const { endpoint, body } = compile(query)
        const name = endpoint.slice('/graph/'.length) as EndpointName
        const json = JSON.parse(JSON.stringify(body)) as unknown
        const owned = frozenCopy(json)
        let parsed: unknown
        expect(freezesIn(() => (parsed = parseOwnedRequestFast(name, owned, { frozen: true })))).toBe(0)
        expect(parsed).toBe(owned)
        expectAsFast(parsed, parseRequestFast(name, json))
      }),
      { numRuns: 200 },
    )
  })

  it('copies a part out of canonical order and freezes the copy, as the fast path does', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const { endpoint, body } = compile(query)
        const name = endpoint.slice('/graph/'.length) as EndpointName
        // Every object's keys reversed: the schema's order must be restored, in a copy.
        const reversed = JSON.parse(JSON.stringify(body), (_key, value: unknown) =>
          value !== null && typeof value === 'object' && !Array.isArray(value)
            ? Object.fromEntries(Object.entries(value).reverse())
            : value,
        ) as unknown
        const parsed = parseOwnedRequestFast(name, frozenCopy(reversed), { frozen: true })
        expectAsFast(parsed, parseRequestFast(name, reversed))
      }),
      { numRuns: 200 },
    )
  })
})
