// Every older form SERVICE-NOTES.md lists, both ways: fromJSON reads it to the same query as the canonical
// form, compile writes the canonical form, and the reference service answers the older and the canonical
// bodies alike, over HTTP. The lowercase type names are generated from the model's types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compile, fromJSON, objectTypeNames } from 'hql'
import type { EndpointName } from 'hql'
import { startHarness, type Harness } from '../service/helpers'

interface LegacyCase {
  readonly form: string
  readonly endpoint: EndpointName
  readonly legacy: Record<string, unknown>
  readonly canonical: Record<string, unknown>
}

const film = 'mhmov-gladiator'
const person = 'mhric-russell-crowe'

/** The type names returnType takes in canonical form: each has a lowercase older spelling. */
const typeNames = objectTypeNames.filter((type) => {
  try {
    fromJSON('explore', { filters: { returnType: { $eq: type } } })
    return true
  } catch {
    return false
  }
})

const lowercaseTypes: LegacyCase[] = typeNames.flatMap((type) => {
  const lower = type.toLowerCase()
  const other = type === 'Movie' ? 'ShowSeries' : 'Movie'
  return [
    {
      form: `returnType $eq '${lower}'`,
      endpoint: 'explore',
      legacy: { filters: { returnType: { $eq: lower } }, pageSize: 3 },
      canonical: { filters: { returnType: { $eq: type } }, pageSize: 3 },
    },
    {
      form: `returnType $ne '${lower}', $in and nested $or`,
      endpoint: 'explore',
      legacy: {
        filters: {
          returnType: { $or: [{ $ne: lower }, { $in: [lower, other] }, { $or: [{ $eq: lower }] }] },
        },
        pageSize: 3,
      },
      canonical: {
        filters: { returnType: { $or: [{ $ne: type }, { $in: [type, other] }, { $or: [{ $eq: type }] }] } },
        pageSize: 3,
      },
    },
  ]
})

const cases: LegacyCase[] = [
  {
    form: 'a plain string factor',
    endpoint: 'relate',
    legacy: { factors: [film, person], pageSize: 5 },
    canonical: { factors: [{ id: film }, { id: person }], pageSize: 5 },
  },
  {
    form: 'boostOnly as the string "true"',
    endpoint: 'relate',
    legacy: { factors: [{ id: film }, { id: person, boostOnly: 'true' }], pageSize: 5 },
    canonical: { factors: [{ id: film }, { id: person, boostOnly: true }], pageSize: 5 },
  },
  {
    form: 'boostOnly as the string "false"',
    endpoint: 'relate',
    legacy: { factors: [{ id: film }, { id: person, weight: 2, boostOnly: 'false' }], pageSize: 5 },
    canonical: { factors: [{ id: film }, { id: person, weight: 2, boostOnly: false }], pageSize: 5 },
  },
  {
    form: 'plain string components, nested too',
    endpoint: 'lookup',
    legacy: {
      ids: [film],
      components: ['primaryImage', { name: 'keyContributors', components: ['primaryImage'] }],
    },
    canonical: {
      ids: [film],
      components: [
        { name: 'primaryImage' },
        { name: 'keyContributors', components: [{ name: 'primaryImage' }] },
      ],
    },
  },
  {
    form: 'the filter key source for sources',
    endpoint: 'explore',
    legacy: { filters: { source: { $eq: 'mhsrc-itunes' } }, pageSize: 5 },
    canonical: { filters: { sources: { $eq: 'mhsrc-itunes' } }, pageSize: 5 },
  },
  {
    form: 'source and a lowercase type in a blueprint and in the global filters of silos',
    endpoint: 'silos',
    legacy: {
      filters: { returnType: { $eq: 'movie' } },
      blueprints: [{ type: 'Explore', filters: { source: { $in: ['mhsrc-itunes'] } } }],
      siloPageSize: 3,
    },
    canonical: {
      filters: { returnType: { $eq: 'Movie' } },
      blueprints: [{ type: 'Explore', filters: { sources: { $in: ['mhsrc-itunes'] } } }],
      siloPageSize: 3,
    },
  },
  ...lowercaseTypes,
]

let h: Harness
beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
})
afterAll(() => h.service.close())

describe.each(cases)('the older form: $form', ({ endpoint, legacy, canonical }) => {
  it('fromJSON reads it to the query of the canonical form, and compile writes the canonical form', () => {
    const fromLegacy = compile(fromJSON(endpoint, legacy))
    expect(JSON.stringify(fromLegacy)).toBe(JSON.stringify(compile(fromJSON(endpoint, canonical))))
    expect(fromLegacy.body).toEqual(canonical)
  })

  it('the service answers it as it answers the canonical form', async () => {
    const [older, current] = await Promise.all([
      h.post(`/graph/${endpoint}`, legacy),
      h.post(`/graph/${endpoint}`, canonical),
    ])
    expect(current.status).toBe(200)
    expect({ status: older.status, body: older.body }).toEqual({ status: current.status, body: current.body })
  })
})

describe('boostOnly "false" means false', () => {
  const factors = (boostOnly: unknown) => ({ factors: [{ id: person, boostOnly }], pageSize: 10 })

  it('fromJSON reads it as false, not as a present (truthy) value', () => {
    expect(compile(fromJSON('relate', factors('false'))).body).toEqual({
      factors: [{ id: person, boostOnly: false }],
      pageSize: 10,
    })
  })

  it('the service ranks with it as it does with false, and unlike true', async () => {
    const asString = await h.post('/graph/relate', factors('false'))
    const asFalse = await h.post('/graph/relate', factors(false))
    const asTrue = await h.post('/graph/relate', factors(true))
    expect(asString.status).toBe(200)
    expect(asString.body).toEqual(asFalse.body)
    expect(asString.body).not.toEqual(asTrue.body)
  })
})
