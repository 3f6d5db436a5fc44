import { describe, expect, test } from 'vitest'
import { HqlError, HqlTextError, hql, hqlText, parseQuery, printQuery } from 'hql'
import { makeSource, parseDocument, parseDocumentCollecting, resolveDefinition } from '../../src/text'
import { caught } from '../support/caught'

// What JavaScript callers can pass that the types would refuse: the answer is always a typed error.
const thrown = (run: () => unknown): HqlError => caught(run)

describe('parseQuery and printQuery at their boundary', () => {
  test('text that is not a string, and params that are not an object, get HqlError', () => {
    const noText = thrown(() => parseQuery(undefined as never))
    expect(noText).toBeInstanceOf(HqlError)
    expect(noText).toMatchObject({ code: 'invalid_argument' })
    const badParams = thrown(() => parseQuery('explore Movie', { params: 'abc' as never }))
    expect(badParams).toMatchObject({ code: 'invalid_argument', path: ['params'] })
  })

  test('options that are not an object, and a query or source name that is not a string, get invalid_argument at their path', () => {
    // Each was a TypeError: destructuring null, stringifying an object without a prototype or a symbol.
    const cases: [() => unknown, readonly string[], string][] = [
      [
        () => parseQuery('explore Movie', null as never),
        [],
        'parseQuery expects its options as an object, got null',
      ],
      [
        () => printQuery(hql.explore(), null as never),
        [],
        'printQuery expects its options as an object, got null',
      ],
      [
        () => parseQuery('query a explore Movie', { query: Object.create(null) as never }),
        ['query'],
        'parseQuery expects query as a string, got an object',
      ],
      [
        () => parseQuery('explore Movei', { source: Symbol('file') as never }),
        ['source'],
        'parseQuery expects source as a string, got Symbol(file)',
      ],
      [() => hqlText(undefined as never), [], 'hqlText expects the query text as a string, got undefined'],
      [() => hqlText(5 as never), [], 'hqlText expects the query text as a string, got number'],
    ]
    for (const [run, path, reason] of cases) {
      const error = thrown(run)
      expect(error).toBeInstanceOf(HqlError)
      expect(error).toMatchObject({ code: 'invalid_argument', path, reason })
    }
  })

  test('an option neither reads (a misspelt params, a name for the printer) is invalid_argument at its key, naming those it takes', () => {
    // Each was accepted, and the option silently did nothing: `paramz` left $contributor to its default.
    const text =
      'query q($contributor: ContributorId = "mhric-brad-pitt") explore Movie where contributors = $contributor'
    const cases: [() => unknown, string, string][] = [
      [
        () => parseQuery(text, { paramz: { contributor: 'mhric-tom-hanks' } } as never),
        'paramz',
        'parseQuery',
      ],
      [() => parseQuery(text, { query: 'q', Source: 'file.hql' } as never), 'Source', 'parseQuery'],
      [() => printQuery(hql.explore(), { nam: 'q' } as never), 'nam', 'printQuery'],
      [() => printQuery(hql.explore(), { indent: 4 } as never), 'indent', 'printQuery'],
    ]
    for (const [run, key, of] of cases) {
      const error = thrown(run)
      expect(error).toMatchObject({ code: 'invalid_argument', path: [key] })
      expect(error.message).toContain(`${of} takes no option "${key}"`)
    }
    // resolveDefinition (hql/syntax) is held to its own two, params and placeholders.
    const definition = parseDocument(text).definitions[0]!
    const wide = thrown(() => resolveDefinition(makeSource(text), definition, { query: 'q' } as never))
    expect(wide).toMatchObject({ code: 'invalid_argument', path: ['query'] })
    expect(resolveDefinition(makeSource(text), definition, { params: {}, placeholders: true }).ok).toBe(true)
    // Every option each reads is still taken.
    const query = parseQuery(text, {
      query: 'q',
      source: 'file.hql',
      params: { contributor: 'mhric-tom-hanks' },
      placeholders: false,
      fragments: {},
    })
    expect(printQuery(query, { name: 'q' })).toContain('mhric-tom-hanks')
  })

  test('a parameter value without a prototype is described, not stringified into a TypeError', () => {
    const error = thrown(() =>
      parseQuery('query q($s: String) silos silo Explore(name: $s)', { params: { s: Object.create(null) } }),
    )
    expect(error).toBeInstanceOf(HqlTextError)
    expect((error as HqlTextError).message).toContain('got an object')
  })

  test('printQuery refuses a name the parser would not read back', () => {
    const error = thrown(() => printQuery(hql.explore(), { name: 'my query' }))
    expect(error).toMatchObject({ code: 'invalid_name', path: ['name'] })
    expect(printQuery(hql.explore(), { name: 'my_query' }).startsWith('query my_query')).toBe(true)
  })

  test('text with several queries and no choice says how to choose, in the API and the CLI', () => {
    const error = thrown(() => parseQuery('query a explore Movie\nquery b explore ShowSeries'))
    expect(error).toMatchObject({ code: 'ambiguous_query' })
    expect((error as Error).message).toContain('--query')
  })
})

describe('parseDocument at its boundary', () => {
  test('text that is not a string, and a sourceName that is not a string, get invalid_argument', () => {
    // Each was a TypeError from inside the scanner (reading `length` of undefined).
    for (const text of [undefined, null, 5, {}])
      expect(thrown(() => parseDocument(text as never))).toMatchObject({
        code: 'invalid_argument',
        path: [],
      })
    expect(thrown(() => parseDocumentCollecting('explore Movie', Symbol('x') as never))).toMatchObject({
      code: 'invalid_argument',
      path: ['sourceName'],
      message: '$.sourceName: parseDocument expects sourceName as a string, got Symbol(x)',
    })
    expect(parseDocumentCollecting('explore Movie', 'movies.hql').errors).toEqual([])
  })
})
