// Text's lowering freezes the body as it makes it, and hands out one frozen object for a part many queries
// repeat (a return type, a sort key, a bare component); the model then freezes nothing a second time
// (fromOwnedJSON's frozen form). Every part must still be frozen where a query from JSON has it frozen,
// whatever the query: a part lowering forgot would stay open in the query.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, fromJSON } from 'hql'
import type { EndpointName } from 'hql'
import { parseQuery, printQuery } from '../../src/text'
import { anyQuery } from '../support/arbitraries'

/** `value` with what `toStrictEqual` does not see written out: where it is frozen. */
function frozenWhere(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value
  const entries = Object.entries(value).map(([key, item]) => [key, frozenWhere(item)])
  return { frozen: Object.isFrozen(value), entries }
}

/** The paths of the objects and arrays in `value` that are not frozen. */
function openParts(value: unknown, path = 'body'): string[] {
  if (value === null || typeof value !== 'object') return []
  const open = Object.isFrozen(value) ? [] : [path]
  for (const [key, item] of Object.entries(value)) open.push(...openParts(item, `${path}.${key}`))
  return open
}

/** The parts of a body these tests look at. */
interface Parts {
  readonly filters: Readonly<Record<string, unknown>>
  readonly sort: readonly unknown[]
  readonly components: readonly { readonly components: readonly unknown[] }[]
}
const bodyOf = (text: string, params?: Record<string, unknown>) =>
  compile(parseQuery(text, params === undefined ? {} : { params })).body as unknown as Parts

describe('the body text lowers', () => {
  it('is frozen where the body from JSON is, for any query the builder makes, printed and read back', () => {
    fc.assert(
      fc.property(anyQuery, (query) => {
        const { endpoint, body } = compile(query)
        const name = endpoint.slice('/graph/'.length) as EndpointName
        const fromText = compile(parseQuery(printQuery(query))).body
        const fromJson = compile(fromJSON(name, JSON.parse(JSON.stringify(body)))).body
        expect(frozenWhere(fromText)).toStrictEqual(frozenWhere(fromJson))
        expect(fromText).toStrictEqual(body)
      }),
      { numRuns: 300 },
    )
  })

  it('is frozen throughout where parameters, defaults and or-branches fill it', () => {
    const text = `query q($ids: [SourceId], $size: Int = 5, $people: [ContributorId])
      explore Movie where (sources in $ids or sources = "mhsrc-x") and contributors in ["mhric-a", $people]
      with keyContributors size $size { primaryImage }`
    const body = bodyOf(text, { ids: ['mhsrc-itunes'], people: ['mhric-b'] })
    expect(openParts(body)).toStrictEqual([])
  })

  it('shares one frozen object for a return type, a lone sort key and a bare component', () => {
    const text = 'explore Movie order by releaseDate desc with primaryImage, keyContributors { primaryImage }'
    const [first, second] = [bodyOf(text), bodyOf(text)]
    expect(first.filters).not.toBe(second.filters)
    expect(first.filters.returnType).toBe(second.filters.returnType)
    expect(first.sort).toBe(second.sort)
    expect(first.components).not.toBe(second.components)
    expect(first.components[0]).toBe(second.components[0])
    expect(first.components[1]?.components[0]).toBe(first.components[0])
  })

  it('makes its own object where a part holds more than names: ids, a page, nested components', () => {
    const text = 'explore Movie order by idsOrder ["mhmov-a"], name with keyContributors at page 2'
    const [first, second] = [bodyOf(text), bodyOf(text)]
    expect(first.sort).not.toBe(second.sort)
    expect(first.sort[0]).not.toBe(second.sort[0])
    // A shared sort key may stand in a longer list.
    expect(first.sort[1]).toBe(second.sort[1])
    expect(first.components[0]).not.toBe(second.components[0])
    expect(first.components[0]).toStrictEqual({ name: 'keyContributors', page: 2 })
  })
})
