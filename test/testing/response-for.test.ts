// hql/testing's responseFor: responses built to keep what a query promises (samples or the embedded catalog),
// overridden by path, and refused where an override breaks the promise.
import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'msw/node'
import {
  createClient,
  fromJSON,
  hql,
  HqlError,
  keyContributors,
  primaryImage,
  returnType,
  silo,
  socialMetrics,
  staticTokenGrant,
  userSocial,
  type Query,
} from 'hql'
import { fixture, hqlHandlers, responseFor } from 'hql/testing'
import { responseCheckOf } from '../../src/model/core'
import { generatedQuery } from '../model/generated-queries'

type Path = (string | number)[]
type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every place in a built response where 42 breaks one promise: each object's fields, and its name. */
function breakSites(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => breakSites(item, [...at, i]))
  if (!isObject(value)) return []
  const sites: Path[] = []
  if (isObject(value['object']) && 'context' in value)
    for (const [key, field] of Object.entries(value['object']))
      if (isObject(field) || key === 'name') sites.push([...at, 'object', key])
  for (const [key, field] of Object.entries(value)) sites.push(...breakSites(field, [...at, key]))
  return sites
}

/** An override that puts `value` at `path`, lists keyed by index. */
const overrideAt = (path: Path, value: unknown): unknown =>
  path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value)

const issuesOf = (query: Query, response: unknown) => {
  const result = responseCheckOf(query).safeParse(response)
  return result.success ? [] : result.error.issues
}

describe('responseFor (property)', () => {
  // The check's generator writes bodies the check reads; fromJSON wants a silos request's blueprints typed.
  const queries = generatedQuery.map(({ endpoint, body }) => {
    if (endpoint !== 'silos') return fromJSON(endpoint, body) as Query
    const { page: _page, ...rest } = body
    return fromJSON(endpoint, { ...rest, blueprints: [{ type: 'Explore' }] }) as Query
  })

  it("builds a response that passes the query's own check, for every generated query", () => {
    fc.assert(
      fc.property(queries, fc.integer({ min: 0, max: 3 }), (query, items) => {
        expect(issuesOf(query, responseFor(query, undefined, { items }))).toEqual([])
      }),
      { numRuns: 300 },
    )
  })

  it('refuses an override that breaks a promise, naming its path', () => {
    fc.assert(
      fc.property(queries, fc.nat(), (query, pick) => {
        const sites = breakSites(responseFor(query))
        fc.pre(sites.length > 0)
        const path = sites[pick % sites.length]!
        const error = catchError(() => responseFor(query, overrideAt(path, 42) as never))
        expect(error).toBeInstanceOf(HqlError)
        expect(error).toMatchObject({ code: 'response_breaks_query', path })
      }),
      { numRuns: 300 },
    )
  })
})

