import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deriveCatalogIndex } from '../src/service/catalog/build'
import { catalogDigest, readCatalogDir } from '../src/service/catalog/load'

/**
 * The catalog-index.json a catalog folder should hold: derived from its files, keyed by their SHA-256, one
 * person, spelling, title, collection or source a line (so a change to the catalog reads as a small diff).
 */
export function catalogIndexText(dir: string): string {
  const files = ['movies.json', 'series.json', 'series-episodes.json'].flatMap((file) => {
    try {
      return [readFileSync(join(dir, file))]
    } catch {
      return []
    }
  })
  const index = deriveCatalogIndex(readCatalogDir(dir), catalogDigest(files))
  const rows = (list: readonly unknown[]): string => list.map((row) => JSON.stringify(row)).join(',\n    ')
  return (
    `{\n  "catalog": ${JSON.stringify(index.catalog)},\n` +
    `  "people": [\n    ${rows(index.people)}\n  ],\n` +
    `  "spellings": [\n    ${rows(index.spellings)}\n  ],\n` +
    `  "titles": [\n    ${rows(index.titles)}\n  ],\n` +
    `  "editorial": [\n    ${rows(index.editorial)}\n  ],\n` +
    `  "offers": [\n    ${rows(index.offers)}\n  ]\n}\n`
  )
}
