// The committed JSON Schema of HQL requests: what the model generates today, accepting every request the
// builder and compile can make, and refusing requests fromJSON refuses, checked with a real validator (Ajv).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { compile, fromJSON, HqlError } from 'hql'
import { anyQuery } from '../support/arbitraries'
import { requestJsonSchema, requestSchemaText, SCHEMA_FILE } from '../../scripts/request-schema'

const file = SCHEMA_FILE
const committed = JSON.parse(readFileSync(file, 'utf8')) as { $id: string }
// Strict, but for strictRequired: the blueprint's `not: { required: [positions, probability] }` (the two
// exclude each other) names properties that the `not` itself does not declare, which is the point of it.
const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false })
ajv.addSchema(committed)
const validateRequest = ajv.getSchema(committed.$id)!
const validateBody = (endpoint: string, body: unknown): boolean => {
  const name = `${endpoint[0]!.toUpperCase()}${endpoint.slice(1)}Request`
  return ajv.validate(`${committed.$id}#/$defs/${name}`, body)
}

describe('schema/hql-request.schema.json', () => {
  it('is what `npm run schema` generates from the model today', async () => {
    expect(readFileSync(file, 'utf8'), 'run `npm run schema` and commit the result').toBe(
      await requestSchemaText(),
    )
    expect(committed).toEqual(requestJsonSchema())
  })

  it('accepts every request compile emits, and each body against its endpoint’s definition', () => {
    fc.assert(
      fc.property(anyQuery, (q) => {
        const request = compile(q)
        // Through JSON, as the request travels: no undefined, no prototypes.
        const json = JSON.parse(JSON.stringify(request)) as typeof request
        expect(validateRequest(json), ajv.errorsText(validateRequest.errors)).toBe(true)
        expect(validateBody(q.endpoint, json.body), ajv.errorsText(ajv.errors)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })

  // Bodies fromJSON refuses for reasons a JSON Schema can state. (It cannot state the component catalogue's
  // applicability rules or duplicate names; fromJSON remains the full check.)
  const refused: [string, string, unknown][] = [
    ['explore', 'no filters', { sort: [] }],
    ['explore', 'an unknown key', { filters: {}, colour: 'blue' }],
    ['explore', 'a filter value of the wrong id type', { filters: { traits: { $eq: 'mhmov-gladiator' } } }],
    ['explore', 'two operators in one', { filters: { traits: { $eq: 'mhgnr-a', $ne: 'mhgnr-b' } } }],
    ['explore', 'an empty $in', { filters: { contributors: { $in: [] } } }],
    ['explore', 'an unknown type name', { filters: { returnType: { $eq: 'Film' } } }],
    ['explore', 'an unknown filter', { filters: { genre: { $eq: 'mhgnr-drama' } } }],
    ['explore', 'a page size of 0', { filters: {}, pageSize: 0 }],
    ['explore', 'a negative page', { filters: {}, page: -1 }],
    ['explore', 'a fractional page', { filters: {}, page: 1.5 }],
    ['explore', 'an unknown sort', { filters: {}, sort: [{ type: 'rating' }] }],
    ['explore', 'an unknown component', { filters: {}, components: [{ name: 'primaryImg' }] }],
    ['explore', 'idsOrder without ids', { filters: {}, sort: [{ type: 'idsOrder', ids: [] }] }],
    ['relate', 'no factors', { factors: [] }],
    ['relate', 'a negative weight', { factors: [{ id: 'mhmov-gladiator', weight: -1 }] }],
    ['relate', 'a factor that names a trait', { factors: [{ id: 'mhgnr-drama' }] }],
    ['lookup', 'no ids', { ids: [] }],
    ['lookup', 'an id that is no id', { ids: ['Gladiator'] }],
    ['silos', 'no blueprints', { blueprints: [] }],
    [
      'silos',
      'positions with probability',
      { blueprints: [{ type: 'Explore', positions: [0], probability: 0.5 }] },
    ],
    ['silos', 'a probability above 1', { blueprints: [{ type: 'Explore', probability: 2 }] }],
    ['silos', 'a Content blueprint without ids', { blueprints: [{ type: 'Content', params: {} }] }],
    ['silos', 'an unknown blueprint', { blueprints: [{ type: 'Trending' }] }],
  ]

  it.each(refused)('%s: refuses %s, as fromJSON does', (endpoint, _what, body) => {
    expect(() => fromJSON(endpoint as 'explore', body)).toThrow(HqlError)
    expect(validateBody(endpoint, body)).toBe(false)
    expect(validateRequest({ endpoint: `/graph/${endpoint}`, method: 'POST', body })).toBe(false)
  })

  it('refuses a request whose body belongs to another endpoint, or another method', () => {
    const explore = { filters: { returnType: { $eq: 'Movie' } } }
    expect(validateRequest({ endpoint: '/graph/explore', method: 'POST', body: explore })).toBe(true)
    expect(validateRequest({ endpoint: '/graph/lookup', method: 'POST', body: explore })).toBe(false)
    expect(validateRequest({ endpoint: '/graph/explore', method: 'GET', body: explore })).toBe(false)
  })
})
