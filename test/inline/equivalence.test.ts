// Every query of the repository's .hql files, through hqlText, compiles to the request the function `hql generate`
// writes for it compiles to (the builder's), with the same parameter values. The literals hqlText reads
// (hql-texts.ts) are held to the files, and grammar-queries.ts to what `hql generate` writes today.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { compile, hqlText, parseQuery } from 'hql'
import { parseDocument } from '../../src/syntax'
import type { Query } from 'hql'
import { placeholder } from '../../src/text'
import type { ParamTypeName } from '../../src/text'
import { checkCatalog, generateModule, loadCatalog } from '../../src/catalog'
import * as catalog from '../../examples/catalog/queries'
import * as grammar from './grammar-queries'
import { catalogTexts, grammarTexts } from './hql-texts'
import { cardQueries, cardTexts, cards } from './cards'

const root = join(__dirname, '../..')

// Each definition's text in a folder's .hql files, by query name.
function definitionsIn(folder: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const file of readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.hql'))
    .sort()) {
    const text = readFileSync(join(root, folder, file), 'utf8')
    for (const definition of parseDocument(text).definitions)
      out[definition.name!.value] = text.slice(definition.start, definition.end)
  }
  return out
}

// Well-typed values for every declared parameter (defaults left to the text and to the generated code).
function paramsOf(text: string): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const param of parseDocument(text).definitions[0]!.params)
    if (param.defaultValue === undefined)
      params[param.variable.name] = placeholder(
        { name: param.type.name.value as ParamTypeName, list: param.type.list },
        param.variable.name,
      )
  return params
}

// A body without its empty nested component lists (`{ name, components: [] }` as `{ name }`).
function dropEmptyComponents<T>(body: T): T {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) =>
    key === 'components' && Array.isArray(value) && value.length === 0 ? undefined : value,
  ) as T
}

type Either = Query<unknown> | ((params: Record<string, unknown>) => Query<unknown>)
const queryOf = (made: unknown, params: Record<string, unknown>) =>
  typeof made === 'function'
    ? (made as (p: Record<string, unknown>) => Query<unknown>)(params)
    : (made as Query<unknown>)

describe.each([
  ['examples/catalog', catalogTexts, catalog as Record<string, unknown>],
  ['grammar/examples', grammarTexts, grammar as Record<string, unknown>],
])('%s', (folder, texts, generated) => {
  test('the literals are the files’ queries, every one', () => {
    expect(texts).toEqual(definitionsIn(folder))
  })

  test.each(Object.entries(texts))('%s compiles as the generated function does', (name, text) => {
    const params = paramsOf(text)
    const made = hqlText(text as never) as Either
    const read = queryOf(made, params)
    const built = queryOf(generated[name], params)
    // hqlText is parseQuery at run time: the same request, to the byte.
    expect(compile(read)).toEqual(compile(parseQuery(text, { params })))
    // And the builder's, but for `name {}`: the text sends its empty `components: []`, which the generated code
    // (`H.images`) leaves out, as the builder cannot write it (reported with issue 30; both mean "no nested").
    const withoutEmpty = text.includes('{}') ? dropEmptyComponents : <T>(body: T) => body
    expect(withoutEmpty(compile(read).body)).toEqual(compile(built).body)
    expect(compile(read).endpoint).toBe(compile(built).endpoint)
    // A query without parameters is the query itself, not a function.
    expect(typeof made === 'function').toBe(parseDocument(text).definitions[0]!.params.length > 0)
  })
})

test('grammar-queries.ts is what hql generate writes for grammar/examples', async () => {
  const loaded = await loadCatalog([join(root, 'grammar/examples')])
  const checked = checkCatalog(loaded)
  expect(readFileSync(join(__dirname, 'grammar-queries.ts'), 'utf8')).toBe(generateModule(checked.queries))
})

describe('texts given builder fragments (hqlText(text, cards))', () => {
  test.each(Object.keys(cardTexts) as (keyof typeof cardTexts)[])(
    '%s compiles as the builder with the fragments spread',
    (name) => {
      const text = cardTexts[name]
      const params = name === 'byContributor' ? { c: 'mhric-brad-pitt' } : {}
      const made = hqlText(text as never, cards) as Either
      const read = queryOf(made, params)
      expect(compile(read)).toEqual(compile(queryOf(cardQueries[name], params)))
      expect(compile(read)).toEqual(compile(parseQuery(text, { params, fragments: cards })))
    },
  )
})
