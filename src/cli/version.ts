import { readFileSync } from 'node:fs'

/**
 * The version of the installed hql, from its package.json. The source (src/cli/) and the build (dist/cli/)
 * sit at the same depth below the package root, so one relative URL serves both.
 */
export function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  const { version } = JSON.parse(text) as { version?: unknown }
  return typeof version === 'string' ? version : 'unknown'
}
