import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClient, hql, passwordGrant, HttpError, type Client, type FetchLike, type Query } from 'hql'
import { createService, type Service } from 'hql/service'
import { blocks, headings, read, root } from './markdown'
import { testPasswordCost } from '../support/password-cost'

// docs/responses.md shows, per endpoint, a query (a ts block exporting `query`) and an abridged response (the
// json block after it). This runs each query against the reference service, as the page says, and checks that
// the block is a faithful abridgement of today's answer (the page's conventions):
// - an object shows exactly the keys of the answer's object, in the same order;
// - "…" stands for any value; a string ending with "…" is a prefix of the answer's string;
// - an array whose last element is "…" shows a prefix of the answer's array; otherwise the whole array.
const ELLIPSIS = '…'

/** Where `shown` is not a faithful abridgement of `actual`, as paths with what differs; [] when it is. */
export function unfaithful(shown: unknown, actual: unknown, path = '$'): string[] {
  if (shown === ELLIPSIS) return []
  if (typeof shown === 'string' && shown.endsWith(ELLIPSIS))
    return typeof actual === 'string' && actual.startsWith(shown.slice(0, -1))
      ? []
      : [`${path}: ${JSON.stringify(actual)} does not start with ${JSON.stringify(shown.slice(0, -1))}`]
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual))
      return [`${path}: an array is shown, the answer has ${JSON.stringify(actual)}`]
    const more = shown.at(-1) === ELLIPSIS
    const items = more ? shown.slice(0, -1) : shown
    if (more ? actual.length <= items.length : actual.length !== items.length)
      return [
        `${path}: ${items.length}${more ? ' and more' : ''} items shown, the answer has ${actual.length}`,
      ]
    return items.flatMap((item, i) => unfaithful(item, actual[i], `${path}[${i}]`))
  }
  if (typeof shown === 'object' && shown !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: an object is shown, the answer has ${JSON.stringify(actual)}`]
    const keys = Object.keys(shown)
    const actualKeys = Object.keys(actual)
    if (keys.join() !== actualKeys.join())
      return [`${path}: keys ${keys.join()} shown, the answer has ${actualKeys}`]
    return keys.flatMap((key) =>
      unfaithful(
        (shown as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    )
  }
  return Object.is(shown, actual)
    ? []
    : [`${path}: ${JSON.stringify(shown)} shown, the answer has ${JSON.stringify(actual)}`]
}

const page = 'docs/responses.md'
const text = read(page)
const dir = `${root}test/docs/.response-queries`

/** Each section of the page that shows a response: its heading, the query's code, the json shown. */
const examples = headings(text)
  .filter((h) => h.level === 2)
  .map((h) => {
    const start = text.indexOf(`\n## ${h.text}\n`)
    const end = text.indexOf('\n## ', start + 1)
    const section = blocks(page, text.slice(start, end === -1 ? undefined : end))
    return {
      name: h.text,
      code: section.find((b) => b.lang === 'ts')?.code,
      http: section.find((b) => b.lang === 'http')?.code,
      json: section.find((b) => b.lang === 'json')?.code,
    }
  })
  .filter((e) => e.json !== undefined)

/** An http block: the request line, headers up to a blank line, then the body. */
function parseHttp(block: string): { method: string; url: string; headers: Headers; body: string } {
  const [head = '', body = ''] = block.split(/\n\n/)
  const [line = '', ...fields] = head.split('\n')
  const [method = '', url = ''] = line.split(' ')
  const headers = new Headers(
    fields.map((f): [string, string] => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1).trim()]),
  )
  return { method, url, headers, body: body.trim() }
}

/** Headers as a plain record, names lower-cased. */
function headerFields(headers: Headers): Record<string, string> {
  const fields = Object.create(null) as Record<string, string>
  headers.forEach((value, name) => (fields[name] = value))
  return fields
}

let service: Service
let client: Client

