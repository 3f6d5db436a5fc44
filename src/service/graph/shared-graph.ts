import type { UserConfig } from '../auth/registry'
import { buildCatalog } from '../catalog/build'
import { checkCatalog, defaultCatalogDir, readCatalogFolder } from '../catalog/load'
import type { RawCatalog } from '../catalog/raw'
import { GraphIndex } from './graph-index'

// The graph is immutable once built, so services of one process over the same catalog and users share it.
const graphCache = new Map<string, GraphIndex>()

/** The graph of a catalog and its users, built once per process for a catalog folder (the default one too). */
export function graphFor(
  catalog: string | RawCatalog | undefined,
  users: readonly UserConfig[],
): { graph: GraphIndex; ms: number } {
  const seeds = users.map((u) => ({
    username: u.username,
    name: u.name ?? u.username,
    ...(u.email === undefined ? {} : { email: u.email }),
  }))
  const key =
    typeof catalog === 'object' ? undefined : JSON.stringify([catalog ?? defaultCatalogDir(), seeds])
  const cached = key === undefined ? undefined : graphCache.get(key)
  if (cached) return { graph: cached, ms: 0 }
  const started = performance.now()
  const { raw, index } =
    typeof catalog === 'object'
      ? { raw: checkCatalog(catalog), index: undefined }
      : readCatalogFolder(catalog ?? defaultCatalogDir())
  const graph = new GraphIndex(buildCatalog(raw, seeds, index))
  if (key !== undefined) graphCache.set(key, graph)
  return { graph, ms: performance.now() - started }
}
