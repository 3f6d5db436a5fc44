// Objects that mimic arrays (issue 27): `{ "length": { "toString": [] } }` wherever a body holds a list (ids,
// factors, `$in`, `$all`, `$or`, blueprints, a sort list and an idsOrder's ids, components at any depth, a
// blueprint's positions and a Content blueprint's ids). A list rule asks `Array.isArray` before it reads
// anything, so fromJSON answers with an HqlError at the list's path, never a TypeError from reading a length;
// and the reference service, which reads bodies with fromJSON, answers 4xx with a JSON error, never 500.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compile, fromJSON, HqlError } from 'hql'
import type { EndpointName, JsonPath } from 'hql'
import { createService, type Service } from 'hql/service'
import { anyQuery } from '../support/arbitraries'
import { fuzzRuns } from './support'
import { briefReport } from './brief-report'

/** Things a JSON body may hold where a list belongs, each of which reads a little like one. */
const mimic = fc.constantFrom<unknown>(
  { length: { toString: [] } },
  { length: { valueOf: [] } },
  { length: 1, 0: 'mhmov-a' },
  { length: -1 },
  { length: 1e9 },
  { length: '3' },
  { 0: { name: 'primaryImage' } },
  {},
)

/** The paths of every list in `value`, outermost first. */
function listPaths(value: unknown, path: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return []
  const here = Array.isArray(value) ? [path] : []
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value)
  return [...here, ...entries.flatMap(([key, item]) => listPaths(item, [...path, key]))]
}

/** A copy of `body` with the value at `path` replaced. */
function replaced(body: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value
  const [key, ...rest] = path
  const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>
  copy[key as string | number] = replaced(copy[key as string | number], rest, value)
  return copy
}

/** A compiled body (through JSON, as it travels) with one of its lists replaced by an array mimic. */
const mimicked = anyQuery
  .map((query) => ({
    endpoint: query.endpoint as EndpointName,
    body: JSON.parse(JSON.stringify(compile(query).body)) as unknown,
  }))
  .chain(({ endpoint, body }) => {
    const paths = listPaths(body)
    return paths.length === 0
      ? fc.constant(undefined)
      : fc
          .tuple(fc.constantFrom(...paths), mimic)
          .map(([path, value]) => ({ endpoint, path, body: replaced(body, path, value) }))
  })
  .filter((value) => value !== undefined)

describe('an object that mimics an array where a list belongs', () => {
  it('is refused by fromJSON with an HqlError at the list, never a TypeError', () => {
    fc.assert(
      fc.property(mimicked, (mimic) => {
        const { endpoint, path, body } = mimic as NonNullable<typeof mimic>
        let thrown: unknown
        try {
          fromJSON(endpoint, body)
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBeInstanceOf(HqlError)
        // The list's own path, or a path above it (a rule that refuses the object holding it first).
        const at = (thrown as HqlError).path
        expect(path.slice(0, at.length)).toEqual(at)
      }),
      briefReport(fuzzRuns(300)),
    )
  })

  it('in each of the places the issue names', () => {
    const like = { length: { toString: [] } }
    const bodies: [EndpointName, unknown, JsonPath][] = [
      ['lookup', { ids: like }, ['ids']],
      ['silos', { ids: like, blueprints: [{ type: 'Explore' }] }, ['ids']],
      ['relate', { factors: like }, ['factors']],
      ['explore', { filters: { traits: { $in: like } } }, ['filters', 'traits', '$in']],
      ['explore', { filters: { traits: { $all: like } } }, ['filters', 'traits', '$all']],
      ['explore', { filters: { traits: { $or: like } } }, ['filters', 'traits', '$or']],
      ['explore', { filters: { traits: { $or: [{ $in: like }] } } }, ['filters', 'traits', '$or', 0, '$in']],
      ['silos', { blueprints: like }, ['blueprints']],
      ['explore', { filters: {}, sort: like }, ['sort']],
      ['explore', { filters: {}, sort: [{ type: 'idsOrder', ids: like }] }, ['sort', 0, 'ids']],
      ['explore', { filters: {}, components: like }, ['components']],
      [
        'lookup',
        { ids: ['mhmov-a'], components: [{ name: 'keyContributors', components: like }] },
        ['components', 0, 'components'],
      ],
      ['silos', { blueprints: [{ type: 'Explore', positions: like }] }, ['blueprints', 0, 'positions']],
      [
        'silos',
        { blueprints: [{ type: 'Content', params: { ids: like } }] },
        ['blueprints', 0, 'params', 'ids'],
      ],
      [
        'silos',
        { blueprints: [{ type: 'Explore', filters: { traits: { $in: like } } }] },
        ['blueprints', 0, 'filters', 'traits', '$in'],
      ],
    ]
    for (const [endpoint, body, path] of bodies) {
      let thrown: unknown
      try {
        fromJSON(endpoint, JSON.parse(JSON.stringify(body)))
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(body)).toBeInstanceOf(HqlError)
      expect((thrown as HqlError).path).toEqual(path)
    }
  })
})

describe('the reference service, given an array mimic where a list belongs', () => {
  let service: Service
  let token: string

  beforeAll(async () => {
    service = await createService({ rateLimit: false, authFailureLimit: false })
    const answer = await fetch(`${service.authUrl}/1.3/security/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: service.demo.clientId,
        client_secret: service.demo.clientSecret,
      }),
    })
    token = ((await answer.json()) as { access_token: string }).access_token
  })
  afterAll(() => service.close())

  const post = (endpoint: string, body: string) =>
    fetch(`${service.baseUrl}/graph/${endpoint}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body,
    })

  it('answers a lookup of 34 bytes with 400 and a JSON error naming the list', async () => {
    const answer = await post('lookup', '{"ids":{"length":{"toString":[]}}}')
    expect(answer.status).toBe(400)
    expect(await answer.json()).toMatchObject({ error: 'invalid_request', path: '$.ids' })
  })

  it('answers 4xx with a JSON error, never 500, for any such body', async () => {
    await fc.assert(
      fc.asyncProperty(mimicked, async (mimic) => {
        const { endpoint, body } = mimic as NonNullable<typeof mimic>
        const answer = await post(endpoint, JSON.stringify(body))
        expect(answer.status, JSON.stringify(body).slice(0, 300)).toBeGreaterThanOrEqual(400)
        expect(answer.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500)
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
        expect(typeof ((await answer.json()) as { error?: unknown }).error).toBe('string')
      }),
      briefReport(fuzzRuns(60)),
    )
  })
})
