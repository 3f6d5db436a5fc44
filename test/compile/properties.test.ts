import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { compile, fromJSON, requestSchemas } from 'hql'
import { anyQuery } from '../support/arbitraries'

describe('laws of compile', () => {
  test('every query the builder can make compiles to JSON the request schema accepts', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { body } = compile(q)
        const result = requestSchemas[q.endpoint].safeParse(JSON.parse(JSON.stringify(body)))
        expect(result.error?.issues ?? []).toEqual([])
      }),
      { numRuns: 400 },
    )
  })

  test('compile(fromJSON(endpoint, compile(q).body)) equals compile(q), key order included', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const compiled = compile(q)
        const again = compile(fromJSON(q.endpoint, JSON.parse(JSON.stringify(compiled.body))))
        expect(JSON.stringify(again)).toBe(JSON.stringify(compiled))
      }),
      { numRuns: 400 },
    )
  })

  test('compile is deterministic', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        expect(JSON.stringify(compile(q))).toBe(JSON.stringify(compile(q)))
      }),
      { numRuns: 100 },
    )
  })
})
