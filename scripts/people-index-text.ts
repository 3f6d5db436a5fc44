import { hash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readCatalogDir } from '../src/service/catalog/load'
import { derivePeople } from '../src/service/catalog/people-index'

/**
 * The people-index.json a catalog folder should hold: derived from its movies.json, keyed by that file's
 * SHA-256, one person or spelling a line (so a change to the catalog reads as a small diff).
 */
export function peopleIndexText(dir: string): string {
  const digest = hash('sha256', readFileSync(join(dir, 'movies.json')), 'hex')
  const index = derivePeople(readCatalogDir(dir), digest)
  const rows = (list: readonly unknown[]): string => list.map((row) => JSON.stringify(row)).join(',\n    ')
  return (
    `{\n  "movies": ${JSON.stringify(index.movies)},\n` +
    `  "people": [\n    ${rows(index.people)}\n  ],\n` +
    `  "spellings": [\n    ${rows(index.spellings)}\n  ]\n}\n`
  )
}
