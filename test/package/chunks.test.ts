// Issue 27: the build's chunks are decided by its entries, as rolldown decides them by default, not by a rule
// that names modules (a regular expression once grouped a module before one it reads at load, and the built
// package failed to load). The config keeps no grouping, and the built entries load and answer.
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import config, { entries } from '../../rolldown.config'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the chunks of the build', () => {
  test('are decided by the entries: the config names no group, manual chunk or module', () => {
    const output = config.output as Record<string, unknown>
    for (const option of ['codeSplitting', 'advancedChunks', 'manualChunks', 'preserveModules'])
      expect(output[option], option).toBeUndefined()
    expect(config.input).toEqual(Object.values(entries))
  })

  test('the built dist/ holds each entry at its name and the shared chunks under dist/chunks/', () => {
    const files = readdirSync(`${root}dist`).filter((file) => file.endsWith('.js'))
    expect(files.sort()).toEqual(
      Object.keys(entries)
        .map((name) => `${name}.js`)
        .sort(),
    )
    expect(readdirSync(`${root}dist/chunks`).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(1)
  })

  test('every entry loads in a fresh Node and runs its first use (no module read before it is made)', () => {
    const script = `
      const hql = await import('hql'); const schemas = await import('hql/schemas')
      const syntax = await import('hql/syntax'); const language = await import('hql/language')
      await import('hql/types'); await import('hql/testing'); await import('hql/redis')
      const query = hql.parseQuery('explore Movie with primaryName page size 2')
      console.log(JSON.stringify(hql.compile(hql.fromJSON('explore', hql.compile(query).body)).body),
        typeof schemas.requestRules, typeof syntax.parseDocument, typeof language.complete)`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(out.trim()).toBe(
      '{"filters":{"returnType":{"$eq":"Movie"}},"components":[{"name":"primaryName"}],"pageSize":2} object function function',
    )
  })
})
