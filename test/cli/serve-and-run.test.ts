// `hql serve` and `hql run` as two processes, as a user runs them in two shells: serve prints the settings to
// paste, run reads them; run says when it stopped early and what the service answered. All on 127.0.0.1, one
// service for every run.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hqlProcess, interrupt, start, waitFor } from './process'

const dramas = ['run', 'examples/catalog/movies.hql', '-q', 'dramas']

// Processes start slowly on a busy machine: a minute each at most.
describe.concurrent('hql serve, then hql run in another shell', () => {
  let serve: ChildProcess
  let printed = ''
  beforeAll(async () => {
    serve = start(['serve'])
    printed = await waitFor(serve, 'Ctrl-C')
  })
  afterAll(async () => {
    expect(await interrupt(serve)).toBe(0)
  })

  /** The variables of the `export …` line serve printed, as a shell would set them. */
  const pasted = (): Record<string, string> => {
    const line = printed.split('\n').find((text) => text.trim().startsWith('export '))
    expect(line, printed).toBeDefined()
    const words = line!.trim().slice('export '.length).split(' ')
    return Object.fromEntries(words.map((word) => word.split(/=(.*)/s).slice(0, 2) as [string, string]))
  }

  it('serve prints an export line with every setting run reads', () => {
    expect(Object.keys(pasted())).toEqual([
      'HQL_BASE_URL',
      'HQL_AUTH_URL',
      'HQL_CLIENT_ID',
      'HQL_CLIENT_SECRET',
      'HQL_USERNAME',
      'HQL_PASSWORD',
    ])
    expect(pasted().HQL_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('run uses the pasted settings, with no flag', async () => {
    const { code, stdout, stderr } = await hqlProcess([...dramas, '--max-pages', '1', '--json'], pasted())
    expect(stderr).toBe('stopped after 1 page; more exist: --max-pages N or --all\n')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toHaveLength(10)
  })

  it('run --base-url needs no --auth-url: the token service defaults to <base URL>/auth', async () => {
    const { HQL_BASE_URL, HQL_AUTH_URL, ...credentials } = pasted()
    expect(HQL_AUTH_URL).toBe(`${HQL_BASE_URL}/auth`)
    const { code, stdout } = await hqlProcess(
      [...dramas, '--base-url', HQL_BASE_URL!, '--max-pages', '1'],
      credentials,
    )
    expect(code).toBe(0)
    expect(stdout).toMatch(/^#\s+type\s+id\s+name\s+released\n1\s+Movie\s+mhmov-/)
  })

  it('a user without a password is a usage error that names what is missing (exit 2)', async () => {
    const { HQL_PASSWORD, ...rest } = pasted()
    expect(HQL_PASSWORD).toBeDefined()
    const { code, stderr } = await hqlProcess(dramas, rest)
    expect(code).toBe(2)
    expect(stderr).toContain('needs HQL_PASSWORD (HQL_USERNAME is set)')
  })

  it('a wrong password names the token URL (exit 3)', async () => {
    const settings: Record<string, string> = { ...pasted(), HQL_PASSWORD: 'wrong' }
    const { code, stderr } = await hqlProcess(dramas, settings)
    expect(code).toBe(3)
    expect(stderr).toContain(`${settings['HQL_AUTH_URL']}/1.3/security/oauth/token`)
    expect(stderr).not.toContain('wrong')
  })

  it('says when it stopped before the end, and not when it reached it', async () => {
    const cut = await hqlProcess([...dramas, '--max-pages', '2'], pasted())
    expect(cut.code).toBe(0)
    expect(cut.stdout.trimEnd().split('\n')).toHaveLength(21)
    expect(cut.stderr).toBe('stopped after 2 pages; more exist: --max-pages N or --all\n')
    const all = await hqlProcess([...dramas, '--all', '--json'], pasted())
    expect(all).toMatchObject({ code: 0, stderr: '' })
    expect((JSON.parse(all.stdout) as unknown[]).length).toBeGreaterThan(100)
    const both = await hqlProcess([...dramas, '--all', '--max-pages', '3'], pasted())
    expect(both.code).toBe(2)
  })

  it.each([
    ['lookup "mhmov-no-such-film"', 'not_found', "no Movie with id 'mhmov-no-such-film'", '$.ids[0]'],
    ['explore page size 500', 'page_size_too_large', 'pageSize is at most 100, got 500', '$.pageSize'],
  ])('prints the service’s code, message and path: %s', async (query, code, message, path) => {
    const file = join(await mkdtemp(join(tmpdir(), 'hql-run-')), 'q.hql')
    await writeFile(file, `query q ${query}\n`)
    const run = await hqlProcess(['run', file], pasted())
    expect(run.code).toBe(3)
    for (const part of [code, message, path]) expect(run.stderr).toContain(part)
  })
})

describe('hql serve on a port in use', () => {
  it('exits 4 (the environment), naming the port', async () => {
    const taken = createServer()
    taken.listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const { port } = taken.address() as { port: number }
    try {
      const { code, stderr } = await hqlProcess(['serve', '--port', String(port)])
      expect(stderr).toBe(
        `error: port ${port} on 127.0.0.1 is in use; choose another with --port, or --port 0 for a free one\n`,
      )
      expect(code).toBe(4)
    } finally {
      taken.close()
    }
  })
})
