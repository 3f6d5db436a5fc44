// The client against the reference service over real HTTP: every door a user walks through, with the real
// catalog behind it. Nothing here is mocked; the service runs on 127.0.0.1 in this process.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  hql,
  createClient,
  recommended,
  type PagingClient,
  passwordGrant,
  returnType,
  traits,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  sources,
  silo,
  HttpError,
  type TokenRefreshInfo,
} from 'hql'
import { testPasswordCost } from '../support/password-cost'
import { createService, type Service, type ServiceOptions } from 'hql/service'

const SCOPE = ['public_profile', 'user_likes']
const opened: Service[] = []

async function start(options: ServiceOptions = {}): Promise<Service> {
  const service = await createService({ rateLimit: false, passwordCost: testPasswordCost, ...options })
  opened.push(service)
  return service
}

function clientOf(
  service: Service,
  refreshes: TokenRefreshInfo[] = [],
  refreshMarginMs?: number,
): PagingClient {
  return createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({
      authUrl: service.authUrl,
      ...service.demo,
      scope: SCOPE,
      ...(refreshMarginMs === undefined ? {} : { refreshMarginMs }),
      onTokenRefresh: (info) => void refreshes.push(info),
    }),
    ...recommended(),
  })
}

const westerns = hql
  .explore()
  .filter(returnType.eq('Movie'), traits.eq('mhgnr-western'))
  .sort(releaseDate.desc())

let service: Service
let client: PagingClient
const refreshes: TokenRefreshInfo[] = []
beforeAll(async () => {
  service = await start()
  client = clientOf(service, refreshes)
})
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()))
})

