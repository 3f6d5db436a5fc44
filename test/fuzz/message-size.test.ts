// Messages under huge input (the hostile-input issue): an error repeats a bounded part of what it was given.
// A megabyte name or key used to come back whole in `message` (twice for a key: in the path and the reason),
// and `hql.lookup(hugeArray)` gave a 2 MB message. Whatever the size of one value, in every position of the
// four endpoints, the builder and the text: an HqlError with a short message, whose `path` field still holds
// the key exactly (it is data; only the text of the message is cut).
import fc from 'fast-check'
import { anyString } from '../support/any-text'
import { describe, expect, it } from 'vitest'
import { component, fromJSON, hql, HqlError, parseQuery, returnType } from 'hql'
import type { EndpointName, JsonPath } from 'hql'
import { HqlTextError } from '../../src/text'
import { briefReport } from './brief-report'

/** Far above any message the code writes (the longest are ~300 characters), far below what it was given. */
const maxMessage = 2_000

// Cases differ only in the characters and the length of one huge value, so a dozen per property cover them.
// Fixed, not scaled by HQL_FUZZ_RUNS: each case makes megabytes, and 100,000 of them would take hours.
const runs = 12

/**
 * A string of at least 100,000 characters, made of `unit` repeated: as `{ text }`, so that a failure report
 * shows its length and start rather than all of it.
 */
const huge = (unit: fc.Arbitrary<string>): fc.Arbitrary<{ text: string }> =>
  fc.tuple(unit, fc.integer({ min: 100_000, max: 300_000 })).map(([part, length]) => {
    const text = part.repeat(Math.ceil(length / part.length))
    return {
      text,
      [fc.toStringMethod]: () => `${text.length} characters: ${JSON.stringify(text.slice(0, 60))}`,
    }
  })

/** Any characters, lone surrogates too: what JSON or a JavaScript caller may hold. */
const anyHuge = huge(anyString({ minLength: 1, maxLength: 6 }))
/** A name the text reads as one word (the parser's name characters). */
const hugeName = huge(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,5}$/))
/** What a text string may hold unescaped: letters, digits, punctuation of ids, a space, astral characters. */
const hugeTextString = huge(
  fc.string({ unit: fc.constantFrom('a', 'Z', '9', '-', ':', ' ', 'é', '😀'), minLength: 1, maxLength: 6 }),
)

/** Runs `run` and returns the HqlError it throws; a short message is checked here for every case. */
function refused(run: () => unknown): HqlError {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(HqlError)
  const error = caught as HqlError
  expect(error.message.length).toBeLessThan(maxMessage)
  return error
}

// Ids end in a space: no id form holds whitespace, so the value is refused whatever its characters.
type Position = (value: string) => [EndpointName, unknown, JsonPath]
const valuePositions: Position[] = [
  (v) => ['explore', { filters: {}, components: [{ name: v }] }, ['components', 0, 'name']],
  (v) => ['explore', { filters: { traits: { $eq: `${v} ` } } }, ['filters', 'traits', '$eq']],
  (v) => [
    'explore',
    { filters: { contributors: { $in: ['mhric-a', `${v} `] } } },
    ['filters', 'contributors', '$in', 1],
  ],
  (v) => ['explore', { filters: { returnType: { $in: [v] } } }, ['filters', 'returnType', '$in', 0]],
  (v) => ['explore', { filters: {}, sort: [{ type: v }] }, ['sort', 0, 'type']],
  (v) => ['explore', { filters: {}, sort: [{ type: 'property', property: v }] }, ['sort', 0, 'property']],
  (v) => ['explore', { filters: {}, pageSize: v }, ['pageSize']],
  (v) => ['relate', { factors: [{ id: `${v} ` }] }, ['factors', 0, 'id']],
  (v) => ['lookup', { ids: ['mhmov-a', `${v} `] }, ['ids', 1]],
  (v) => ['lookup', { ids: ['mhmov-a'], components: [{ name: v }] }, ['components', 0, 'name']],
  (v) => ['silos', { blueprints: [{ type: v }] }, ['blueprints', 0, 'type']],
  (v) => [
    'silos',
    { blueprints: [{ type: 'Content', params: { ids: [`${v} `] } }] },
    ['blueprints', 0, 'params', 'ids', 0],
  ],
  (v) => ['silos', { ids: [`${v} `], blueprints: [{ type: 'Explore' }] }, ['ids', 0]],
]
const keyPositions: Position[] = [
  (k) => ['explore', { filters: { [k]: { $eq: 'x' } } }, ['filters', k]],
  (k) => ['explore', { filters: {}, [k]: 1 }, [k]],
  (k) => ['explore', { filters: {}, sort: [{ type: 'random', [k]: 1 }] }, ['sort', 0, k]],
  (k) => ['explore', { filters: {}, components: [{ name: 'primaryImage', [k]: 1 }] }, ['components', 0, k]],
  (k) => ['relate', { factors: ['mhmov-a'], filters: { [k]: { $eq: 'x' } } }, ['filters', k]],
  (k) => ['lookup', { ids: ['mhmov-a'], [k]: 1 }, [k]],
  (k) => [
    'silos',
    { blueprints: [{ type: 'Explore', params: { [k]: 'x' } }] },
    ['blueprints', 0, 'params', k],
  ],
  (k) => [
    'silos',
    { blueprints: [{ type: 'Explore', filters: { [k]: { $eq: 'x' } } }] },
    ['blueprints', 0, 'filters', k],
  ],
]

