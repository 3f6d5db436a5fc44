import { readFile, readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import { parseDocument, parseQuery, printDocument } from '../../src/text'
import { checkCatalog, loadCatalog } from '../../src/catalog'

describe('the grammar examples', () => {
  it('each parse, resolve and are in canonical form', async () => {
    const files = (await readdir('grammar/examples')).filter((name) => name.endsWith('.hql'))
    let queries = 0
    for (const file of files) {
      const text = await readFile(`grammar/examples/${file}`, 'utf8')
      const document = parseDocument(text, file)
      expect(printDocument(document), file).toBe(text)
      for (const definition of document.definitions) {
        const query = parseQuery(text, {
          source: file,
          query: definition.name?.value ?? '',
          placeholders: true,
        })
        expect(compile(query).endpoint).toMatch(/^\/graph\/(explore|relate|lookup|silos)$/)
        queries++
      }
    }
    expect(queries).toBe(7)
  })

  it('compile to the pinned request JSON, with stand-ins for parameters without a default', async () => {
    // Reviewed by hand against docs/text.md's table of elements; a change here is a change of the language.
    const expected = JSON.parse(await readFile('test/text/grammar-examples.expected.json', 'utf8')) as Record<
      string,
      unknown
    >
    const actual: Record<string, unknown> = {}
    for (const file of (await readdir('grammar/examples')).filter((name) => name.endsWith('.hql'))) {
      const text = await readFile(`grammar/examples/${file}`, 'utf8')
      for (const definition of parseDocument(text, file).definitions) {
        const name = definition.name?.value ?? ''
        actual[`${file}#${name}`] = compile(
          parseQuery(text, { source: file, query: name, placeholders: true }),
        )
      }
    }
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).sort())
    for (const [key, request] of Object.entries(expected)) {
      expect(actual[key], key).toEqual(request)
      // compile's key order is part of the pinned form (fixtures and snapshots are compared as text).
      expect(JSON.stringify(actual[key]), key).toBe(JSON.stringify(request))
    }
  })

  it('form a catalog with no problems', async () => {
    const { errors } = checkCatalog(await loadCatalog(['grammar/examples']))
    expect(errors.map((error) => error.message)).toEqual([])
  })
})
