// hql/redis works with the app's own node-redis or ioredis client and imports neither: the built redis entry,
// followed through every module it reaches, imports no Redis package; both are optional peer dependencies whose
// ranges start at the versions tested; and a value that is no supported client is refused with a typed error
// that says what was passed instead.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { rolldown, type OutputChunk, type OutputOptions } from 'rolldown'
import { describe, expect, test } from 'vitest'
import config from '../../rolldown.config'
import { ClientConfigError } from '../../src/client'
import { redisRateBudget, redisTokenStore } from '../../src/redis'

const root = fileURLToPath(new URL('../..', import.meta.url))
const redisPackage = /^(?:redis|ioredis|@redis\/[^/]+)(?:\/|$)/

describe('hql/redis as a package', () => {
  test('the built redis entry reaches no import of redis or ioredis, static or dynamic', async () => {
    // The package's own build (rolldown.config.ts), in memory: the same modules as dist/, without racing the
    // package test's build for the folder.
    const bundle = await rolldown({ ...config, cwd: root, logLevel: 'silent' })
    const { dir: _dir, cleanDir: _clean, ...options } = config.output as OutputOptions
    const { output } = await bundle.generate(options)
    await bundle.close()
    const chunks = new Map(
      output.filter((file): file is OutputChunk => file.type === 'chunk').map((c) => [c.fileName, c]),
    )
    const seen = new Set<string>()
    const external = new Set<string>()
    const visit = (name: string) => {
      if (seen.has(name)) return
      seen.add(name)
      const chunk = chunks.get(name)
      if (chunk === undefined) return void external.add(name)
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next)
    }
    visit('redis.js')
    // The walk went past the entry, into the chunks it shares with the other entries (the entries decide them).
    expect([...seen].filter((name) => name !== 'redis.js' && chunks.has(name)).length).toBeGreaterThan(1)
    expect([...external].filter((id) => redisPackage.test(id))).toEqual([])
    // Nor a Node module: WebCrypto and timers only, so that it runs wherever the app's client runs.
    expect([...external].filter((id) => id.startsWith('node:'))).toEqual([])
    // The check itself sees a Redis import where there is one (the CLI's `--redis`, imported at run time).
    seen.clear()
    external.clear()
    visit('cli.js')
    expect([...external].filter((id) => redisPackage.test(id))).toEqual(['redis'])
  }, 120_000)

  test('redis and ioredis are optional peer dependencies, and no dependency', () => {
    const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
      dependencies?: Record<string, string>
      devDependencies?: Record<string, string>
      peerDependencies?: Record<string, string>
      peerDependenciesMeta?: Record<string, { optional?: boolean }>
    }
    for (const name of ['redis', 'ioredis']) {
      expect(manifest.peerDependencies?.[name]).toEqual(expect.any(String))
      expect(manifest.peerDependenciesMeta?.[name]?.optional).toBe(true)
      expect(Object.keys(manifest.dependencies ?? {})).not.toContain(name)
      // The range promises no older major than the one the tests run against (the exact dev dependency).
      expect(manifest.peerDependencies?.[name]).toBe(`^${manifest.devDependencies?.[name]}`)
    }
  })

  const notClients: [string, unknown, RegExp][] = [
    ['a plain object', { url: 'redis://127.0.0.1:6379' }, /got an object with neither \(its keys: url\)/],
    ['an empty object', {}, /got an empty object/],
    ['a URL', 'redis://:secret-password@127.0.0.1:6379', /got a string: make a client from the URL/],
    ['a connect() not awaited', Promise.resolve({}), /got a Promise: await the client's connect\(\) first/],
    ['null', null, /got null/],
  ]
  test.each(notClients)(
    '%s instead of a client: ClientConfigError naming the option and the mistake',
    (_, value, says) => {
      const make = [
        () => redisTokenStore({ redis: value as never, key: 'k' }),
        () => redisRateBudget({ redis: value as never, key: 'k', requests: 1, windowSeconds: 1 }),
      ]
      for (const [i, component] of (['tokenStore', 'budget'] as const).entries()) {
        let error: unknown
        try {
          make[i]!()
        } catch (caught) {
          error = caught
        }
        expect(error).toBeInstanceOf(ClientConfigError)
        expect(error).toMatchObject({ code: 'invalid_config', path: [component, 'redis'] })
        expect((error as Error).message).toMatch(/expected a connected node-redis or ioredis client/)
        expect((error as Error).message).toMatch(says)
        // Never the value itself: a URL may carry a password.
        expect((error as Error).message).not.toContain('secret-password')
      }
    },
  )
})