/** A client of the reference service signed in as its demo user, with the scopes the examples need. */
const demoClient = (fetchWith?: FetchLike) =>
  createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({
      authUrl: service.authUrl,
      ...service.demo,
      scope: ['public_profile', 'user_likes'],
    }),
    retry: false,
    ...(fetchWith && { fetch: fetchWith }),
  })
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost })
  client = demoClient()
  mkdirSync(dir, { recursive: true })
})
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true })
  await service?.close()
})

describe('docs/responses.md shows what the reference service answers', () => {
  test('every endpoint has its example, and an error', () => {
    expect(examples.map((e) => e.name)).toEqual([
      'Explore',
      'Relate',
      'Lookup',
      'Silos',
      'The token endpoint',
      'An error',
    ])
  })

  test.each(examples.filter((e) => e.http === undefined))(
    '$name: the json block abridges the answer to the query above it',
    async (example) => {
      expect(example.code, 'a ts block exporting `query`').toMatch(/^export const query =/m)
      const file = `${dir}/${example.name.replaceAll(' ', '-')}.ts`
      writeFileSync(file, example.code ?? '')
      const { query } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { query: Query }
      const answer = await client.run(query).catch((error: unknown) => {
        if (error instanceof HttpError) return error.body
        throw error
      })
      expect(unfaithful(JSON.parse(example.json ?? ''), answer)).toEqual([])
    },
  )

  // The token endpoint's section shows the request itself (an http block): it is sent as written, to the
  // service's origin, and the answer must be the json shown; with a wrong password, the OAuth error it names.
  test('The token endpoint: the http block, sent as written, is answered as shown', async () => {
    const example = examples.find((e) => e.http !== undefined)
    const request = parseHttp(example?.http ?? '')
    expect(request.url).toBe(`${new URL(service.authUrl).pathname}/1.3/security/oauth/token`)
    const send = (body: string) =>
      fetch(new URL(request.url, service.baseUrl), { method: request.method, headers: request.headers, body })
    const answer = await send(request.body)
    expect(answer.status).toBe(200)
    expect(unfaithful(JSON.parse(example?.json ?? ''), await answer.json())).toEqual([])

    const refused = await send(request.body.replace('password=demo-password', 'password=wrong'))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ error: 'invalid_grant', error_description: 'Bad credentials' })
    expect(text).toContain('{ "error": "invalid_grant", "error_description": "Bad credentials" }')
  })

  test('The token endpoint: the http block is the request passwordGrant sends', async () => {
    const block = parseHttp(examples.find((e) => e.http !== undefined)?.http ?? '')
    const sent: { url: string; init: RequestInit }[] = []
    // The real fetch, over real HTTP: only what the client hands it is kept.
    const watched = demoClient((url, init) => (sent.push({ url, init }), fetch(url, init)))
    await watched.run(hql.lookup('mhmov-gladiator'))
    const token = sent.find(({ url }) => url.startsWith(service.authUrl))
    expect(token?.init.method).toBe(block.method)
    expect(new URL(token?.url ?? '').pathname).toBe(block.url)
    expect(headerFields(new Headers(token?.init.headers))).toEqual(headerFields(block.headers))
    expect(String(token?.init.body)).toBe(block.body)
  })

  test('the abridgement check refuses what is not in the answer', () => {
    const answer = { content: [{ name: 'Gladiator', year: 2000 }, { name: 'Heat' }], next: null }
    expect(unfaithful({ content: [{ name: 'Glad…', year: 2000 }, '…'], next: null }, answer)).toEqual([])
    expect(unfaithful({ content: '…', next: '…' }, answer)).toEqual([])
    expect(
      unfaithful({ content: [{ name: 'Gladiator', year: 2001 }, '…'], next: null }, answer),
    ).toHaveLength(1)
    expect(unfaithful({ content: [{ name: 'Gladiator' }, '…'], next: null }, answer)).toHaveLength(1)
    expect(unfaithful({ content: [{ name: 'Gladiator', year: 2000 }], next: null }, answer)).toHaveLength(1)
    expect(unfaithful({ content: '…' }, answer)).toHaveLength(1)
    expect(unfaithful({ content: '…', next: '…', more: 1 }, answer)).toHaveLength(1)
  })
})
