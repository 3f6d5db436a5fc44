import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { compile, fromJSON } from 'hql'
import { requestRules } from '../../src/schemas'
import { checkBody } from '../../src/model/request/rule'
import { anyQuery } from '../support/arbitraries'
import { permutation, recipe, shuffleKeys } from './recipes'

describe('laws of compile', () => {
  test('every query the builder can make compiles to JSON the request rules accept', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const { body } = compile(q)
        const issues = checkBody(requestRules[q.endpoint], JSON.parse(JSON.stringify(body)))
        expect(issues ?? []).toEqual([])
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

  test('the same query built independently, in any order of its calls or from its JSON, compiles to the same text', () => {
    fc.assert(
      fc.property(recipe, fc.nat(), fc.nat(), ({ start, calls }, order, keySeed) => {
        const inOrder = calls.reduce((q, call) => call(q), start())
        const reordered = permutation(calls, order).reduce((q, call) => call(q), start())
        const text = JSON.stringify(compile(inOrder))
        expect(JSON.stringify(compile(reordered))).toBe(text)
        const json = shuffleKeys(JSON.parse(JSON.stringify(compile(inOrder).body)), keySeed)
        expect(JSON.stringify(compile(fromJSON(inOrder.endpoint, json)))).toBe(text)
      }),
      { numRuns: 300 },
    )
  })
})
