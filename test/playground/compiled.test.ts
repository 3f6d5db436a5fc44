// The compiled view beside the playground's editor: the query at the cursor, compiled once per text and query
// (the editor asks on every cursor move).
import { describe, expect, it } from 'vitest'
import { compile, parseQuery } from 'hql'
import { compileText } from '../../src/playground/compiled'

const text = 'query a explore Movie page size 3\nquery b explore ShowSeries order by name asc\n'

describe('compileText', () => {
  it("compiles the query around the cursor, else the document's first", () => {
    const second = compileText(text, text.indexOf('ShowSeries'))
    expect(second).toMatchObject({ ok: true, name: 'b' })
    const { endpoint, body } = compile(parseQuery(text, { query: 'b' }))
    expect(second.ok && JSON.parse(second.json)).toEqual({ endpoint, body })
    expect(compileText(text, text.length + 5)).toMatchObject({ ok: true, name: 'a' })
  })

  it('answers a cursor move within the same query without compiling again', () => {
    const first = compileText(text, 2)
    expect(compileText(text, 10)).toBe(first)
    expect(compileText(text, text.indexOf('ShowSeries'))).not.toBe(first)
    expect(compileText(`${text} `, 2)).not.toBe(first)
  })

  it("gives a broken query's first error with its line and column", () => {
    const broken = compileText('query a explore Movie with nonsense')
    expect(broken.ok).toBe(false)
    expect(!broken.ok && broken.message).toMatch(/1:\d+/)
  })
})
