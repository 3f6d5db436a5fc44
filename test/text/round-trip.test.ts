import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compile, fromJSON } from 'hql'
import { parseDocument, parseQuery, printDocument, printQuery } from '../../src/text'
import { requestArbitrary } from './arbitraries'

describe('printing and parsing queries', () => {
  it('parseQuery(printQuery(q)) compiles to the same JSON as q', () => {
    fc.assert(
      fc.property(requestArbitrary, ({ endpoint, body }) => {
        const query = fromJSON(endpoint, body)
        const text = printQuery(query)
        expect(compile(parseQuery(text))).toEqual(compile(query))
      }),
      { numRuns: 500 },
    )
  })

  it('printing parsed canonical text gives the same text', () => {
    fc.assert(
      fc.property(requestArbitrary, ({ endpoint, body }) => {
        const text = printQuery(fromJSON(endpoint, body)) + '\n'
        expect(printDocument(parseDocument(text))).toBe(text)
      }),
      { numRuns: 300 },
    )
  })

  it('every request fromJSON accepts, older forms included, prints and parses back to the same JSON', () => {
    const older = requestArbitrary.map(({ endpoint, body }) => ({ endpoint, body: olderForms(body) }))
    fc.assert(
      fc.property(older, ({ endpoint, body }) => {
        const expected = compile(fromJSON(endpoint, body))
        expect(compile(parseQuery(printQuery(fromJSON(endpoint, body))))).toEqual(expected)
      }),
      { numRuns: 300 },
    )
  })
})

// The forms fromJSON upgrades: string components and factors, `boostOnly: "true"`, `source`, lowercase types.
function olderForms(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body }
  if (Array.isArray(out.components))
    out.components = out.components.map((c: { name: string; pageSize?: number; components?: unknown }) =>
      c.pageSize === undefined && c.components === undefined ? c.name : c,
    )
  if (Array.isArray(out.factors))
    out.factors = out.factors.map((f: { id: string; weight?: number; boostOnly?: boolean }) =>
      f.weight === undefined && f.boostOnly === undefined
        ? f.id
        : f.boostOnly === true
          ? { ...f, boostOnly: 'true' }
          : f,
    )
  const filters = out.filters as Record<string, unknown> | undefined
  if (filters) {
    const next: Record<string, unknown> = { ...filters }
    if (next.sources !== undefined) {
      next.source = next.sources
      delete next.sources
    }
    const returnType = next.returnType as { $eq?: string } | undefined
    if (returnType?.$eq) next.returnType = { $eq: returnType.$eq.toLowerCase() }
    out.filters = next
  }
  return out
}
