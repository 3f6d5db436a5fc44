import { describe, expect, it } from 'vitest'
import * as c from '../../src/model/check/kit'

// The checker kit the client validates responses with, tested directly.

describe('the checker kit', () => {
  const pair = c.object({
    name: c.string,
    rank: c.optional(c.int),
    tags: c.array(c.oneOf(['a', 'b'] as const)),
    next: c.nullable(c.object({ page: c.int })),
  })

  it('passes a valid value through as it is, fields it does not know included', () => {
    const value = { name: 'x', tags: ['a'], next: null, extra: true }
    const result = pair.safeParse(value)
    expect(result.success).toBe(true)
    if (result.success) expect(result.data).toBe(value)
  })

  it('gives each issue its own path, however deep, at siblings and from custom checkers (paths are a stack)', () => {
    const positive = c.custom<number>((value, path, issues) => {
      if (typeof value !== 'number' || value <= 0) c.report(issues, path, 'expected a positive number')
    })
    const nested = c.record(c.array(c.object({ n: positive, m: c.optional(c.string) })))
    const value = { a: [{ n: 1 }, { n: -1, m: 2 }], b: [{ n: 0 }], 'c d': 'x' }
    const expected = [
      { path: ['a', 1, 'n'], message: 'expected a positive number' },
      { path: ['a', 1, 'm'], message: 'expected a string, got number' },
      { path: ['b', 0, 'n'], message: 'expected a positive number' },
      { path: ['c d'], message: 'expected an array, got string' },
    ]
    // Twice: a checker that left the stack changed would shift the second run's paths.
    for (let run = 0; run < 2; run++) {
      const result = nested.safeParse(value)
      expect(result.success ? [] : result.error.issues).toEqual(expected)
    }
  })

  it('collects every issue, each with its path', () => {
    const result = pair.safeParse({ rank: 1.5, tags: ['a', 'c'], next: { page: '2' } })
    expect(result.success).toBe(false)
    if (!result.success)
      expect(result.error.issues).toEqual([
        { path: ['name'], message: 'expected a value, got nothing' },
        { path: ['rank'], message: 'expected an integer, got number' },
        { path: ['tags', 1], message: 'expected one of a, b, got string' },
        { path: ['next', 'page'], message: 'expected an integer, got string' },
      ])
  })

  it('tells arrays, null and objects apart', () => {
    const issues = (checker: c.Checker<unknown>, value: unknown) => {
      const result = checker.safeParse(value)
      return result.success ? [] : result.error.issues.map((issue) => issue.message)
    }
    expect(issues(c.object({}), [])).toEqual(['expected an object, got an array'])
    expect(issues(c.array(c.unknown), null)).toEqual(['expected an array, got null'])
    expect(issues(c.record(c.number), { a: 1, b: Number.POSITIVE_INFINITY })).toEqual([
      'expected a number, got number',
    ])
    expect(issues(c.boolean, 'true')).toEqual(['expected true or false, got string'])
  })

  it('checks recursive shapes through lazy, and hand-written rules through custom', () => {
    type Tree = { readonly children: readonly Tree[] }
    const tree: c.Checker<Tree> = c.lazy(() => c.object({ children: c.array(tree) }))
    expect(tree.safeParse({ children: [{ children: [] }] }).success).toBe(true)
    expect(tree.safeParse({ children: [{ children: [1] }] }).success).toBe(false)
    const even = c.custom<number>((value, path, issues) => {
      if (typeof value !== 'number' || value % 2 !== 0)
        issues.push({ path, message: 'expected an even number' })
    })
    expect(even.safeParse(3).success).toBe(false)
    expect(even.safeParse(4).success).toBe(true)
  })

  it('isObject is true for plain objects only', () => {
    expect(c.isObject({})).toBe(true)
    expect(c.isObject([])).toBe(false)
    expect(c.isObject(null)).toBe(false)
  })
})
