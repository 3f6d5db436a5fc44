import { describe, expect, test } from 'vitest'
import { compile, fromJSON, hql, HqlValidationError, returnType, primaryImage, keyContributors } from 'hql'
import { caught } from '../support/caught'

describe('fromJSON', () => {
  test('accepts the canonical form and compiles it back unchanged', () => {
    const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage)).pageSize(3)
    expect(compile(fromJSON('explore', compile(q).body))).toEqual(compile(q))
  })

  test('accepts the older forms and emits the canonical form', () => {
    const relate = fromJSON('relate', {
      factors: ['mhmov-gladiator', { id: 'mhric-russell-crowe', boostOnly: 'true', weight: 0.5 }],
      filters: { source: { $eq: 'mhsrc-itunes' }, returnType: { $eq: 'movie' } },
      components: ['primaryImage', { name: 'keyContributors', components: ['primaryImage'] }],
    })
    expect(compile(relate).body).toEqual({
      factors: [{ id: 'mhmov-gladiator' }, { id: 'mhric-russell-crowe', weight: 0.5, boostOnly: true }],
      filters: { returnType: { $eq: 'Movie' }, sources: { $eq: 'mhsrc-itunes' } },
      components: [
        { name: 'primaryImage' },
        { name: 'keyContributors', components: [{ name: 'primaryImage' }] },
      ],
    })
  })

  test('puts keys in canonical order whatever the input order', () => {
    const q = fromJSON('explore', {
      pageSize: 2,
      components: [{ components: [{ name: 'primaryImage' }], name: 'keyContributors' }],
      filters: {},
    })
    expect(JSON.stringify(compile(q).body)).toBe(
      '{"filters":{},"components":[{"name":"keyContributors","components":[{"name":"primaryImage"}]}],"pageSize":2}',
    )
  })

  test('errors name the JSON path and say what was expected', () => {
    const unknown = caught(() =>
      fromJSON('lookup', { ids: ['mhmov-a'], components: [{ name: 'primaryImg' }] }),
    )
    expect(unknown).toBeInstanceOf(HqlValidationError)
    expect(unknown.code).toBe('unknown_component')
    expect(unknown.message).toBe(
      "$.components[0].name: unknown component 'primaryImg'; did you mean 'primaryImage'?",
    )

    const prefix = caught(() =>
      fromJSON('explore', { filters: { contributors: { $in: ['mhric-a', 'mhmov-b'] } } }),
    )
    expect(prefix.code).toBe('wrong_id_prefix')
    expect(prefix.path).toEqual(['filters', 'contributors', '$in', 1])

    const nested = caught(() =>
      fromJSON('explore', { filters: { traits: { $or: [{ $all: ['mhgnr-a', 7] }] } } }),
    )
    expect(nested.path).toEqual(['filters', 'traits', '$or', 0, '$all', 1])
    expect(nested.message).toContain('got 7')

    const placement = caught(() =>
      fromJSON('silos', { blueprints: [{ type: 'Explore', positions: [1], probability: 0.2 }] }),
    )
    expect(placement.code).toBe('positions_with_probability')
    expect(placement.path).toEqual(['blueprints', 0, 'probability'])

    expect(caught(() => fromJSON('explore', { filters: {}, pageSize: 0 })).code).toBe('invalid_page_size')
    expect(caught(() => fromJSON('explore', { filters: {}, page: -1 })).code).toBe('invalid_page')
    expect(caught(() => fromJSON('explore', { filter: {} })).path).toEqual(['filters'])
  })

  test('checks components against returnType after the schema', () => {
    const error = caught(() =>
      fromJSON('explore', {
        filters: { returnType: { $eq: 'Movie' } },
        components: [{ name: 'allSubscriptions' }],
      }),
    )
    expect(error.code).toBe('component_not_applicable')
    expect(error.path).toEqual(['components', 0, 'name'])
  })

  test('reports every schema issue at once', () => {
    const error = caught(() =>
      fromJSON('explore', { filters: { traits: { $eq: 1 } }, pageSize: -3, extra: true }),
    )
    expect(error).toBeInstanceOf(HqlValidationError)
    const paths = (error as HqlValidationError).issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['filters.traits.$eq', 'pageSize', 'extra']))
  })

  test('refuses what is not an object, and an unknown endpoint', () => {
    expect(caught(() => fromJSON('explore', null)).message).toContain('got null')
    expect(caught(() => fromJSON('explore', [])).code).toBe('invalid_request')
    expect(caught(() => fromJSON('nope' as never, {})).code).toBe('invalid_endpoint')
  })

  test('compile refuses a hand-made object and points to fromJSON', () => {
    const error = caught(() => compile({ endpoint: 'explore', body: { filters: {} } } as never))
    expect(error.code).toBe('not_a_query')
    expect(error.message).toContain('fromJSON')
  })

  test('deep bodies are refused with a path, never a stack overflow', () => {
    let operator: unknown = { $eq: 'mhgnr-drama' }
    for (let i = 0; i < 1000; i++) operator = { $or: [operator] }
    const deepOr = caught(() => fromJSON('explore', { filters: { traits: operator } }))
    expect(deepOr.code).toBe('too_deep')
    expect(deepOr.path.slice(0, 4)).toEqual(['filters', 'traits', '$or', 0])

    let components: unknown = [{ name: 'primaryImage' }]
    for (let i = 0; i < 3000; i++) components = [{ name: 'keyContributors', components }]
    expect(caught(() => fromJSON('lookup', { ids: ['mhmov-a'], components })).code).toBe('too_deep')
  })

  test('components nest at most five levels', () => {
    const level = (depth: number): unknown =>
      depth === 1
        ? { name: 'primaryImage' }
        : { name: depth % 2 === 1 ? 'contributions' : 'keyContributors', components: [level(depth - 1)] }
    // A contributor's contributions, their key contributors, their contributions, … down to an image.
    expect(() => fromJSON('lookup', { ids: ['mhric-a'], components: [level(5)] })).not.toThrow()
    const error = caught(() => fromJSON('lookup', { ids: ['mhric-a'], components: [level(7)] }))
    expect(error.code).toBe('too_deep')
  })

  test('a factor of the wrong kind names every kind a factor may be', () => {
    const error = caught(() => fromJSON('relate', { factors: [{ id: 'mhsrc-itunes' }] }))
    expect(error.code).toBe('wrong_id_prefix')
    expect(error.path).toEqual(['factors', 0, 'id'])
    expect(error.message).toContain('a user, a contributor or media')
  })
})
