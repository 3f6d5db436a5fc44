import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The folder of hql's own package.json, found by walking up from `moduleUrl` (a module's `import.meta.url`):
 * a module sits at one depth in the sources (src/service/http/) and at another in the build, where the chunks
 * the entries decide hold it (dist/, dist/chunks/), so no fixed relative path serves both.
 *
 * @example
 * readFileSync(join(packageRoot(import.meta.url), 'package.json'), 'utf8') // hql's package.json
 */
export function packageRoot(moduleUrl: string): string {
  const start = dirname(fileURLToPath(moduleUrl))
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && isHql(manifest)) return dir
    if (dirname(dir) === dir) return start
  }
}

/** Whether the package.json at `path` is hql's (an app's own package.json above node_modules/hql is not). */
function isHql(path: string): boolean {
  try {
    return (JSON.parse(readFileSync(path, 'utf8')) as { name?: unknown }).name === 'hql'
  } catch {
    return false
  }
}
