import { execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'

// Builds the package once, then loads the build the way users do: by package name (Node resolves a package's
// own name through its "exports" map), as ESM and as CommonJS, and type-checks a consumer against the .d.ts.
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

beforeAll(() => {
  execFileSync('npx', ['tsup', '--silent'], { cwd: root, stdio: 'pipe' })
}, 120_000)

describe('the built package', () => {
  test('loads with import', () => {
    const out = node(['--input-type=module', '-e', `const m = await import('hql');${script}`])
    expect(JSON.parse(out)).toEqual(expected)
  })

  test('loads with require', () => {
    const out = node(['-e', `const m = require('hql');${script}`])
    expect(JSON.parse(out)).toEqual(expected)
  })

  test('hql/service loads both ways and finds its catalog', () => {
    const check = `const s = await m.createService({ rateLimit: false }); console.log(s.baseUrl.startsWith('http://127.0.0.1:')); await s.close()`
    expect(
      node(['--input-type=module', '-e', `const m = await import('hql/service'); ${check}`]).trim(),
    ).toBe('true')
    expect(node(['-e', `const m = require('hql/service'); (async () => { ${check} })()`]).trim()).toBe('true')
  }, 30_000)

  test('its declarations type-check a node16 consumer', () => {
    const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url))
    expect(() => node([tsc, '-p', 'test/package/tsconfig.consumer.json'])).not.toThrow()
  }, 60_000)

  test('the hql bin exits quietly when its reader stops early', async () => {
    const child = spawn(process.execPath, ['bin/hql.js', '--help'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => (stderr += String(chunk)))
    child.stdout.once('data', () => child.stdout.destroy())
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(stderr).not.toContain('EPIPE')
    expect(code).toBe(0)
  })

  test('hql serve starts the reference service and prints where it is', async () => {
    const child = spawn(process.execPath, ['bin/hql.js', 'serve', '--port', '0'], { cwd: root })
    try {
      let printed = ''
      for await (const chunk of child.stdout) {
        printed += String(chunk)
        if (printed.includes('started in')) break
      }
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
    } finally {
      child.kill('SIGINT')
      await once(child, 'exit')
    }
  }, 30_000)
})
