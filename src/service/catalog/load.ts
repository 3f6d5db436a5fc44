import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { HqlError } from '../../model/errors'
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
  const read = (file: string): unknown => {
    const path = resolve(dir, file)
    try {
      return JSON.parse(readFileSync(path, 'utf8'))
    } catch (cause) {
      throw new HqlError('catalog_unreadable', `cannot read ${path} as JSON`, { cause })
    }
  }
  const episodes = existsSync(resolve(dir, EPISODES_FILE)) ? { episodes: read(EPISODES_FILE) } : {}
  return checkCatalog({ movies: read('movies.json'), series: read('series.json'), ...episodes })
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
