import type { CatalogQuery } from './check'

/**
 * The request each query of a checked catalog sends, with its defaults and stand-ins for parameters without
 * one, as `<query name>.json` → pretty JSON, for request fixtures in tests.
 */
export function catalogFixtures(queries: readonly CatalogQuery[]): Map<string, string> {
  const out = new Map<string, string>()
  for (const query of queries) out.set(`${query.name}.json`, JSON.stringify(query.request, null, 2) + '\n')
  return out
}
