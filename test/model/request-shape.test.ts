import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import {
  HqlError,
  checkLimit,
  checkJsonDepth,
  checkRequestShape,
  listLimitAt,
  maxJsonDepth,
  pathDeeperThan,
  requestLimits,
} from '../../src/model'
import { caught } from '../support/caught'

// The guard fromJSON runs before anything else, and the one helper every door shares for the list limits.

describe('checkRequestShape', () => {
  it('counts every JSON value: exactly requestLimits.nodes pass, one more is refused', () => {
    // The array and its items: 1 + (nodes - 1) values.
    expect(() => checkRequestShape(Array(requestLimits.nodes - 1).fill(0))).not.toThrow()
    expect(caught(() => checkRequestShape(Array(requestLimits.nodes).fill(0))).code).toBe('too_many_nodes')
    // Keys count as the values they hold, objects and arrays as one each.
    const wide = Object.fromEntries(Array.from({ length: requestLimits.nodes }, (_, i) => [`k${i}`, {}]))
    const error = caught(() => checkRequestShape(wide))
    expect([error.code, error.path]).toEqual(['too_many_nodes', [`k${requestLimits.nodes - 1}`]])
  })

  it('refuses an own __proto__ key at any depth, in arrays too, with its path', () => {
    const body = JSON.parse('{"a":[{"b":{"__proto__":{"x":1}}}]}') as unknown
    const error = caught(() => checkRequestShape(body))
    expect([error.code, error.path]).toEqual(['unknown_key', ['a', 0, 'b', '__proto__']])
    // Other prototype names are keys like any other here: the schema refuses them as unknown keys.
    expect(() => checkRequestShape(JSON.parse('{"constructor":{"prototype":1}}'))).not.toThrow()
  })

  it('refuses a cycle as too deep, without overflowing the stack', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = [cycle]
    const error = caught(() => checkRequestShape(cycle))
    expect(error.code).toBe('too_deep')
    expect(error.path).toHaveLength(maxJsonDepth)
  })

  it('names the list over its limit, before reading its items', () => {
    const items = new Proxy([] as unknown[], {
      get: (target, key) => (key === 'length' ? 5000 : Reflect.get(target, key)),
    })
    const error = caught(() => checkRequestShape({ filters: { traits: { $in: items } } }))
    expect([error.code, error.path]).toEqual(['too_many_values', ['filters', 'traits', '$in']])
  })
})

describe('checkJsonDepth and pathDeeperThan: depth alone', () => {
  const nest = (levels: number): unknown => JSON.parse(`${'[{"a":'.repeat(levels)}0${'}]'.repeat(levels)}`)

  it('refuses only depth: sizes and keys the request limits refuse pass', () => {
    expect(() => checkJsonDepth(Array(requestLimits.nodes * 2).fill(0))).not.toThrow()
    expect(() => checkJsonDepth(JSON.parse('{"__proto__":{"x":1}}'))).not.toThrow()
    expect(() => checkJsonDepth({ ids: Array(requestLimits.ids + 1).fill('mhmov-a') })).not.toThrow()
    // 24 arrays and 24 objects: levels 0..47 pass; one more level is refused at its path.
    expect(() => checkJsonDepth(nest(24))).not.toThrow()
    const error = caught(() => checkJsonDepth([nest(24)]))
    expect([error.code, error.path.length]).toEqual(['too_deep', maxJsonDepth])
    expect(error.message).toContain(`nests more than ${maxJsonDepth} levels deep`)
  })

  it('takes its own limit, and walks 100,000 levels without overflowing the stack', () => {
    expect(pathDeeperThan(nest(2), 4)).toBeUndefined()
    expect(pathDeeperThan(nest(2), 3)).toEqual([0, 'a', 0])
    expect(pathDeeperThan(0, 0)).toBeUndefined()
    expect(pathDeeperThan({}, 0)).toEqual([])
    expect(pathDeeperThan(nest(50_000), 200)).toHaveLength(200)
    expect(caught(() => checkJsonDepth(nest(50_000), 10)).path).toHaveLength(10)
  })
})

