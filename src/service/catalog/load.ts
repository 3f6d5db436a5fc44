import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { HqlError } from '../../model/errors'
import {
  CATALOG_INDEX_FILE,
  CATALOG_INDEX_VERSION,
  catalogIndexFrom,
  type CatalogIndex,
} from './catalog-index'
import { isRawCatalog, RawCatalog } from './raw'

/**
 * Finds the shipped `data/catalog` folder by walking up from this module. The depth differs between the source
 * tree (src/service/catalog/) and the published bundle (dist/), so a fixed relative path would be wrong in one
 * of them.
 */
export function defaultCatalogDir(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  let dir = here
  for (let i = 0; i < 8; i++) {
    const candidate = join(dir, 'data', 'catalog')
    if (existsSync(join(candidate, 'movies.json'))) return candidate
    const parent = dirname(dir)
    if (parent === dir) break
    dir = parent
  }
  throw new HqlError(
    'catalog_not_found',
    `no data/catalog/movies.json above ${here}; pass { catalog } to createService`,
  )
}

/** The file of a catalog folder that holds episodes; a folder without it has series without episodes. */
const EPISODES_FILE = 'series-episodes.json'

/** Reads and checks the catalog files of a folder (movies.json, series.json, series-episodes.json if there). */
export function readCatalogDir(dir: string): RawCatalog {
  return readCatalogFolder(dir).raw
}

/**
 * {@link readCatalogDir}, and the folder's {@link CatalogIndex} when it has one made from these very files
 * (SHA-256 of their bytes, hashed only when the folder has an index file); otherwise `index` is undefined and
 * the build derives what it holds.
 */
export function readCatalogFolder(dir: string): { raw: RawCatalog; index: CatalogIndex | undefined } {
  const bytes = (file: string): Buffer => {
    const path = resolve(dir, file)
    try {
      return readFileSync(path)
    } catch (cause) {
      throw new HqlError('catalog_unreadable', `cannot read ${path} as JSON`, { cause })
    }
  }
  const parse = (file: string, data: Buffer): unknown => {
    try {
      return JSON.parse(data.toString('utf8'))
    } catch (cause) {
      throw new HqlError('catalog_unreadable', `cannot read ${resolve(dir, file)} as JSON`, { cause })
    }
  }
  const files = [bytes('movies.json'), bytes('series.json')]
  if (existsSync(resolve(dir, EPISODES_FILE))) files.push(bytes(EPISODES_FILE))
  const [movies, series, episodes] = files as [Buffer, Buffer, Buffer | undefined]
  const raw = checkCatalog({
    movies: parse('movies.json', movies),
    series: parse('series.json', series),
    ...(episodes === undefined ? {} : { episodes: parse(EPISODES_FILE, episodes) }),
  })
  const indexPath = resolve(dir, CATALOG_INDEX_FILE)
  if (!existsSync(indexPath)) return { raw, index: undefined }
  return { raw, index: sealedIndex(readFileSync(indexPath), files, raw.movies.length, raw.series.length) }
}

/** How an index file opens: its seal (`indexSeal`) on a line of its own, as scripts/catalog-index-text.ts writes it. */
const SEALED_HEAD = /^\{\n {2}"catalog": "([0-9a-f]{64})",\n/

/**
 * The index in a folder's index file, if it is sealed for these catalog files, and well formed. A broken,
 * stale or hand-edited index is no error: the build derives what it holds, as for a folder without one.
 */
function sealedIndex(
  file: Buffer,
  files: readonly Buffer[],
  films: number,
  series: number,
): CatalogIndex | undefined {
  const head = SEALED_HEAD.exec(file.subarray(0, 96).toString('latin1'))
  if (head === null) return undefined
  const seal = head[1] as string
  if (indexSeal(files, file.subarray(head[0].length)) !== seal) return undefined
  let json: unknown
  try {
    json = JSON.parse(file.toString('utf8'))
  } catch {
    return undefined
  }
  return catalogIndexFrom(json, seal, films, films + series)
}

/**
 * The seal of an index: SHA-256 (hex) of the derivation's version, the catalog's files (movies.json, series.json
 * and series-episodes.json if there, in that order) and the index file's own text after its first line. So an
 * index is read only as scripts/write-catalog-index.ts wrote it, for these very files, by this derivation: one
 * edited by hand, written for other files or by another version of the derivation is not.
 */
export function indexSeal(files: readonly Buffer[], body: Uint8Array): string {
  const sha = createHash('sha256').update(`hql catalog index ${CATALOG_INDEX_VERSION}\n`)
  // Each part's length first, so that bytes moved from the end of one part to the start of the next differ.
  for (const part of [...files, body]) sha.update(`${part.length}:`).update(part)
  return sha.digest('hex')
}

/** Checks an in-memory catalog; the error names the first bad record's path, e.g. `$.movies[12].year`. */
export function checkCatalog(input: unknown): RawCatalog {
  if (isRawCatalog(input))
    return {
      movies: input.movies,
      series: input.series,
      ...(input.episodes === undefined ? {} : { episodes: input.episodes }),
    }
  const result = z.safeParse(RawCatalog, input)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new HqlError('catalog_invalid', issue?.message ?? 'invalid catalog', {
    path: (issue?.path ?? []).filter((p): p is string | number => typeof p !== 'symbol'),
  })
}
