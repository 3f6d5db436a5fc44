// `hql serve --redis URL` as a user runs it: two real hql processes on one Redis act as one service, and a
// Redis that cannot be reached, or a URL that is not Redis's, is a clear message and exit code.
import type { ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO } from '../../src/service'
import { hqlProcess, interrupt, start, waitFor } from '../cli/process'
import { freePort, startRedis, type RedisServer } from '../support/redis-server'

let redis: RedisServer
beforeAll(async () => {
  redis = await startRedis()
})
afterAll(async () => {
  await redis.stop()
})

const baseUrl = (printed: string) => /base URL:\s+(\S+)/.exec(printed)?.[1] ?? ''

describe('hql serve --redis', () => {
  test('two processes on one Redis: a token from the first is accepted by the second', async () => {
    const servers: ChildProcess[] = [
      start(['serve', '--redis', redis.url, '--redis-key', 'hql:cli']),
      start(['serve', '--redis', redis.url, '--redis-key', 'hql:cli']),
    ]
    try {
      const [one, two] = await Promise.all(servers.map((server) => waitFor(server, 'Ctrl-C')))
      expect(one).toContain(`fleet mode: tokens and rate windows in Redis at redis://127.0.0.1:${redis.port}`)
      const response = await fetch(`${baseUrl(one!)}/auth/1.3/security/oauth/token`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${DEMO.clientId}:${DEMO.clientSecret}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      })
      const { access_token } = (await response.json()) as { access_token: string }
      const graph = await fetch(`${baseUrl(two!)}/graph/explore`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access_token}` },
        body: JSON.stringify({ filters: {}, pageSize: 1 }),
      })
      expect(graph.status).toBe(200)
    } finally {
      for (const server of servers) expect(await interrupt(server)).toBe(0)
    }
  })

  test('a Redis nobody runs: a message naming it (no credentials), exit code 4', async () => {
    const port = await freePort()
    const { code, stderr } = await hqlProcess(['serve', '--redis', `redis://user:secret@127.0.0.1:${port}`])
    expect(code).toBe(4)
    expect(stderr).toBe(`error: cannot reach Redis at redis://127.0.0.1:${port} within 5 s\n`)
  })

  test('a URL that is not Redis: a usage error, exit code 2', async () => {
    const { code, stderr } = await hqlProcess(['serve', '--redis', 'http://127.0.0.1:6379'])
    expect(code).toBe(2)
    expect(stderr).toBe(`error: --redis expects a redis:// or rediss:// URL, got 'http:'\n`)
  })
})
