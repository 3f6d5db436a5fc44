import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hql, keyContributors, primaryImage, returnType, userSocial } from 'hql'
import {
  browsableTypes,
  buildResponseCheck,
  envelopeSchemas,
  maxCachedBodyChecks,
  responseCheckOf,
  responseCheckOfBody,
  responseSchemas,
} from '../../src/model/core'
import { generatedQuery, type GeneratedQuery } from './generated-queries'
import {
  defaultsOf,
  mhidOf,
  randomFrom,
  ResponseMaker,
  type BreakSite,
  type Requested,
} from './promised-responses'

// The per-query response check (src/model/response/query-check): generated queries, with responses built to
// keep their promise (they pass) and responses that break one promise each (they fail, at that path only).

/** A response that keeps the query's promise, and the sites that would each break one promise. */
function keptResponse(query: GeneratedQuery, seed: number): { response: unknown; sites: BreakSite[] } {
  const maker = new ResponseMaker(randomFrom(seed))
  const components = (query.body['components'] ?? []) as Requested[]
  const items = (at: (string | number)[]) =>
    Array.from({ length: 1 + maker.random(3) }, (_, i) =>
      maker.pair(query.types, components, {}, [...at, i], query.promised),
    )
  if (query.endpoint !== 'silos') return { response: maker.paged(items(['content']), []), sites: maker.sites }
  const silos = [0, 1].map((i) => {
    const silo = { title: `Silo ${i}`, ...maker.paged(items(['silos', i, 'content']), ['silos', i]) }
    maker.sites.push({
      kind: 'title',
      path: ['silos', i, 'title'],
      apply: () => void (silo.title = 7 as never),
    })
    return silo
  })
  return { response: { silos, ...maker.paged([], []) }, sites: maker.sites }
}

describe('the per-query response check (property)', () => {
  it('passes every response that keeps the promise, fields nobody asked for included', () => {
    fc.assert(
      fc.property(generatedQuery, fc.nat(), (query, seed) => {
        const { response } = keptResponse(query, seed)
        const result = responseCheckOfBody(query.endpoint, query.body).safeParse(response)
        expect(result.success ? [] : result.error.issues).toEqual([])
      }),
      { numRuns: 300 },
    )
  })

  it('fails a response that breaks one promise, at that path and there only', () => {
    const kinds = new Set<string>()
    fc.assert(
      fc.property(generatedQuery, fc.nat(), fc.nat(), (query, seed, pick) => {
        const { response, sites } = keptResponse(query, seed)
        const site = sites[pick % sites.length]!
        site.apply()
        kinds.add(site.kind)
        const result = buildResponseCheck(query.endpoint, query.body).safeParse(response)
        expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([site.path])
      }),
      { numRuns: 600 },
    )
    // Every kind of broken promise was met.
    expect([...kinds].sort()).toEqual(['context', 'mhid', 'missing', 'paging', 'shape', 'title', 'type'])
  })
})

const movie = (n: number, extra: Record<string, unknown> = {}) => ({
  object: { mhid: mhidOf('Movie', n), name: 'M', altId: 'mhmov-m', releaseDate: 0, ...extra },
  context: {},
})
const series = (n: number) => ({
  object: { mhid: mhidOf('ShowSeries', n), name: 'S', altId: 'mhsss-s', releaseDate: 0 },
  context: {},
})
const image = { object: defaultsOf('Image', 9), context: {} }
const page = (...content: unknown[]) => ({ content, pagingInfo: { next: null } })
const issuesOf = (result: { success: boolean; error?: { issues: readonly unknown[] } }) =>
  result.success ? [] : result.error!.issues

