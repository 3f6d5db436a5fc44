// Where a runtime refuses to evaluate strings (Node's --disallow-code-generation-from-strings, an edge runtime, a
// worker under a Content-Security-Policy without 'unsafe-eval'), `new Function` throws an EvalError: fromJSON
// must still check every body, by the closures (src/model/request/fast-generate.ts falls back to
// fast-parse.ts), with the same results as the generated code. A file of its own: each endpoint's compiled form
// is made once per module, at its first use, and this module's copy must first be used with eval refused.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import * as generated from '../../src'
import { anyQuery } from '../support/arbitraries'

type Package = typeof generated

const endpoints = ['explore', 'relate', 'silos', 'lookup'] as const

/** What fromJSON makes of `json`: the compiled body, or the error's code, path and message. */
function outcome(hql: Package, endpoint: (typeof endpoints)[number], json: unknown): unknown {
  try {
    return { body: hql.fromJSON(endpoint, json).body }
  } catch (error) {
    // Each copy of the package has its own HqlError class.
    if (!(error instanceof hql.HqlError)) throw error
    return { code: error.code, path: error.path, message: error.message }
  }
}

describe('fromJSON where strings cannot be evaluated', () => {
  const realFunction = globalThis.Function
  let refusedEvaluations = 0
  let closures: Package

  beforeAll(async () => {
    vi.resetModules()
    // A fresh copy of the package, imported while eval still works (the test runner's loader may use it)…
    closures = await import('../../src')
    // …then every `new Function` refused, as such a runtime refuses it, before that copy's first fromJSON.
    globalThis.Function = new Proxy(realFunction, {
      construct() {
        refusedEvaluations++
        throw new EvalError('Code generation from strings disallowed for this context')
      },
    })
  })
  afterAll(() => {
    globalThis.Function = realFunction
  })

  it('checks bodies by the closures, and tried code generation first', () => {
    const body = { filters: { returnType: { $eq: 'Movie' } }, components: [{ name: 'primaryImage' }] }
    expect(closures.fromJSON('explore', body).body).toEqual(body)
    expect(refusedEvaluations).toBeGreaterThan(0)
  })

  it('gives what the generated code gives, on valid and broken bodies', () => {
    const mutations = fc.oneof(
      fc.constant((json: Record<string, unknown>) => json),
      fc.constant((json: Record<string, unknown>) => ({ ...json, pageSize: 0 })),
      fc.constant((json: Record<string, unknown>) => ({ ...json, filters: { returnType: { $eq: 'Song' } } })),
      fc.constant((json: Record<string, unknown>) => ({ ...json, ids: ['mhmov'] })),
      fc.constant((json: Record<string, unknown>) => ({ ...json, extra: true })),
    )
    fc.assert(
      fc.property(anyQuery, mutations, (query, mutate) => {
        const json = mutate(JSON.parse(JSON.stringify(query.body)) as Record<string, unknown>)
        expect(outcome(closures, query.endpoint, json)).toStrictEqual(
          outcome(generated, query.endpoint, json),
        )
      }),
      { numRuns: 300 },
    )
  })
})
