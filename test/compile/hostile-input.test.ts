import { describe, expect, test } from 'vitest'
import { compile, fromJSON, HqlError } from 'hql'
import type { EndpointName } from 'hql'
import { closest } from '../../src/model/suggest'
import { caught } from '../support/caught'
import { expectBuiltinsUntouched, prototypeKeys } from '../fuzz/support'

// Issue 9, items 1 and 2: prototype keys as values and as keys, in every position of every endpoint's body.

/** Bodies with `value` in each position that holds a string: filters, operators, ids, names, types. */
function bodiesWithValue(value: string): [EndpointName, unknown][] {
  return [
    ['explore', { filters: { returnType: { $in: value } } }],
    ['explore', { filters: { returnType: { $in: [value] } } }],
    ['explore', { filters: { returnType: { $eq: value } } }],
    ['explore', { filters: { returnType: { $all: value } } }],
    ['explore', { filters: { returnType: { $or: [{ $in: value }] } } }],
    ['explore', { filters: { returnType: { $or: [value] } } }],
    ['explore', { filters: { traits: { $in: [value] } } }],
    ['explore', { filters: {}, sort: [{ type: value }] }],
    ['explore', { filters: {}, sort: [{ type: 'property', property: value }] }],
    ['explore', { filters: {}, components: [value] }],
    ['explore', { filters: {}, components: [{ name: value }] }],
    ['relate', { factors: [value] }],
    ['relate', { factors: [{ id: value }] }],
    ['relate', { factors: ['mhmov-a'], filters: { returnType: { $in: value } } }],
    ['relate', { factors: ['mhmov-a'], filters: { returnType: { $all: [value] } } }],
    ['lookup', { ids: [value] }],
    ['lookup', { ids: value }],
    ['silos', { blueprints: [{ type: value }] }],
    ['silos', { blueprints: [{ type: 'Explore', filters: { returnType: { $in: value } } }] }],
    ['silos', { blueprints: [{ type: 'Explore', filters: { returnType: { $or: [{ $eq: value }] } } }] }],
    ['silos', { blueprints: [{ type: 'Explore', params: { name: value } }] }],
    ['silos', { blueprints: [{ type: 'Content', params: { ids: [value] } }] }],
    ['silos', { ids: [value], blueprints: [{ type: 'Explore' }] }],
  ]
}

describe('prototype keys as values', () => {
  test.each(prototypeKeys)('%s in every position: an HqlError, and the built-ins untouched', (value) => {
    const untouched = expectBuiltinsUntouched()
    for (const [endpoint, body] of bodiesWithValue(value)) {
      let result: unknown
      try {
        result = compile(fromJSON(endpoint, body)).body
      } catch (error) {
        expect(error, `${endpoint} ${JSON.stringify(body)}`).toBeInstanceOf(HqlError)
      }
      // Accepted only where any string is (a Content blueprint's name): never turned into something else.
      if (result !== undefined) expect(JSON.stringify(result)).toContain(JSON.stringify(value))
    }
    untouched()
    expect(Object.isFrozen(Object.prototype)).toBe(false)
    expect(Object.isFrozen(Object)).toBe(false)
  })

  test('the lowercase legacy type names are still upgraded, and nothing else is', () => {
    const q = fromJSON('explore', { filters: { returnType: { $in: ['movie', 'SHOWSERIES'] } } })
    expect(compile(q).body.filters).toEqual({ returnType: { $in: ['Movie', 'ShowSeries'] } })
    const error = caught(() => fromJSON('explore', { filters: { returnType: { $in: ['__proto__'] } } }))
    expect(error.path).toEqual(['filters', 'returnType', '$in', 0])
    expect(error.message).toContain("unknown type '__proto__'")
  })
})