describe('a huge value or key gets a short message, at its exact path', () => {
  it('fromJSON, every endpoint: values', () => {
    fc.assert(
      fc.property(anyHuge, ({ text: value }) => {
        for (const position of valuePositions) {
          const [endpoint, body, path] = position(value)
          expect(refused(() => fromJSON(endpoint, body)).path).toEqual(path)
        }
      }),
      briefReport(runs),
    )
  })

  it('fromJSON, every endpoint: keys, in the path whole and in the message cut', () => {
    fc.assert(
      fc.property(anyHuge, ({ text: key }) => {
        for (const position of keyPositions) {
          const [endpoint, body, path] = position(key)
          const error = refused(() => fromJSON(endpoint, body))
          expect(error.path).toEqual(path)
          expect(error.message).toContain(`(${key.length} characters)`)
        }
      }),
      briefReport(runs),
    )
  })

  it('the builder: ids, a list passed as one id, component names, filter values', () => {
    const anyHql = hql as unknown as Record<'lookup' | 'relate', (...args: unknown[]) => unknown>
    const anyComponent = component as (name: unknown) => unknown
    fc.assert(
      fc.property(anyHuge, fc.integer({ min: 100_000, max: 200_000 }), ({ text: value }, count) => {
        expect(refused(() => anyHql.lookup('mhmov-a', `${value} `)).path).toEqual(['ids', 1])
        expect(refused(() => anyHql.relate(`${value} `)).path).toEqual(['factors', 0, 'id'])
        expect(refused(() => anyComponent(value)).path).toEqual(['name'])
        // Refused by the filter helper, at its call, at the path the value has in a body.
        expect(refused(() => returnType.eq(value as 'Movie')).path).toEqual(['filters', 'returnType', '$eq'])
        // hql.lookup(ids) where hql.lookup(...ids) was meant: the list is echoed by its first items.
        const ids = Array.from({ length: count }, (_, index) => `mhmov-${index}`)
        const error = refused(() => anyHql.lookup(ids))
        expect(error.path).toEqual(['ids', 0])
        expect(error.message).toContain(`and ${count - 10} more`)
        expect(refused(() => anyComponent(ids)).path).toEqual(['name'])
      }),
      briefReport(runs),
    )
  })

  /** Texts with a huge name or string in one position, with the path the model reports, if any. */
  const texts = (name: string, text: string): [string, Parameters<typeof parseQuery>[1], JsonPath][] => [
    [`explore Movie with ${name}`, undefined, ['components', 0, 'name']],
    [`explore ${name}`, undefined, ['filters', 'returnType', '$eq']],
    [`explore Movie where ${name} = "mhgnr-a"`, undefined, ['filters', name]],
    [`explore Movie where traits = "${text}"`, undefined, ['filters', 'traits', '$eq']],
    [`explore Movie order by ${name}`, undefined, ['sort', 0, 'type']],
    [`lookup "${text} "`, undefined, ['ids', 0]],
    [`relate Movie to "${text} "`, undefined, ['factors', 0, 'id']],
    [`silos for ["mhmov-a"] silo Explore(${name}: "x")`, undefined, ['blueprints', 0, 'params', name]],
    [`lookup "mhmov-a" ${name}`, undefined, []],
    [`query q($${name}: MovieId) lookup $${name}`, undefined, []],
    [`query q($${name}: MovieId) lookup $${name}x`, { params: { [name]: 'mhmov-a' } }, []],
    [`query q($${name}: ${name}) lookup $${name}`, undefined, []],
    ['query q($p: MovieId) lookup $p', { params: { p: `${text} ` } }, []],
    ['query q($p: MovieId) lookup $p', { params: { p: 'mhmov-a', [name]: 1 } }, []],
    ['query q lookup "mhmov-a"', { query: name }, []],
    [`query ${name} lookup "mhmov-a"`, { query: 'q' }, []],
  ]

  it('parseQuery: names, strings, parameters and query names', () => {
    fc.assert(
      fc.property(hugeName, hugeTextString, ({ text: name }, { text }) => {
        for (const [source, options, path] of texts(name, text)) {
          const error = refused(() => parseQuery(source, options))
          expect(error).toBeInstanceOf(HqlTextError)
          expect(error.path).toEqual(path)
        }
      }),
      briefReport(runs),
    )
  })
})
