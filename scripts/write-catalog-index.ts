// npx tsx scripts/write-catalog-index.ts [catalog folder]: writes the folder's catalog-index.json
// (src/service/catalog/catalog-index.ts), derived from its files; test/service/catalog-index.test.ts checks the
// shipped one is current.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultCatalogDir } from '../src/service/catalog/load'
import { CATALOG_INDEX_FILE } from '../src/service/catalog/catalog-index'
import { catalogIndexText } from './catalog-index-text'

const dir = process.argv[2] ?? defaultCatalogDir()
writeFileSync(join(dir, CATALOG_INDEX_FILE), catalogIndexText(dir))
console.log(`wrote ${join(dir, CATALOG_INDEX_FILE)}`)
