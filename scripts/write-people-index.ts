// npx tsx scripts/write-people-index.ts [catalog folder]: writes the folder's people-index.json
// (src/service/catalog/people-index.ts), derived from its movies.json; test/service/people-index.test.ts checks
// the shipped one is current.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { defaultCatalogDir } from '../src/service/catalog/load'
import { peopleIndexText } from './people-index-text'

const dir = process.argv[2] ?? defaultCatalogDir()
writeFileSync(join(dir, 'people-index.json'), peopleIndexText(dir))
console.log(`wrote ${join(dir, 'people-index.json')}`)