describe('client against the reference service', () => {
  it('signs in with the password grant once, however many calls follow', async () => {
    const before = refreshes.length
    const [a, b] = await Promise.all([client.run(westerns.pageSize(1)), client.run(westerns.pageSize(2))])
    expect(a.content).toHaveLength(1)
    expect(b.content).toHaveLength(2)
    const grants = refreshes.slice(before).map((r) => r.grant)
    // The first test to run signs in; later ones reuse the token.
    expect(grants.length <= 1 && grants.every((g) => g === 'password')).toBe(true)
    expect(refreshes[0]).toMatchObject({ grant: 'password', reason: 'missing', scope: SCOPE.join(' ') })
  })

  it('explore: items() follows every page and yields each item exactly once, in the order of one big page', async () => {
    const whole = await client.run(westerns.pageSize(100))
    expect(whole.pagingInfo.next).toBeNull()
    const expected = whole.content.map((pair) => pair.object.mhid)
    expect(expected.length).toBeGreaterThan(30) // enough for several pages of 7

    const pageSizes: number[] = []
    for await (const page of client.pages(westerns.pageSize(7))) pageSizes.push(page.content.length)
    expect(pageSizes.length).toBe(Math.ceil(expected.length / 7))

    const seen: string[] = []
    for await (const { object } of client.items(westerns.pageSize(7))) seen.push(object.mhid)
    expect(seen).toEqual(expected)
    expect(new Set(seen).size).toBe(seen.length)
    // Newest first, as sorted.
    const years = whole.content.map((pair) => pair.object.releaseDate)
    expect(years).toEqual([...years].sort((x, y) => y - x))
  })

  it('lookup with nested components: the typed result is used as it is, no casts', async () => {
    const gladiator = hql
      .lookup('mhmov-gladiator')
      .with(primaryImage, keyContributors(primaryImage), keyTraits, sources.pageSize(3))
    const [pair] = (await client.run(gladiator)).content
    const film = pair?.object
    expect(film?.name).toBe('Gladiator')
    expect(new Date((film?.releaseDate ?? 0) * 1000).getUTCFullYear()).toBe(2000)
    const people = film?.keyContributors.content ?? []
    expect(people.map((p) => p.object.name)).toContain('Ridley Scott')
    expect(people.map((p) => p.object.name)).toContain('Russell Crowe')
    const director = people.find((p) => p.context.relationships.some((r) => r.contribution === 'Director'))
    expect(director?.object.name).toBe('Ridley Scott')
    for (const person of people)
      expect(person.object.primaryImage.object.original.url).toMatch(/^https?:\/\//)
    expect(film?.primaryImage.object.medium.url).toMatch(/^https?:\/\//)
    expect(film?.keyTraits.content.length).toBeGreaterThan(0)
    expect(film?.sources.content.length).toBeLessThanOrEqual(3)
  })

  it('relate: follows next through the bare /relate endpoint the service returns', async () => {
    const like = hql.relate('mhmov-gladiator', { id: 'mhric-russell-crowe', weight: 0.5 }).pageSize(5)
    const first = await client.run(like)
    expect(first.pagingInfo.next?.endpoint).toBe('/relate')
    const items = await client.collect(like, { maxItems: 12, truncate: true })
    expect(items).toHaveLength(12)
    expect(items.slice(0, 5).map((p) => p.object.mhid)).toEqual(first.content.map((p) => p.object.mhid))
    const names = items.map((p) => p.object.name)
    expect(names).not.toContain('Gladiator') // factors are never returned
    expect(new Set(names).size).toBe(names.length)
  })

  it('silos: items() yields each silo’s pairs tagged with the silo’s title', async () => {
    const home = hql
      .silos(silo.explore({ name: 'Popular now', positions: [0] }), silo.basedOnItem({}))
      .ids('mhmov-gladiator')
      .filter(returnType.eq('Movie'))
      .siloPageSize(4)
    const response = await client.run(home)
    const titles = response.silos.map((s) => s.title)
    expect(titles[0]).toBe('Popular now')
    expect(titles).toContain('Because you liked Gladiator')

    const items = []
    for await (const item of client.items(home)) items.push(item)
    const expected = response.silos.flatMap((s) => s.content.map((p) => `${s.title}/${p.object.mhid}`))
    expect(items.map((i) => `${i.silo}/${i.object.mhid}`)).toEqual(expected)
  })

  it('a request the service refuses is an HttpError with the service’s path', async () => {
    // The builder accepts any positive page size; the service caps it at 100.
    const error = await client.run(westerns.pageSize(500)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    const http = error as HttpError
    expect(http.status).toBe(400)
    expect(http.body).toMatchObject({ error: 'page_size_too_large', status: 400, path: '$.pageSize' })
    expect(http.message).not.toContain(service.demo.password)
  })
})

describe('tokens over time', () => {
  // The client's clock and the service's are one faked Date, moved by hand, so that each call lands a
  // millisecond before or after the moment the token starts to count as expiring. This fails for a client
  // that refreshes before every call, for one that refreshes only once the token has expired, and for one
  // that ignores the margin's cap at half the lifetime.
  it.each([
    { lifetimeSeconds: 600, refreshMarginMs: 60_000, expiringAfterMs: 540_000 },
    // The default margin (60 s) is capped at half of a 60 s lifetime.
    { lifetimeSeconds: 60, refreshMarginMs: undefined, expiringAfterMs: 30_000 },
  ])(
    'refreshes exactly refreshMarginMs before expiry (lifetime $lifetimeSeconds s, margin $refreshMarginMs)',
    async ({ lifetimeSeconds, refreshMarginMs, expiringAfterMs }) => {
      vi.useFakeTimers({ toFake: ['Date'] })
      try {
        const t0 = Date.UTC(2026, 0, 1)
        vi.setSystemTime(t0)
        const timed = await start({ tokenLifetimeSeconds: lifetimeSeconds, now: () => Date.now() })
        const seen: TokenRefreshInfo[] = []
        const c = clientOf(timed, seen, refreshMarginMs)
        const grantsAt = async (ms: number) => {
          vi.setSystemTime(t0 + ms)
          expect((await c.run(westerns.pageSize(1))).content).toHaveLength(1)
          return seen.map((r) => `${r.grant}:${r.reason}`)
        }
        expect(await grantsAt(0)).toEqual(['password:missing'])
        expect(await grantsAt(1_000)).toEqual(['password:missing'])
        expect(await grantsAt(expiringAfterMs - 1)).toEqual(['password:missing'])
        // Still valid at the service for the rest of the margin, yet renewed now, with the refresh token.
        expect(await grantsAt(expiringAfterMs + 1)).toEqual(['password:missing', 'refresh_token:expiring'])
        expect(seen[1]?.expiresAt).toBe(t0 + expiringAfterMs + 1 + lifetimeSeconds * 1000)
        // The renewed token is fresh again for as long as the first one was.
        expect(await grantsAt(2 * expiringAfterMs)).toHaveLength(2)
        expect(await grantsAt(2 * expiringAfterMs + 2)).toEqual([
          'password:missing',
          'refresh_token:expiring',
          'refresh_token:expiring',
        ])
      } finally {
        vi.useRealTimers()
      }
    },
  )

  it('on a 401 for a token the service no longer accepts, refreshes and retries the request once', async () => {
    // The service's clock runs two hours ahead of the client's: the client's token still looks fresh to it,
    // the service says it expired an hour ago, and the refresh token (14 days) is still good.
    let skewMs = 0
    const skewed = await start({ now: () => Date.now() + skewMs })
    const seen: TokenRefreshInfo[] = []
    const c = clientOf(skewed, seen, 0)
    await c.run(westerns.pageSize(1))
    skewMs = 2 * 3600_000
    const items: string[] = []
    for await (const { object } of c.items(westerns.pageSize(3), { maxItems: 7 })) items.push(object.mhid)
    expect(items).toHaveLength(7)
    expect(new Set(items).size).toBe(7)
    // The renewed token is minted on the service's clock, so it is fresh there: one refresh is enough.
    expect(seen.map((r) => `${r.grant}:${r.reason}`)).toEqual(['password:missing', 'refresh_token:rejected'])
  })
})