function catchError(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('responseFor', () => {
  const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors)

  it('fills what the query promises: every image field, every relationships context, paging', () => {
    const response = responseFor(movies)
    expect(response.content).toHaveLength(2)
    const [first] = response.content
    expect(Object.keys(first!.object.primaryImage.object).sort()).toEqual(
      [
        'averageColor',
        'isDefault',
        'large',
        'medium',
        'mhid',
        'name',
        'original',
        'small',
        'thumbnail',
      ].sort(),
    )
    // The documented contributions: a director and producer, then cast with a role (issue 28).
    expect(first!.object.keyContributors.content.map(({ context }) => context.relationships)).toEqual([
      [{ contribution: 'Director' }, { contribution: 'Producer' }],
      [{ contribution: 'Cast', role: 'Role 1' }],
    ])
    expect(response.pagingInfo).toEqual({ next: null, previous: null })
    // Every object has its own mhid, and the same query gives the same response.
    const mhids = [...JSON.stringify(response).matchAll(/"mhid":"(\w+)"/g)].map((m) => m[1])
    expect(new Set(mhids).size).toBe(mhids.length)
    expect(responseFor(movies)).toEqual(response)
  })

  it('overrides by path: a list as a list or keyed by index, growing it to the index named', () => {
    const response = responseFor(movies, {
      content: {
        3: {
          object: {
            name: 'Alien',
            keyContributors: { content: [{}, { context: { sorting: { position: 9 } } }] },
          },
        },
      },
    })
    expect(response.content.map((item) => item.object.name)).toEqual([
      // Each movie's two key contributors take the numbers between.
      'Movie 1',
      'Movie 5',
      'Movie 9',
      'Alien',
    ])
    const contributors = response.content[3]!.object.keyContributors.content
    expect(contributors[1]!.context).toEqual({
      relationships: [{ contribution: 'Cast', role: 'Role 1' }],
      sorting: { position: 9 },
    })
    expect(issuesOf(movies, response)).toEqual([])
  })

  it("builds an item of the type its overridden mhid names, with that type's components", () => {
    const q = hql.explore().filter(returnType.in('Movie', 'Contributor')).with(keyContributors)
    const response = responseFor(q, { content: [{ object: { mhid: 'mhric-ridley-scott' } }] })
    const item = response.content[0]!.object
    expect(item).toMatchObject({ mhid: 'mhric-ridley-scott', name: 'Contributor 1' })
    expect(item).not.toHaveProperty('keyContributors')
  })

  it('answers a lookup with one item per id, of its type and with its id', () => {
    const id = 'mhsss000000000000000000000000000000000000007'
    const response = responseFor(hql.lookup('mhmov-gladiator', id).with(socialMetrics))
    expect(response.content.map(({ object }) => [object.mhid.slice(0, 5), object.altId])).toEqual([
      ['mhmov', 'mhmov-gladiator'],
      ['mhsss', 'mhsss-show-series-2'],
    ])
    expect(response.content[1]!.object.mhid).toBe(id)
  })

  it('builds silos with titles, their items and paging', () => {
    const q = hql.silos(silo.explore()).with(primaryImage)
    const response = responseFor(q, { silos: { 1: { title: 'Westerns' } } }, { items: 1 })
    expect(response.silos.map((silo) => [silo.title, silo.content.length])).toEqual([
      ['Silo 1', 1],
      ['Westerns', 1],
    ])
  })

  it("answers from the embedded catalog, overrides on top, an unknown id's 404 as its error", () => {
    const q = hql.lookup('mhmov-gladiator').with(primaryImage, userSocial)
    const response = responseFor(
      q,
      { content: [{ object: { name: 'Gladiator (2000)' } }] },
      { from: 'catalog' },
    )
    expect(response.content[0]!.object).toMatchObject({ name: 'Gladiator (2000)', altId: 'mhmov-gladiator' })
    expect(response.content[0]!.object.userSocial).toBeDefined()
    expect(
      catchError(() => responseFor(hql.lookup('mhmov-no-such-film'), undefined, { from: 'catalog' })),
    ).toMatchObject({ code: 'not_found', message: expect.stringContaining('the catalog answered 404') })
  })

  it('lets a broken response through when asked to (check: false), for tests of strict validation', () => {
    const broken = responseFor(
      movies,
      { content: [{ object: { primaryImage: null as never } }] },
      { check: false },
    )
    expect(issuesOf(movies, broken)).toEqual([
      { path: ['content', 0, 'object', 'primaryImage'], message: expect.any(String) },
    ])
  })

  it('keeps an override key named __proto__ an own field, reaching no prototype', () => {
    const override = JSON.parse('{"content":[{"object":{"__proto__":{"polluted":true}}}]}') as never
    const response = responseFor(movies, override)
    expect(Object.hasOwn(response.content[0]!.object, '__proto__')).toBe(true)
    expect(({} as Json)['polluted']).toBeUndefined()
    expect(Object.getPrototypeOf(response.content[0]!.object)).toBe(Object.prototype)
  })

  it.each([-1, 1.5])('refuses items %s', (items) => {
    expect(() => responseFor(movies, undefined, { items })).toThrow(RangeError)
  })
})

describe('responseFor with the msw handlers', () => {
  const baseUrl = 'https://graph.response-for.test'
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())

  it("serves a built response as a fixture that the client's strict check accepts", async () => {
    const response = responseFor(movies(), { content: { 0: { object: { name: 'Alien' } } } })
    server.use(...hqlHandlers({ baseUrl, catalog: false, fixtures: [fixture(movies(), response)] }))
    const client = createClient({ baseUrl, auth: staticTokenGrant('t'), retry: false })
    const page = await client.run(movies())
    expect(page).toEqual(response)
    expect(page.content[0]!.object.name).toBe('Alien')
  })

  // A new query object each time: the fixture matches the request, not the object.
  function movies() {
    return hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors(primaryImage))
  }
})
