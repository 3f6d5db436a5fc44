import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { HqlError } from '../../model/errors'
import { CATALOG_INDEX_FILE, catalogIndexFrom, type CatalogIndex } from './catalog-index'
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
  // A broken index is no error: the build derives what it holds, as for a folder without one.
  let json: unknown
  try {
    json = JSON.parse(readFileSync(indexPath, 'utf8'))
  } catch {
    json = undefined
  }
  const titles = raw.movies.length + raw.series.length
  return { raw, index: catalogIndexFrom(json, catalogDigest(files), titles) }
}

/** SHA-256 (hex) of a catalog's files: movies.json, series.json and series-episodes.json if there, in that order. */
export function catalogDigest(files: readonly Buffer[]): string {
  const sha = createHash('sha256')
  // Each file's length first, so that bytes moved from the end of one file to the start of the next differ.
  for (const file of files) sha.update(`${file.length}:`).update(file)
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
