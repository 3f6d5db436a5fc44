// The console blocks of docs/cli.md and docs/client.md show what a program prints when the service refuses.
// Each is produced here for real, from the reference service (its port written as the page's), and compared
// whole: a change of wording in an error shows up as a failing page, not a stale one.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClient, hql, passwordGrant, returnType, type Query } from 'hql'
import { createService, type Service } from 'hql/service'
import { hqlProcess } from '../cli/process'
import { blocks } from './markdown'
import { testPasswordCost } from '../support/password-cost'

const consoleBlocks = (page: string) => blocks(page).filter((b) => b.lang === 'console')

/** `text` with the origin of `url` written as the page writes it, `http://127.0.0.1:<port>`. */
const asOnPage = (text: string, url: string, port: string) =>
  text.replaceAll(new URL(url).origin, `http://127.0.0.1:${port}`)

let service: Service
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
})
afterAll(() => service?.close())

/** The message of what `run` throws for `query`, signed in as the demo user with `password`. */
async function failure(query: Query, password = service.demo.password): Promise<string> {
  const client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, password }),
    retry: false,
  })
  const error = await client.run(query).then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(Error)
  return asOnPage((error as Error).message, service.baseUrl, '4000')
}

describe('console samples', () => {
  test('docs/cli.md: what `hql run` prints for a page size the service refuses', async () => {
    const [sample] = consoleBlocks('docs/cli.md')
    const file = join(await mkdtemp(join(tmpdir(), 'hql-sample-')), 'q.hql')
    await writeFile(file, 'query q explore page size 500\n')
    const run = await hqlProcess(['run', file])
    expect(run.code).toBe(3)
    const port = /127\.0\.0\.1:(\d+)/.exec(sample?.code ?? '')?.[1] ?? ''
    expect(run.stderr.replace(/http:\/\/127\.0\.0\.1:\d+/g, `http://127.0.0.1:${port}`)).toBe(sample?.code)
  })

  test('docs/client.md: the messages of an HttpError and an OAuthError', async () => {
    const [errors, oauth] = consoleBlocks('docs/client.md')
    const lines = [
      await failure(hql.explore().filter(returnType.eq('Movie')).pageSize(500)),
      await failure(hql.lookup('mhmov-no-such-movie')),
    ]
    expect(`${lines.join('\n')}\n`).toBe(errors?.code)
    expect(`${await failure(hql.explore(), 'wrong-password')}\n`).toBe(oauth?.code)
  })
})
