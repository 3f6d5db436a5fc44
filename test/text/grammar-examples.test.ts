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

  it('form a catalog with no problems', async () => {
    const { errors } = checkCatalog(await loadCatalog(['grammar/examples']))
    expect(errors.map((error) => error.message)).toEqual([])
  })
})
