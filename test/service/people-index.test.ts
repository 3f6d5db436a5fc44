import { hash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { peopleIndexText } from '../../scripts/people-index-text'
import { defaultCatalogDir, readCatalogFolder } from '../../src/service/catalog/load'
import { derivePeople, PEOPLE_INDEX_FILE } from '../../src/service/catalog/people-index'
import { graphFor } from '../../src/service/graph/shared-graph'
import { graphFingerprint } from './graph-dump'

// The shipped catalog carries its films' people (src/service/catalog/people-index.ts): used only when made from
// the very movies.json beside it, and the graph is the same with it or without it.
describe('the people index', () => {
  const dir = defaultCatalogDir()
  const scratch = mkdtempSync(join(tmpdir(), 'hql-people-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))
  const copy = (name: string): string => {
    const to = join(scratch, name)
    cpSync(dir, to, { recursive: true })
    return to
  }

  it('is current: what scripts/write-people-index.ts writes for the shipped catalog', () => {
    expect(
      readFileSync(join(dir, PEOPLE_INDEX_FILE), 'utf8'),
      'run `npx tsx scripts/write-people-index.ts` and commit the result',
    ).toBe(peopleIndexText(dir))
  })

  it('is read for the shipped catalog, and is what deriving the people gives', () => {
    const { raw, people } = readCatalogFolder(dir)
    expect(people).toBeDefined()
    const digest = hash('sha256', readFileSync(join(dir, 'movies.json')), 'hex')
    expect(people).toEqual(JSON.parse(JSON.stringify(derivePeople(raw, digest))))
  })

  it('is ignored for other movies, or when malformed, and the graph is the same without it', () => {
    const users = [{ username: 'demo', name: 'Demo User', password: 'x' }]
    const shipped = graphFingerprint(graphFor(undefined, users).graph)
    // The same films with one more space: another digest, so the index is not used.
    const other = copy('other')
    writeFileSync(join(other, 'movies.json'), `${readFileSync(join(other, 'movies.json'), 'utf8')} `)
    expect(readCatalogFolder(other).people).toBeUndefined()
    expect(graphFingerprint(graphFor(other, users).graph)).toBe(shipped)
    const broken = copy('broken')
    const index = JSON.parse(readFileSync(join(broken, PEOPLE_INDEX_FILE), 'utf8'))
    index.spellings[0][1] = index.people.length
    writeFileSync(join(broken, PEOPLE_INDEX_FILE), JSON.stringify(index))
    expect(readCatalogFolder(broken).people).toBeUndefined()
    writeFileSync(join(broken, PEOPLE_INDEX_FILE), '{ not json')
    expect(readCatalogFolder(broken).people).toBeUndefined()
    rmSync(join(broken, PEOPLE_INDEX_FILE))
    expect(readCatalogFolder(broken).people).toBeUndefined()
    expect(graphFingerprint(graphFor(broken, users).graph)).toBe(shipped)
  }, 120_000)
})