describe('the per-query response check', () => {
  const movies = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)

  it("refuses the issue's example that the generic check let through, naming each broken promise", () => {
    const response = page(series(0), movie(1))
    expect(responseSchemas.explore.safeParse(response).success).toBe(true)
    expect(issuesOf(responseCheckOf(movies).safeParse(response))).toEqual([
      { path: ['content', 0, 'object', 'mhid'], message: 'expected a Movie, got a ShowSeries' },
      {
        path: ['content', 1, 'object', 'primaryImage'],
        message: 'primaryImage was requested and is missing',
      },
    ])
  })

  it('returns the response as received, fields the query did not ask for included', () => {
    const response = page(movie(0, { primaryImage: image, socialMetrics: 'not asked for', later: [1] }))
    const result = responseCheckOf(movies).safeParse(response)
    expect(result).toEqual({ success: true, data: response })
    expect(result.success && result.data).toBe(response)
  })

  it('requires a component requested on a union only of the types it applies to', () => {
    const query = hql.explore().filter(returnType.in('Movie', 'Trait')).with(keyContributors)
    const genre = { object: defaultsOf('Trait', 3), context: {} }
    const check = responseCheckOf(query)
    expect(issuesOf(check.safeParse(page(genre)))).toEqual([])
    expect(issuesOf(check.safeParse(page(genre, movie(1))))).toEqual([
      {
        path: ['content', 1, 'object', 'keyContributors'],
        message: 'keyContributors was requested and is missing',
      },
    ])
  })

  it('does not require userSocial, which only a user token gets, but checks it when present', () => {
    const check = responseCheckOf(hql.explore().filter(returnType.eq('Movie')).with(userSocial))
    expect(issuesOf(check.safeParse(page(movie(0))))).toEqual([])
    expect(issuesOf(check.safeParse(page(movie(0, { userSocial: { userLikes: 'yes' } }))))).not.toEqual([])
  })

  it("allows lookup's {} only for a query with a mapped source id", () => {
    const mapped = responseCheckOfBody('lookup', { ids: ['iTunes:Movie:1', 'mhmov-gladiator'] })
    expect(issuesOf(mapped.safeParse(page({}, movie(0))))).toEqual([])
    const byMhid = responseCheckOfBody('lookup', { ids: ['mhmov-gladiator'] })
    expect(issuesOf(byMhid.safeParse(page({})))).toEqual([
      { path: ['content', 0, 'object'], message: 'expected a value, got nothing' },
      { path: ['content', 0, 'context'], message: 'expected a value, got nothing' },
    ])
  })

  it('promises the types the lookup ids name', () => {
    const check = responseCheckOfBody('lookup', { ids: ['mhmov-gladiator', 'mhric-russell-crowe'] })
    expect(issuesOf(check.safeParse(page(movie(0))))).toEqual([])
    expect(issuesOf(check.safeParse(page(series(1))))).toEqual([
      {
        path: ['content', 0, 'object', 'mhid'],
        message: 'expected a Movie or a Contributor, got a ShowSeries',
      },
    ])
  })

  it("checks a component continuation's page: the parent, and the list with what is requested on its items", () => {
    // The body of a keyContributors list's next (a lookup of the parent, the component with its page).
    const body = {
      ids: [mhidOf('Movie', 0)],
      components: [{ name: 'keyContributors', components: [{ name: 'primaryImage' }], pageSize: 5, page: 1 }],
    }
    const contributor = {
      object: { mhid: mhidOf('Contributor', 1), name: 'C', altId: 'mhric-c' },
      context: { relationships: [{ contribution: 'Actor' }] },
    }
    const list = (item: unknown) => ({ keyContributors: { content: [item], pagingInfo: { next: null } } })
    const check = responseCheckOfBody('lookup', body)
    const withImage = { ...contributor, object: { ...contributor.object, primaryImage: image } }
    expect(issuesOf(check.safeParse(page(movie(0, list(withImage)))))).toEqual([])
    expect(issuesOf(check.safeParse(page(movie(0, list(contributor)))))).toEqual([
      {
        path: ['content', 0, 'object', 'keyContributors', 'content', 0, 'object', 'primaryImage'],
        message: 'primaryImage was requested and is missing',
      },
    ])
  })

  it.each([
    ['a body that is not an object', 'explore', 'x'],
    ['components that are not a list', 'explore', { filters: {}, components: 'primaryImage' }],
    ['an unknown component', 'explore', { filters: {}, components: [{ name: 'constructor' }] }],
    ['a component that is not an object', 'explore', { filters: {}, components: [null] }],
    ['a component named by no string', 'explore', { filters: {}, components: [{ name: ['images'] }] }],
    [
      'nested components that are not a list',
      'lookup',
      { ids: ['mhmov-a'], components: [{ name: 'images', components: {} }] },
    ],
    ['an operator it does not know', 'explore', { filters: { returnType: { $like: 'Movie' } } }],
    ['a type name it does not know', 'relate', { filters: { returnType: { $eq: '__proto__' } } }],
    ['lookup ids that are not strings', 'lookup', { ids: [1] }],
    ['components nested past any query', 'lookup', { ids: ['mhmov-a'], components: nested(20) }],
  ] as const)('falls back to the envelope check for %s', (_, endpoint, body) => {
    expect(responseCheckOfBody(endpoint, body)).toBe(envelopeSchemas[endpoint])
  })

  it('builds the checker once per query and once per promise of the bodies from the wire', () => {
    expect(responseCheckOf(movies)).toBe(responseCheckOf(movies))
    const body = (page: number) => ({
      filters: { returnType: { $eq: 'Movie' } },
      components: [{ name: 'keyContributors', pageSize: 5, page }],
      page,
    })
    const first = responseCheckOfBody('explore', body(0))
    expect(responseCheckOfBody('explore', body(3))).toBe(first)
    // Past the cache's bound, the least recently used is built again.
    // (Each of these bodies promises something else: another set of returned types.)
    for (let n = 1; n <= maxCachedBodyChecks; n++) {
      const types = browsableTypes.filter((_, bit) => (n >> bit) & 1)
      responseCheckOfBody('relate', { factors: [], filters: { returnType: { $in: types } } })
    }
    expect(responseCheckOfBody('explore', body(0))).not.toBe(first)
  })
})

function nested(depth: number): unknown {
  return depth === 0 ? [] : [{ name: 'items', components: nested(depth - 1) }]
}
