// The client against the reference service for the types issue 11 brought in: seasons and episodes, group and
// fictional contributors, the thumbnail of an image, and raw Basic client authentication. Real HTTP on
// 127.0.0.1, the client's strict response checks on (its default).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  clientCredentialsGrant,
  contributions,
  contributors,
  contributorsOf,
  createClient,
  recommended,
  hql,
  images,
  keyContributors,
  keyTraits,
  passwordGrant,
  primaryImage,
  releaseDate,
  returnType,
  sources,
  thumbnail,
  type PagingClient,
} from 'hql'
import { createService, type Service } from 'hql/service'

// `:`-free id; a secret with every character the form encoding would change.
const odd = { clientId: 'odd-app', clientSecret: 'a+b/c=d%e f:g' }

let service: Service
let client: PagingClient
beforeAll(async () => {
  service = await createService({
    rateLimit: false,
    clients: [{ clientId: odd.clientId, clientSecret: odd.clientSecret }],
  })
  client = createClient({
    baseUrl: service.baseUrl,
    auth: passwordGrant({ authUrl: service.authUrl, ...service.demo, scope: ['public_profile'] }),
    ...recommended(),
  })
})
afterAll(() => service.close())

describe('client credentials on the wire', () => {
  it('authenticates a secret with + / = % and : against the reference service, Basic raw by default', async () => {
    const raw = createClient({
      baseUrl: service.baseUrl,
      auth: clientCredentialsGrant({ authUrl: service.authUrl, ...odd }),
    })
    const page = await raw.run(hql.lookup('mhmov-gladiator'))
    expect(page.content[0]?.object.name).toBe('Gladiator')
    // Form-encoded first (RFC 6749 §2.3.1), the same secret reads as another: the service refuses it.
    const form = createClient({
      baseUrl: service.baseUrl,
      auth: clientCredentialsGrant({ authUrl: service.authUrl, ...odd, basicAuth: 'form' }),
    })
    await expect(form.run(hql.lookup('mhmov-gladiator'))).rejects.toMatchObject({ error: 'invalid_client' })
  })
})

describe('seasons and episodes', () => {
  it('looks an episode and a season up with components, typed by the id prefix', async () => {
    const q = hql
      .lookup('mhsep-game-of-thrones-s01e01-winter-is-coming', 'mhssn-game-of-thrones-season-1')
      .with(primaryImage(thumbnail), images, keyContributors, keyTraits, sources)
    const [episode, season] = (await client.run(q)).content
    expect(episode?.object.name).toBe('Winter is Coming')
    expect(episode?.object.mhid).toMatch(/^mhsep/)
    expect(episode?.object.releaseDate).toBe(Date.UTC(2011, 3, 17) / 1000)
    expect(episode?.object.primaryImage.object.original.url).toMatch(/^http:\/\/static\.tvmaze\.com\//)
    const still = episode?.object.primaryImage.object
    expect(still?.thumbnail.url).toMatch(/^http/)
    expect(episode?.object.images.content).toHaveLength(1)
    expect(episode?.object.keyContributors.content).toEqual([])
    expect(season?.object.name).toBe('Game of Thrones Season 1')
    expect(season?.object.description).toMatch(/^Season 1 of Game of Thrones: 10 episodes/)
    expect(season?.object.primaryImage.object.isDefault).toBe(true)
  })

  it('explores every episode in air-date order through items(), and the seasons', async () => {
    const episodes = hql.explore().filter(returnType.eq('ShowEpisode')).sort(releaseDate.asc()).pageSize(9)
    const names: string[] = []
    for await (const { object } of client.items(episodes.with(primaryImage))) {
      expect(object.mhid).toMatch(/^mhsep/)
      expect(object.primaryImage.object.isDefault).toBe(false)
      names.push(object.name)
    }
    expect(names).toHaveLength(73)
    expect([names[0], names.at(-1)]).toEqual(['Winter is Coming', 'The Iron Throne'])
    const seasons = await client.run(
      hql.explore().filter(returnType.eq('ShowSeason')).sort(releaseDate.asc()),
    )
    expect(seasons.content.map((p) => p.object.name)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Game of Thrones Season ${n}`),
    )
  })
})

describe('group and fictional contributors', () => {
  it('looks up a band and a character with their contributions', async () => {
    const q = hql
      .lookup('mhrgc-the-who', 'mhfic-kermit-the-frog')
      .with(primaryImage, contributions(primaryImage))
    const [band, frog] = (await client.run(q)).content
    expect(band?.object.mhid).toMatch(/^mhrgc/)
    expect(band?.object.contributions.content.map((p) => p.object.name)).toEqual(['Woodstock'])
    expect(frog?.object.mhid).toMatch(/^mhfic/)
    expect(frog?.object.contributions.content[0]?.context.relationships).toEqual([{ contribution: 'Cast' }])
  })

  it('explores by them and finds them among the contributors of a film', async () => {
    const films = await client.run(hql.explore().filter(contributors.eq('mhrgc-the-who')))
    expect(films.content.map((p) => p.object.name)).toEqual(['Woodstock'])
    const [muppets] = (await client.run(hql.lookup('mhmov-the-muppets'))).content
    if (muppets === undefined) throw new Error('the sample catalog has no The Muppets (2011)')
    const cast = hql
      .explore()
      .filter(returnType.eq('Contributor'), contributorsOf.eq(muppets.object.mhid))
      .with(contributions.pageSize(1))
      .pageSize(100)
    const altIds = (await client.run(cast)).content.map((p) => p.object.altId)
    expect(altIds).toEqual(
      expect.arrayContaining(['mhfic-kermit-the-frog', 'mhfic-miss-piggy', 'mhfic-walter']),
    )
  })
})
