import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import { hqlHandlers } from '../../src/testing'
import { createService } from '../../src/service'
import { runCli } from '../../src/cli/program'

async function hql(args: string[], env: Record<string, string> = {}, interactive = false) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env,
    interactive,
    stopped: async () => {},
  })
  return { code, stdout, stderr }
}

describe('hql run', () => {
  it('runs a query against the embedded reference service and prints a table', async () => {
    const { code, stdout, stderr } = await hql([
      'run',
      'examples/catalog/movies.hql',
      '-q',
      'dramas',
      '--max-pages',
      '2',
    ])
    expect(stderr).toBe('stopped after 2 pages; more exist: --max-pages N or --all\n')
    expect(code).toBe(0)
    const lines = stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^#\s+type\s+id\s+name\s+released$/)
    expect(lines.length).toBe(21) // two pages of 10
    expect(lines[1]).toMatch(/^1\s+Movie\s+mhmov-/)
  })

  it('shows progress per page on a terminal, on stderr, leaving stdout to the results', async () => {
    const { code, stdout, stderr } = await hql(
      ['run', 'examples/catalog/movies.hql', '-q', 'dramas', '--max-pages', '2', '--json'],
      {},
      true,
    )
    expect(code).toBe(0)
    expect(stderr).toBe(
      '\rpage 1, 10 items\rpage 2, 20 items\nstopped after 2 pages; more exist: --max-pages N or --all\n',
    )
    expect(JSON.parse(stdout)).toHaveLength(20)
  })

  it('follows pages of a given service with credentials from the environment, printing JSON', async () => {
    const service = await createService()
    try {
      const env = {
        HQL_CLIENT_ID: service.demo.clientId,
        HQL_CLIENT_SECRET: service.demo.clientSecret,
        HQL_USERNAME: service.demo.username,
        HQL_PASSWORD: service.demo.password,
      }
      const args = [
        'run',
        'examples/catalog/movies.hql',
        '-q',
        'dramas',
        '--base-url',
        service.baseUrl,
        '--auth-url',
        service.authUrl,
      ]
      const { code, stdout } = await hql([...args, '--max-pages', '3', '--json'], env)
      expect(code).toBe(0)
      const items = JSON.parse(stdout) as { object: { mhid: string } }[]
      expect(items).toHaveLength(30)
      expect(new Set(items.map((item) => item.object.mhid)).size).toBe(30)
      const refused = await hql(args, { ...env, HQL_PASSWORD: 'wrong' })
      expect(refused.code).toBe(3)
      expect(refused.stderr).not.toContain('wrong')
    } finally {
      await service.close()
    }
  })

  it('runs silos and tags rows with their silo', async () => {
    const { code, stdout } = await hql([
      'run',
      'examples/catalog/home.hql',
      '-p',
      'liked=mhmov-gladiator',
      '--max-pages',
      '1',
    ])
    expect(code).toBe(0)
    expect(stdout).toContain('== For you')
  })

  it('exits 2 without credentials for a given service', async () => {
    const { code, stderr } = await hql([
      'run',
      'examples/catalog/movies.hql',
      '-q',
      'dramas',
      '--base-url',
      'http://127.0.0.1:9',
    ])
    expect(code).toBe(2)
    expect(stderr).toContain('HQL_CLIENT_ID')
  })
})

describe('hql run: HQL_SCOPE', () => {
  // docs/cli.md says: HQL_SCOPE defaults to both scopes for the password grant only; the client credentials
  // grant sends a scope only when HQL_SCOPE is set. The token requests are read as they leave.
  const baseUrl = 'https://run.hql.test'
  const server = setupServer(...hqlHandlers({ baseUrl }))
  const forms: URLSearchParams[] = []
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' })
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/oauth/token')) forms.push(new URLSearchParams(await request.clone().text()))
    })
  })
  afterAll(() => server.close())

  const run = (env: Record<string, string>) =>
    hql(['run', 'examples/catalog/movies.hql', '-q', 'dramas', '--base-url', baseUrl, '--max-pages', '1'], {
      HQL_AUTH_URL: `${baseUrl}/auth`,
      HQL_CLIENT_ID: 'app',
      HQL_CLIENT_SECRET: 'secret',
      ...env,
    })
  const scopeOfLastToken = () => {
    const form = forms.at(-1)
    return [form?.get('grant_type'), form?.get('scope')]
  }

  it.each([
    [{ HQL_USERNAME: 'u', HQL_PASSWORD: 'p' }, ['password', 'public_profile user_likes']],
    [{ HQL_USERNAME: 'u', HQL_PASSWORD: 'p', HQL_SCOPE: 'public_profile' }, ['password', 'public_profile']],
    [{}, ['client_credentials', null]],
    [{ HQL_SCOPE: 'public_profile' }, ['client_credentials', 'public_profile']],
  ])('with %o asks for %o', async (env, expected) => {
    const { code, stderr } = await run(env)
    expect(stderr).toBe('stopped after 1 page; more exist: --max-pages N or --all\n')
    expect(code).toBe(0)
    expect(scopeOfLastToken()).toEqual(expected)
  })
})

describe('hql serve', () => {
  it('starts the reference service, prints where, and stops when asked', async () => {
    const { code, stdout } = await hql(['serve', '--port', '0'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/base URL:\s+http:\/\/127\.0\.0\.1:\d+/)
    expect(stdout).toContain('auth URL:')
  })
})
