// Saved query catalogs (Node only): load .hql files, check them all at once, generate typed functions and
// request fixtures.
export { loadCatalog, catalogFile } from './load'
export type { Catalog, CatalogFile } from './load'
export { checkCatalog } from './check'
export type { CatalogCheck, CatalogQuery } from './check'
export { generateModule } from './generate'
export type { GenerateOptions } from './generate'
export { catalogFixtures } from './fixtures'
export { decodeUtf8 } from './utf8'
export type { DecodedText } from './utf8'