describe('checkLimit and listLimitAt', () => {
  it('one code per limit, the list path, and the limit in the message', () => {
    const codes = (['ids', 'factors', 'blueprints', 'values', 'componentsPerLevel', 'nodes'] as const).map(
      (name) => caught(() => checkLimit(name, requestLimits[name] + 1, ['x'])).code,
    )
    expect(codes).toEqual([
      'too_many_ids',
      'too_many_factors',
      'too_many_blueprints',
      'too_many_values',
      'too_many_components',
      'too_many_nodes',
    ])
    const error = caught(() => checkLimit('componentsPerLevel', 33, ['components']))
    expect(error.message).toBe('$.components: too many components (33); the limit is 32')
    expect(() => checkLimit('ids', requestLimits.ids, ['ids'])).not.toThrow()
    expect(caught(() => checkLimit('ids', 0, undefined, 1))).toMatchObject({
      code: 'invalid_request',
      path: ['ids'],
      message: '$.ids: expected at least one id',
    })
    expect(caught(() => checkLimit('ids', 1001))).toBeInstanceOf(HqlError)
  })

  it('knows the lists by their key, and nothing else', () => {
    expect(['ids', 'factors', 'blueprints', '$in', '$all', '$or', 'components'].map(listLimitAt)).toEqual([
      'ids',
      'factors',
      'blueprints',
      'values',
      'values',
      'values',
      'componentsPerLevel',
    ])
    expect(['sort', 'positions', '__proto__', 'constructor', 0].map(listLimitAt)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
  })
})

// The walk that passes a body (recursive, bounded by maxJsonDepth) and the walk that reports (iterative, with
// paths) must agree with the limits as written here, on bodies near each of them.
describe('checkRequestShape against the limits as written', () => {
  const outOfBounds = (value: unknown): boolean => {
    let nodes = 0
    const visit = (node: unknown, depth: number, key: string | number): boolean => {
      nodes++
      if (node === null || typeof node !== 'object') return false
      if (depth > maxJsonDepth) return true
      if (Array.isArray(node)) {
        const limit = typeof key === 'string' ? listLimitAt(key) : undefined
        if (limit !== undefined && node.length > requestLimits[limit]) return true
        return node.some((item, index) => visit(item, depth + 1, index))
      }
      return Object.keys(node).some(
        (name) => name === '__proto__' || visit((node as Record<string, unknown>)[name], depth + 1, name),
      )
    }
    return visit(value, 1, '') || nodes > requestLimits.nodes
  }
  const nest = (depth: number, inner: unknown, lists: boolean): unknown => {
    let value = inner
    for (let level = 0; level < depth; level++) value = lists && level % 2 === 0 ? [value] : { n: value }
    return value
  }
  const body = fc.oneof(
    fc
      .tuple(fc.integer({ min: 40, max: 52 }), fc.boolean())
      .map(([depth, lists]) => ({ filters: nest(depth, 1, lists) })),
    fc
      .tuple(fc.constantFrom('ids', 'factors', 'blueprints', 'other'), fc.integer({ min: 0, max: 1002 }))
      .map(([key, length]) => ({ [key]: Array.from({ length }, (_, index) => index) })),
    fc
      .integer({ min: 19_990, max: 20_010 })
      .map((count) => ({ a: Array.from({ length: count - 4 }, () => 0), b: [1] })),
    fc.constant(JSON.parse('{"a":{"b":[{"__proto__":1}]}}') as unknown),
  )

  it('passes exactly the bodies within every limit', () => {
    fc.assert(
      fc.property(body, (value) => {
        let threw = false
        try {
          checkRequestShape(value)
        } catch (error) {
          expect(error).toBeInstanceOf(HqlError)
          threw = true
        }
        expect(threw).toBe(outOfBounds(value))
      }),
      { numRuns: 300 },
    )
  })
})