/** JSON texts with an own `key` in each position that holds an object (JSON.parse makes `__proto__` own). */
function textsWithKey(key: string): [EndpointName, string, (string | number)[]][] {
  const k = JSON.stringify(key)
  const v = '{"$eq":"Movie"}'
  return [
    ['explore', `{"filters":{"returnType":{${k}:${v}}}}`, ['filters', 'returnType', key]],
    ['explore', `{"filters":{"returnType":{"$eq":"Movie",${k}:"Movie"}}}`, ['filters', 'returnType', key]],
    ['explore', `{"filters":{"returnType":{"$or":[{${k}:${v}}]}}}`, ['filters', 'returnType', '$or', 0, key]],
    ['explore', `{"filters":{${k}:${v}}}`, ['filters', key]],
    ['explore', `{"filters":{},${k}:{"page":1}}`, [key]],
    ['explore', `{"filters":{},"sort":[{"type":"random",${k}:{}}]}`, ['sort', 0, key]],
    ['explore', `{"filters":{},"components":[{"name":"primaryImage",${k}:{}}]}`, ['components', 0, key]],
    ['relate', `{"factors":[{"id":"mhmov-a",${k}:{"weight":2}}]}`, ['factors', 0, key]],
    ['relate', `{"factors":["mhmov-a"],"filters":{"traits":{${k}:${v}}}}`, ['filters', 'traits', key]],
    ['lookup', `{"ids":["mhmov-a"],${k}:{"ids":["mhmov-b"]}}`, [key]],
    ['silos', `{"blueprints":[{"type":"Explore",${k}:{"positions":[0]}}]}`, ['blueprints', 0, key]],
    [
      'silos',
      `{"blueprints":[{"type":"Explore","params":{${k}:{"name":"x"}}}]}`,
      ['blueprints', 0, 'params', key],
    ],
    [
      'silos',
      `{"blueprints":[{"type":"Explore","filters":{"returnType":{${k}:${v}}}}]}`,
      ['blueprints', 0, 'filters', 'returnType', key],
    ],
  ]
}

describe('prototype keys as keys', () => {
  test.each(prototypeKeys)('an own %s key is refused at its path, in every position', (key) => {
    const untouched = expectBuiltinsUntouched()
    for (const [endpoint, text, path] of textsWithKey(key)) {
      const error = caught(() => fromJSON(endpoint, JSON.parse(text)))
      // Reported at the key (an unknown key), or at the object that holds it (an operator that is none).
      expect(error.path.slice(0, path.length - 1), text).toEqual(path.slice(0, -1))
      if (error.code === 'unknown_key') expect(error.path, text).toEqual(path)
    }
    untouched()
  })

  test('{"__proto__": {"$eq": "Movie"}} is not read as $eq: an unknown key with its path', () => {
    const body = JSON.parse('{"filters":{"returnType":{"__proto__":{"$eq":"Movie"}}}}') as unknown
    const error = caught(() => fromJSON('explore', body))
    expect(error.code).toBe('unknown_key')
    expect(error.path).toEqual(['filters', 'returnType', '__proto__'])
    expect(error.message).toBe(`$.filters.returnType.__proto__: unknown key '__proto__'`)
  })

  test('an own __proto__ key is refused wherever it stands, as an unknown key', () => {
    for (const [endpoint, text, path] of textsWithKey('__proto__')) {
      const error = caught(() => fromJSON(endpoint, JSON.parse(text)))
      // Under `filters` the key is a filter name: unknown_filter, as for any other unknown filter.
      expect(error.code, text).toBe(path.at(-2) === 'filters' ? 'unknown_filter' : 'unknown_key')
      expect(error.path, text).toEqual(path)
    }
  })
})

describe('hostile sizes of one value', () => {
  test('a megabyte-long unknown name is refused without a slow suggestion', () => {
    const name = 'x'.repeat(1_000_000)
    const error = caught(() => fromJSON('lookup', { ids: ['mhmov-a'], components: [{ name }] }))
    expect(error.code).toBe('unknown_component')
    // Work counted, not timed: each edit distance starts by lowercasing its candidate. A word far longer than
    // every candidate computes none (before, a 1 MB name cost ~800 ms of distances).
    let distances = 0
    const counted = ['primaryImage', 'keyContributors'].map((candidate) =>
      Object.assign(new String(candidate), {
        toLowerCase: () => {
          distances++
          return candidate.toLowerCase()
        },
      }),
    ) as unknown as string[]
    expect(closest(name, counted)).toBeUndefined()
    expect(distances).toBe(0)
    expect(String(closest('primaryImag', counted))).toBe('primaryImage')
    expect(distances).toBe(1)
  })
})
