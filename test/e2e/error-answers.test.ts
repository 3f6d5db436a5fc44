// What a user sees when the reference service refuses, over real HTTP: the client's errors carry the service's
// code, path and message; a wrong authUrl names the token URL and status; safeRun hands the same error back as
// a value; and the real `hql` process prints the same message.
import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hqlBin } from '../support/hql-bin'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hql, createClient, passwordGrant, HttpError, OAuthError, type Client } from 'hql'
import { createService, type Service } from 'hql/service'
import { testPasswordCost } from '../support/password-cost'

const SCOPE = ['public_profile', 'user_likes']
let service: Service
let client: Client
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: SCOPE }),
  })
})
afterAll(() => service.close())

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error,
  )
}

describe("the reference service's refusals, as the client reports them", () => {
  it('a page size too large: code, path and message in the message and as fields', async () => {
    const error = await thrown(client.run(hql.explore().pageSize(500)))
    expect(error).toBeInstanceOf(HttpError)
    expect((error as HttpError).message).toBe(
      `POST ${service.baseUrl}/graph/explore answered HTTP 400 (page_size_too_large): $.pageSize: pageSize is at most 100, got 500`,
    )
    expect(error).toMatchObject({
      status: 400,
      serviceCode: 'page_size_too_large',
      serviceMessage: 'pageSize is at most 100, got 500',
      servicePath: '$.pageSize',
      path: ['pageSize'],
    })
  })

  it('an unknown id: 404 with the id and where it was', async () => {
    const error = await thrown(client.run(hql.lookup('mhmov-no-such-movie')))
    expect((error as HttpError).message).toBe(
      `POST ${service.baseUrl}/graph/lookup answered HTTP 404 (not_found): $.ids[0]: no Movie with id 'mhmov-no-such-movie'`,
    )
    expect(error).toMatchObject({ serviceCode: 'not_found', path: ['ids', 0] })
  })

  it('a wrong authUrl: the token URL, the status, and the question', async () => {
    const authUrl = `${service.baseUrl}/graph`
    const wrong = createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl, ...service.demo, scope: SCOPE }),
    })
    const error = await thrown(wrong.run(hql.explore().pageSize(1)))
    expect(error).toBeInstanceOf(OAuthError)
    expect((error as OAuthError).message).toMatch(
      new RegExp(
        `^the token endpoint refused with no_such_endpoint: no endpoint at /graph/1\\.3/security/oauth/token.* ` +
          `\\(POST ${authUrl.replace(/\./g, '\\.')}/1\\.3/security/oauth/token answered HTTP 404; is authUrl right\\?\\)$`,
      ),
    )
    expect(error).toMatchObject({ status: 404, error: 'no_such_endpoint' })
  })

  it('safeRun hands the same error back as a value', async () => {
    const { data, error } = await client.safeRun(hql.explore().pageSize(500))
    expect(data).toBeUndefined()
    expect(error).toBeInstanceOf(HttpError)
    expect(error?.message).toContain('(page_size_too_large): $.pageSize: pageSize is at most 100, got 500')
    const ok = await client.safeRun(hql.explore().pageSize(2))
    expect(ok.error).toBeUndefined()
    expect(ok.data?.content).toHaveLength(2)
  })
})

describe('the hql process prints the same answer', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hql-errors-'))
  const file = join(dir, 'refused.hql')
  writeFileSync(
    file,
    'query big\nexplore Movie\n  page size 500\n\nquery missing\nlookup "mhmov-no-such-movie"\n',
  )

  it.each([
    ['big', 'answered HTTP 400 (page_size_too_large): $.pageSize: pageSize is at most 100, got 500'],
    ['missing', "answered HTTP 404 (not_found): $.ids[0]: no Movie with id 'mhmov-no-such-movie'"],
  ])(
    'hql run -q %s',
    async (query, answer) => {
      const run = promisify(execFile)(process.execPath, [hqlBin, 'run', file, '-q', query], {
        env: { ...process.env, NO_COLOR: '1' },
      })
      const failed = (await run.then(
        () => expect.unreachable('hql run succeeded'),
        (error: unknown) => error,
      )) as { code: number; stderr: string }
      expect(failed.stderr).toMatch(/^error: POST http:\/\/127\.0\.0\.1:\d+\/graph\/\w+ answered/)
      expect(failed.stderr).toContain(answer)
      expect(failed.code).not.toBe(0)
    },
    30_000,
  )
})
