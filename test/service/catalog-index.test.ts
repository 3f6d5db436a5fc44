import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogIndexText } from '../../scripts/catalog-index-text'
import { deriveCatalogIndex } from '../../src/service/catalog/build'
import { CATALOG_INDEX_FILE } from '../../src/service/catalog/catalog-index'
import { catalogDigest, defaultCatalogDir, readCatalogFolder } from '../../src/service/catalog/load'
import { graphFor } from '../../src/service/graph/shared-graph'
import { graphFingerprint } from './graph-dump'

// The shipped catalog carries what its files alone decide (src/service/catalog/catalog-index.ts): used only when
// made from the very files beside it, and the graph is the same with it or without it.
describe('the catalog index', () => {
  const dir = defaultCatalogDir()
  const scratch = mkdtempSync(join(tmpdir(), 'hql-catalog-index-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const copy = (name: string): string => {
    const to = join(scratch, name)
    cpSync(dir, to, { recursive: true })
    return to
  }
  const files = (folder: string): Buffer[] =>
    ['movies.json', 'series.json', 'series-episodes.json'].map((f) => readFileSync(join(folder, f)))

  it('is current: what scripts/write-catalog-index.ts writes for the shipped catalog', () => {
    expect(
      readFileSync(join(dir, CATALOG_INDEX_FILE), 'utf8'),
      'run `npx tsx scripts/write-catalog-index.ts` and commit the result',
    ).toBe(catalogIndexText(dir))
  })

  it('is read for the shipped catalog, and is what deriving it gives', () => {
    const { raw, index } = readCatalogFolder(dir)
    expect(index).toBeDefined()
    expect(index).toEqual(JSON.parse(JSON.stringify(deriveCatalogIndex(raw, catalogDigest(files(dir))))))
    expect(index?.editorial.length).toBeGreaterThan(30)
    expect(index?.offers.reduce((n, [, places]) => n + places.length, 0)).toBeGreaterThan(5000)
  })

  it('is ignored for other files, or when malformed, and the graph is the same without it', () => {
    const users = [{ username: 'demo', name: 'Demo User', password: 'x' }]
    const shipped = graphFingerprint(graphFor(undefined, users).graph)
    // The same series with one more space: another digest, so the index is not used.
    const other = copy('other')
    writeFileSync(join(other, 'series.json'), `${readFileSync(join(other, 'series.json'), 'utf8')} `)
    expect(readCatalogFolder(other).index).toBeUndefined()
    expect(graphFingerprint(graphFor(other, users).graph)).toBe(shipped)
    const broken = copy('broken')
    const index = JSON.parse(readFileSync(join(broken, CATALOG_INDEX_FILE), 'utf8'))
    const write = (json: unknown): void =>
      writeFileSync(join(broken, CATALOG_INDEX_FILE), JSON.stringify(json))
    // A spelling naming no person; a collection's item beyond the titles; one naming a later collection;
    for (const bad of [
      { ...index, spellings: [['x', index.people.length]] },
      { ...index, editorial: [['k', 'n', 'd', 'media', [99_999]]] },
      { ...index, editorial: [['k', 'n', 'd', 'editorial', [0]]] },
      // A source's titles out of order; sources out of order.
      {
        ...index,
        offers: index.offers.map(([k, p, i]: [string, number[], string[]]) => [k, [...p].reverse(), i]),
      },
      { ...index, offers: [...index.offers].reverse() },
      // One title short; a title's popularity as text.
      { ...index, titles: index.titles.slice(1) },
      { ...index, titles: [['m', 'a', '0.5', null], ...index.titles.slice(1)] },
    ]) {
      write(bad)
      expect(readCatalogFolder(broken).index).toBeUndefined()
    }
    write(index)
    expect(readCatalogFolder(broken).index).toBeDefined()
    writeFileSync(join(broken, CATALOG_INDEX_FILE), '{ not json')
    expect(readCatalogFolder(broken).index).toBeUndefined()
    rmSync(join(broken, CATALOG_INDEX_FILE))
    expect(readCatalogFolder(broken).index).toBeUndefined()
    expect(graphFingerprint(graphFor(broken, users).graph)).toBe(shipped)
  }, 120_000)
})
