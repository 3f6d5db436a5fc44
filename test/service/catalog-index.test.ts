import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { catalogIndexText } from '../../scripts/catalog-index-text'
import { deriveCatalogIndex } from '../../src/service/catalog/build'
import { CATALOG_INDEX_FILE, catalogIndexFrom } from '../../src/service/catalog/catalog-index'
import { defaultCatalogDir, readCatalogFolder } from '../../src/service/catalog/load'
import { graphFor } from '../../src/service/graph/shared-graph'
import { graphFingerprint, pinnedFingerprints } from './graph-dump'

// The shipped catalog carries what its files alone decide (src/service/catalog/catalog-index.ts): used only as the
// script wrote it for the very files beside it, and the graph is the same with it or without it.
describe('the catalog index', () => {
  const dir = defaultCatalogDir()
  const scratch = mkdtempSync(join(tmpdir(), 'hql-catalog-index-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const copy = (name: string): string => {
    const to = join(scratch, name)
    cpSync(dir, to, { recursive: true })
    return to
  }
  // One derivation (~0.7 s) for the two tests that compare against it.
  type Derived = ReturnType<typeof deriveCatalogIndex>
  let derived: Derived | undefined
  const derivation = (): Derived => (derived ??= deriveCatalogIndex(readCatalogFolder(dir).raw))

  it('is current: what scripts/write-catalog-index.ts writes for the shipped catalog', () => {
    expect(
      readFileSync(join(dir, CATALOG_INDEX_FILE), 'utf8'),
      'run `npx tsx scripts/write-catalog-index.ts` and commit the result',
    ).toBe(catalogIndexText(dir, derivation()))
  })

  it('is read for the shipped catalog, and is what deriving it gives', () => {
    const { index } = readCatalogFolder(dir)
    expect(index).toBeDefined()
    const { catalog: _seal, ...held } = index ?? { catalog: '' }
    expect(held).toEqual(JSON.parse(JSON.stringify(derivation())))
    expect(index?.editorial.length).toBeGreaterThan(30)
    expect(index?.offers.reduce((n, [, places]) => n + places.length, 0)).toBeGreaterThan(5000)
  })

  it('is ignored for other files, or when malformed, and the graph is the same without it', () => {
    const users = [{ username: 'demo', name: 'Demo User', password: 'x' }]
    // The shipped graph's, built with its index: startup-fingerprint.test.ts holds the build to the pin.
    const shipped = pinnedFingerprints.demoUser
    // The same series with one more space: another digest, so the index is not used.
    const other = copy('other')
    writeFileSync(join(other, 'series.json'), `${readFileSync(join(other, 'series.json'), 'utf8')} `)
    expect(readCatalogFolder(other).index).toBeUndefined()
    expect(graphFingerprint(graphFor(other, users).graph)).toBe(shipped)
    const broken = copy('broken')
    const text = readFileSync(join(broken, CATALOG_INDEX_FILE), 'utf8')
    const sealed = (edited: string): boolean => {
      writeFileSync(join(broken, CATALOG_INDEX_FILE), edited)
      return readCatalogFolder(broken).index !== undefined
    }
    expect(sealed(text)).toBe(true)
    // Edited by hand, its first line (the seal) kept: one title's popularity changed; the same JSON written again
    // in another layout; a seal not its own; not JSON at all.
    expect(sealed(text.replace(/(\["mhmov[^"]*","[^"]*",)([0-9.e-]+)/, '$11e200'))).toBe(false)
    expect(sealed(JSON.stringify(JSON.parse(text)))).toBe(false)
    expect(sealed(text.replace(/^(\{\n {2}"catalog": ")[0-9a-f]{8}/, '$100000000'))).toBe(false)
    expect(sealed('{ not json')).toBe(false)
    // Without the file, the build derives what the index held, as for `other` above (the same files, so one graph
    // built that way holds both: building this folder's too cost 2 s and asserted nothing more).
    rmSync(join(broken, CATALOG_INDEX_FILE))
    expect(readCatalogFolder(broken).index).toBeUndefined()
  }, 120_000)

  it('is refused, whatever its seal, when its form would send the build out of its lists', () => {
    const { raw, index } = readCatalogFolder(dir)
    if (index === undefined) throw new Error('the shipped index is not read')
    const films = raw.movies.length
    const titles = films + raw.series.length
    expect(catalogIndexFrom(index, index.catalog, films, titles)).toBe(index)
    expect(catalogIndexFrom(index, 'another seal', films, titles)).toBeUndefined()
    // A film's cast member who is no person; one film's credits missing; a collection's item beyond the titles; one naming a later collection; a
    // collection of no known kind (empty, so no item is out of range);
    for (const bad of [
      { ...index, credits: [[[], [index.people.length]], ...index.credits.slice(1)] },
      { ...index, credits: index.credits.slice(1) },
      { ...index, editorial: [['k', 'n', 'd', 'media', [99_999]]] },
      { ...index, editorial: [['k', 'n', 'd', 'editorial', [0]]] },
      { ...index, editorial: [['k', 'n', 'd', 'bogus', []]] },
      // A source's titles out of order; sources out of order.
      {
        ...index,
        offers: index.offers.map(([k, p, i]) => [k, [...p].reverse(), i]),
      },
      { ...index, offers: [...index.offers].reverse() },
      // A synthetic user's like beyond the titles; a follow beyond the people; no tastes at all.
      { ...index, tastes: [['u', [titles], [], [], [], [], [null, [], [], [], []]]] },
      { ...index, tastes: [['u', [], [], [index.people.length], [], [], [null, [], [], [], []]]] },
      { ...index, tastes: undefined },
      // A wish list's editorial collection beyond the plan; favourites without their flags.
      { ...index, tastes: [['u', [], [], [], [], [], [null, [], [index.editorial.length], [], []]]] },
      { ...index, tastes: [['u', [], [], [], [], [], [[[0]], [], [], [], []]]] },
      // One title short; a title's popularity as text, or not finite.
      { ...index, titles: index.titles.slice(1) },
      { ...index, titles: [['m', 'a', '0.5', null], ...index.titles.slice(1)] },
      { ...index, titles: [['m', 'a', Infinity, null], ...index.titles.slice(1)] },
    ])
      expect(catalogIndexFrom(bad, index.catalog, films, titles)).toBeUndefined()
  })
})
