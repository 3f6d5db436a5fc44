import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { deriveCatalogIndex } from '../src/service/catalog/build'
import type { CatalogIndex } from '../src/service/catalog/catalog-index'
import { indexSeal, readCatalogDir } from '../src/service/catalog/load'

/**
 * The catalog-index.json a catalog folder should hold: derived from its files, one person, film's credits,
 * title, collection, source or synthetic user a line (so a change to the catalog reads as a small diff), under a first
 * line that holds its seal (the SHA-256 of the derivation's version, the files and the text after that line:
 * catalog/load.ts).
 * `index` is the folder's derivation when the caller has made it already (a test compares it too).
 */
export function catalogIndexText(
  dir: string,
  index: Omit<CatalogIndex, 'catalog'> = deriveCatalogIndex(readCatalogDir(dir)),
): string {
  const files = ['movies.json', 'series.json', 'series-episodes.json'].flatMap((file) => {
    try {
      return [readFileSync(join(dir, file))]
    } catch {
      return []
    }
  })
  // ASCII only (other characters as \u escapes): the service decodes an ASCII file on UTF-8's fast path into a
  // one-byte string, half the memory of the two-byte one a single accented name makes of the whole text.
  const ascii = (json: string): string =>
    json.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  const rows = (list: readonly unknown[]): string =>
    list.map((row) => ascii(JSON.stringify(row))).join(',\n    ')
  const body =
    `  "people": [\n    ${rows(index.people)}\n  ],\n` +
    `  "credits": [\n    ${rows(index.credits)}\n  ],\n` +
    `  "titles": [\n    ${rows(index.titles)}\n  ],\n` +
    `  "editorial": [\n    ${rows(index.editorial)}\n  ],\n` +
    `  "offers": [\n    ${rows(index.offers)}\n  ],\n` +
    `  "tastes": [\n    ${rows(index.tastes)}\n  ]\n}\n`
  return `{\n  "catalog": "${indexSeal(files, Buffer.from(body, 'utf8'))}",\n${body}`
}
