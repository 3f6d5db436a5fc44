// Who asks, against the reference service over HTTP with two users signed in (demo and ana): each kind of query
// the rule names gets a different answer for each (so a shared cache entry would hand one user the other's), is
// refused by hqlQueries without a scope (naming the part of the query), and with a scope keeps one entry a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/query-core'
import {
  ClientConfigError,
  createClient,
  fromJSON,
  hql,
  likeOrder,
  passwordGrant,
  recommended,
  returnType,
  type PagingClient,
  type Query,
} from 'hql'
import { createService, type Service } from 'hql/service'
import { componentCatalogue, componentNames, type ComponentEntry } from '../../src/model/components'
import { hqlQueries } from '../../src/tanstack'
import { dependsOnWhoAsks } from '../../src/tanstack/who-asks'
import { caught } from '../support/caught'
import { testPasswordCost } from '../support/password-cost'

const ana = { username: 'ana', password: 'correct horse' }
let service: Service
let asDemo: PagingClient
let asAna: PagingClient
let demoUser: string
let privateCollection: string
beforeAll(async () => {
  service = await createService({ rateLimit: false, passwordCost: testPasswordCost, users: [ana] })
  const signIn = (user: { username: string; password: string }) =>
    createClient({
      baseUrl: service.baseUrl,
      auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, ...user }),
      ...recommended(),
    })
  asDemo = signIn(service.demo)
  asAna = signIn(ana)
  const me = await asDemo.run(fromJSON('lookup', { ids: ['mhals-current-user'] }))
  demoUser = (me.content[0]!.object as { mhid: string }).mhid
  const owned = await asDemo.run(
    fromJSON('lookup', { ids: [demoUser], components: [{ name: 'ownedCollections' }] }),
  )
  const collections = (
    owned.content[0]!.object as unknown as { ownedCollections: { content: { object: object }[] } }
  ).ownedCollections.content
  const found = collections.find(
    ({ object }) => (object as { permissions?: string }).permissions === 'private',
  )
  privateCollection = (found!.object as { mhid: string }).mhid
})
afterAll(() => service.close())

/** What `client` gets for `query`: the answer as JSON, or the error's code (a private collection is a 404). */
const answer = (client: PagingClient, query: Query) =>
  client.run(query).then(
    (page: unknown) => JSON.stringify((page as { content: unknown }).content),
    (error: { code?: string; status?: number }) => `error ${error.status ?? error.code}`,
  )

describe('queries whose answer depends on who asks', () => {
  // Each kind of query the rule names, with the path hqlQueries names when it has no scope.
  const cases: { what: string; query: () => Query; path: (string | number)[] }[] = [
    {
      what: 'a likeOrder sort (what the user who asks liked)',
      query: () => hql.explore().filter(returnType.eq('Movie')).sort(likeOrder.desc()).pageSize(5),
      path: ['sort', 0, 'type'],
    },
    {
      what: 'a lookup of a User (its email, to that user only)',
      query: () => fromJSON('lookup', { ids: [demoUser] }),
      path: ['ids', 0],
    },
    {
      what: "a User's ownedCollections (private ones, to their owner only)",
      query: () =>
        fromJSON('lookup', {
          ids: ['mhmov-gladiator', demoUser],
          components: [{ name: 'ownedCollections' }],
        }),
      path: ['components', 0, 'name'],
    },
    {
      what: 'a lookup of a private Collection (a 404 for anyone but its owner)',
      query: () => fromJSON('lookup', { ids: ['mhmov-gladiator', privateCollection] }),
      path: ['ids', 1],
    },
  ]

  it.each(cases)(
    '$what: another answer for another user, refused without a scope',
    async ({ query, path }) => {
      const q = query()
      // The premise: demo and ana get different answers from the service.
      const [demo, other] = await Promise.all([answer(asDemo, q), answer(asAna, q)])
      expect(demo).not.toBe(other)
      const refused = caught(() => hqlQueries(asDemo).queryOptions(q), ClientConfigError)
      expect(refused.path).toEqual(path)
      expect(refused.message).toMatch(/depends on who asks \(.+\): give hqlQueries a scope/)
      // With a scope, one QueryClient keeps each user's answer apart.
      const queryClient = new QueryClient()
      const fetch = (client: PagingClient, user: string) =>
        queryClient
          .fetchQuery({ ...hqlQueries(client, { scope: { user } }).queryOptions(q), staleTime: Infinity })
          .then(
            (page: unknown) => JSON.stringify((page as { content: unknown }).content),
            (error: { status?: number; code?: string }) => `error ${error.status ?? error.code}`,
          )
      expect(await fetch(asDemo, 'demo')).toBe(demo)
      expect(await fetch(asAna, 'ana')).toBe(other)
    },
  )

  it('refuses an option hqlQueries does not read, which would leave every key unscoped', () => {
    // A misspelt scope was dropped: keys told no user from another, and only the queries the rule names noticed.
    for (const options of [{ scopes: { user: 'demo' } }, { scope: { user: 'demo' }, staleTime: 1000 }]) {
      const key = Object.keys(options).find((name) => name !== 'scope')!
      const refused = caught(() => hqlQueries(asDemo, options as never), ClientConfigError)
      expect(refused.path).toEqual(['options', key])
      expect(refused.message).toContain('not an option of hqlQueries, which takes scope')
    }
    expect(hqlQueries(asDemo, { scope: { user: 'demo' } }).queryOptions(hql.explore()).queryKey[2]).toEqual({
      scope: { user: 'demo' },
    })
  })

  it('reads the types a query returns: a returnType that lets a User or a Collection through, or none', () => {
    const h = hqlQueries(asDemo)
    const path = (q: Query) => caught(() => h.queryOptions(q), ClientConfigError).path
    expect(path(hql.explore().filter(returnType.eq('User')))).toEqual(['filters', 'returnType'])
    expect(path(hql.explore().filter(returnType.in('Movie', 'Collection')))).toEqual([
      'filters',
      'returnType',
    ])
    expect(path(hql.explore().filter(returnType.ne('Movie')))).toEqual(['filters', 'returnType'])
    expect(path(fromJSON('explore', { filters: {} }))).toEqual(['filters'])
    expect(path(fromJSON('relate', { factors: [{ id: 'mhmov-gladiator' }] }))).toEqual([])
    // Movies only, no component about anyone: no scope needed.
    const movies = hql.explore().filter(returnType.in('Movie', 'ShowSeries')).pageSize(3)
    expect(h.queryOptions(movies).queryKey).toHaveLength(2)
  })

  it("reads each component's catalogue entry, at any depth: those that may return a User or a Collection", () => {
    const refused = componentNames.filter((name) => {
      const nested = { name: 'keyContributors', components: [{ name: 'images', components: [{ name }] }] }
      const found = dependsOnWhoAsks({
        endpoint: 'lookup',
        body: { ids: ['mhmov-gladiator'], components: [nested] },
      } as never)
      if (found) expect(found.path).toEqual(['components', 0, 'components', 0, 'components', 0, 'name'])
      return found !== undefined
    })
    // Written out here, so that the test does not only repeat the rule: what the catalogue says today.
    expect(refused.sort()).toEqual(
      [
        'collections',
        'followers',
        'following',
        'items',
        'likers',
        'liking',
        'ownedCollections',
        'primaryGroup',
        'primaryOwner',
        'userSocial',
      ].sort(),
    )
    for (const name of refused)
      expect(
        name === 'userSocial' ||
          ((componentCatalogue[name] as ComponentEntry).of ?? []).some(
            (type) => type === 'User' || type === 'Collection',
          ),
      ).toBe(true)
  })
})
