import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The version of the installed hql, from its package.json: found by walking up from this module, which sits at
 * one depth in the sources (src/cli/) and at another in the build, where the chunks the entries decide hold it.
 *
 * @example
 * packageVersion() // '0.1.0'
 */
export function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    const found = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>)
      : {}
    if (found['name'] === 'hql') return typeof found['version'] === 'string' ? found['version'] : 'unknown'
    if (dirname(dir) === dir) return 'unknown'
  }
}
