import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// Loads the build (dist/, made once per run by test/support/built-package.ts) the way users do: by package name (Node resolves a package's
// own name through its "exports" map), as ESM and as CommonJS, and type-checks a consumer against the .d.ts.
// The package ships ES modules only: CommonJS loads them through require(), which Node 20.19 and later allow.
const root = fileURLToPath(new URL('../..', import.meta.url))
const node = (args: string[]) => execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' })

const script = `
const q = m.hql.explore().filter(m.returnType.eq('Movie')).with(m.keyContributors(m.primaryImage)).pageSize(3)
console.log(JSON.stringify(m.compile(q)))`
const expected = {
  endpoint: '/graph/explore',
  method: 'POST',
  body: {
    filters: { returnType: { $eq: 'Movie' } },
    components: [{ name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
    pageSize: 3,
  },
}

describe('the built package', () => {
  test('loads with import', () => {
    const out = node(['--input-type=module', '-e', `const m = await import('hql');${script}`])
    expect(JSON.parse(out)).toEqual(expected)
  })

  test('loads with require', () => {
    const out = node(['-e', `const m = require('hql');${script}`])
    expect(JSON.parse(out)).toEqual(expected)
  })

  test('a CommonJS app requires hql, hql/service, hql/testing and hql/redis', () => {
    const app = mkdtempSync(join(tmpdir(), 'hql-commonjs-app-'))
    try {
      writeFileSync(
        join(app, 'package.json'),
        JSON.stringify({ name: 'app', private: true, type: 'commonjs' }),
      )
      mkdirSync(join(app, 'node_modules'))
      symlinkSync(root, join(app, 'node_modules', 'hql'), 'dir')
      copyFileSync(join(root, 'test/package/commonjs-app.cjs'), join(app, 'index.js'))
      const out = execFileSync(process.execPath, ['index.js'], { cwd: app, encoding: 'utf8' })
      expect(JSON.parse(out)).toEqual({
        body: {
          filters: { returnType: { $eq: 'Movie' } },
          components: [{ name: 'primaryImage' }],
          pageSize: 2,
        },
        loaded: true,
        errorClass: 'HqlError',
      })
    } finally {
      rmSync(app, { recursive: true, force: true })
    }
  })

  test('hql/redis loads without redis or ioredis: it imports neither (the app passes its own client)', () => {
    const check = `const s = m.redisTokenStore({ redis: { sendCommand: async () => null }, key: 'k' }); console.log(typeof s.refresh)`
    expect(node(['--input-type=module', '-e', `const m = await import('hql/redis'); ${check}`]).trim()).toBe(
      'function',
    )
    // The entry and every chunk it reaches (the chunks are the entries' to decide: rolldown.config.ts).
    const reached = new Set([join(root, 'dist/redis.js')])
    for (const file of reached)
      for (const [, to] of readFileSync(file, 'utf8').matchAll(
        /^(?:import|export)\b[^;]*?from\s*"(\.[^"]+)"/gm,
      ))
        reached.add(join(dirname(file), to as string))
    const built = [...reached].map((file) => readFileSync(file, 'utf8'))
    expect(built.length).toBeGreaterThan(1)
    // (Doc comments may show an app importing its client: only import statements count.)
    for (const text of built)
      expect(text).not.toMatch(/^\s*(?:import|export)\b[^;]*?from\s*['"](?:redis|ioredis|node:[a-z]+)['"]/m)
  })

  test('ships no CommonJS build', () => {
    const manifest = JSON.parse(node(['-p', 'JSON.stringify(require("./package.json"))'])) as {
      exports: Record<string, unknown>
    }
    expect(JSON.stringify(manifest.exports)).not.toMatch(/\.c(js|ts)"|"require"/)
  })

  test('hql/service loads both ways and finds its catalog', () => {
    const check = `const s = await m.createService({ rateLimit: false }); console.log(s.baseUrl.startsWith('http://127.0.0.1:')); await s.close()`
    expect(
      node(['--input-type=module', '-e', `const m = await import('hql/service'); ${check}`]).trim(),
    ).toBe('true')
    expect(node(['-e', `const m = require('hql/service'); (async () => { ${check} })()`]).trim()).toBe('true')
  })

  test('its declarations type-check a node16 consumer', () => {
    const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
    expect(() => node([tsc, '-p', 'test/package/tsconfig.consumer.json'])).not.toThrow()
  }, 120_000)

  test('the hql bin exits quietly when its reader stops early', async () => {
    const child = spawn(process.execPath, ['bin/hql.js', '--help'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += String(chunk)))
    child.stdout.once('data', () => child.stdout.destroy())
    // 'close': stderr read to its end before it is looked at ('exit' can come first).
    const [code] = (await once(child, 'close')) as [number | null]
    expect(stderr).not.toContain('EPIPE')
    expect(code).toBe(0)
  })

  test('hql serve starts the reference service and prints where it is', async () => {
    const child = spawn(process.execPath, ['bin/hql.js', 'serve', '--port', '0'], { cwd: root })
    try {
      // The whole output is read, not broken off at 'started in': a closed pipe would end the server, which exits
      // quietly when its reader goes (the bin's own test), and the request below would find nobody listening.
      let printed = ''
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          printed += String(chunk)
          if (printed.includes('started in')) resolve()
        })
        child.once('exit', (code) =>
          reject(new Error(`hql serve exited (${code}) before starting: ${printed}`)),
        )
      })
      const authUrl = /auth URL:\s+(\S+)/.exec(printed)?.[1]
      expect(printed).toMatch(/client:\s+hql-demo/)
      const response = await fetch(`${authUrl}/1.3/security/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa('hql-demo:hql-demo-secret')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=password&username=demo&password=demo-password&scope=public_profile',
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ token_type: 'bearer' })
      // The build's playground (dist/playground), served by the built service.
      const playground = /playground:\s+(\S+)/.exec(printed)?.[1]
      const page = await fetch(`${playground}`)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await page.text()).toContain('src="playground.js"')
      const script = await fetch(`${playground}playground.js`)
      expect([script.status, script.headers.get('content-type')]).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ])
    } finally {
      child.kill('SIGINT')
      await once(child, 'exit')
    }
  })
})
