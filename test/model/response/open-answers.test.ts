// Issue 28, the model's side: answers at the edges of the result types (values the documents only list as
// "seen", fields nobody documented, Names of any shape, traits without altId, lists as arrays or pages, objects
// of any prefix inside a component) pass the per-query check; an mhid that is not of the documented form, at
// any depth, is refused there and only there. The HTTP cases are test/client/open-answers.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hql, keyContributors, keyTraits, primaryGroup, primaryName, returnType, sources } from 'hql'
import { responseCheckOf } from '../../../src/model/core'

const query = hql
  .explore()
  .filter(returnType.eq('Movie'))
  .with(primaryName, primaryGroup, keyContributors, keyTraits, sources)
const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(39, '0')}`
const pageOf = (content: unknown[]) => ({ content, pagingInfo: { next: null } })

// Keys nobody documented, never one the check reads (nor a prototype's).
const unknownKey = fc.stringMatching(/^[a-z][A-Za-z]{0,8}$/).map((key) => `x_${key}`)
const extraFields = fc.dictionary(unknownKey, fc.jsonValue(), { maxKeys: 3 })
/** Any string: a value the documents list as seen, or one they do not. */
const openValue = (...seen: string[]) => fc.oneof(fc.constantFrom(...seen), fc.string({ maxLength: 12 }))
/** A list as the documents show either: a plain array, or a page. */
const listOf = <T>(item: fc.Arbitrary<T>) =>
  fc
    .tuple(fc.array(item, { maxLength: 3 }), fc.boolean())
    .map(([items, asPage]) => (asPage ? pageOf(items) : items))

const relationship = fc.record(
  { contribution: openValue('Director', 'Producer', 'Cast'), role: fc.string({ maxLength: 8 }) },
  { requiredKeys: ['contribution'] },
)
const contributor = fc
  .tuple(fc.nat(99), extraFields, fc.array(relationship, { maxLength: 2 }), extraFields)
  .map(([n, extra, relationships, contextExtra]) => ({
    object: { ...extra, mhid: id('mhric', n), name: `C${n}`, altId: `mhric-c${n}` },
    context: { ...contextExtra, relationships },
  }))
const trait = fc
  .tuple(fc.nat(99), fc.option(fc.string(), { nil: undefined }), extraFields)
  .map(([n, altId, extra]) => ({
    object: { ...extra, mhid: id('mhgnr', n), name: `T${n}`, ...(altId === undefined ? {} : { altId }) },
    context: {},
  }))
const medium = fc.record({
  type: openValue('stream', 'download', 'deliver', 'pickup', 'attend'),
  methods: fc.array(
    fc.record({
      type: openValue('purchase', 'rental', 'rent', 'subscription', 'adSupported', 'broker'),
      formats: fc.constant([]),
    }),
    { maxLength: 2 },
  ),
})
const source = fc.tuple(fc.nat(99), fc.array(medium, { maxLength: 2 })).map(([n, mediums]) => ({
  object: { mhid: id('mhsrc', n), name: 'S', altId: 'mhsrc-s', connectable: 0, webUrl: 'https://s.example' },
  context: { mediums },
}))
// primaryGroup: a Collection, a graph group, or an object of a prefix hql does not know (passes as it is).
const group = fc.oneof(
  fc.constant({
    mhid: id('mhcol', 1),
    name: 'G',
    altId: 'mhcol-g',
    createdDate: 0,
    description: '',
    permissions: 'public',
    published: true,
  }),
  fc.constant({ mhid: id('mhggp', 2), name: 'G', altId: 'mhggp-g', releaseDate: 0 }),
  fc.constant({ mhid: id('mhzzz', 3) }),
)
const movie = fc
  .record({
    n: fc.nat(99),
    extra: extraFields,
    name: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue(), { maxKeys: 3 }),
    group: fc.option(group, { nil: undefined }),
    keyContributors: listOf(contributor),
    keyTraits: listOf(trait),
    sources: listOf(source),
  })
  .map(({ n, extra, name, group, ...lists }) => ({
    object: {
      ...extra,
      mhid: id('mhmov', n),
      name: `M${n}`,
      altId: `mhmov-m${n}`,
      releaseDate: 0,
      primaryName: name,
      ...(group === undefined ? {} : { primaryGroup: { object: group, context: {} } }),
      ...lists,
    },
    context: {},
  }))

type Json = Record<string, unknown>
/** Every object holding an mhid in a response, with its path. */
function mhidHolders(value: unknown, at: (string | number)[] = []): [Json, (string | number)[]][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => mhidHolders(item, [...at, i]))
  if (typeof value !== 'object' || value === null) return []
  const own: [Json, (string | number)[]][] = 'mhid' in value ? [[value as Json, at]] : []
  return [...own, ...Object.entries(value).flatMap(([key, field]) => mhidHolders(field, [...at, key]))]
}

describe('answers at the edges of the result types (property)', () => {
  it('are accepted, every list handed on as a page', () => {
    fc.assert(
      fc.property(fc.array(movie, { maxLength: 3 }), (content) => {
        const response = pageOf(content)
        const result = responseCheckOf(query).safeParse(response)
        expect(result.success ? [] : result.error.issues).toEqual([])
        for (const { object } of response.content as typeof content)
          for (const list of [object.keyContributors, object.keyTraits, object.sources])
            expect(Array.isArray(list)).toBe(false)
      }),
      { numRuns: 200 },
    )
  })

  it('refuse a malformed mhid at its path, and only there', () => {
    fc.assert(
      fc.property(
        fc.array(movie, { minLength: 1, maxLength: 2 }),
        fc.nat(),
        fc.constantFrom('', 'hello', 'mhmov', 'mh mov123', 42, null),
        (content, pick, bad) => {
          // A copy through JSON: fast-check shares objects between runs and items (structuredClone keeps that).
          const response = pageOf(JSON.parse(JSON.stringify(content)) as typeof content)
          const holders = mhidHolders(response)
          const [holder, path] = holders[pick % holders.length]!
          holder['mhid'] = bad
          const result = responseCheckOf(query).safeParse(response)
          expect(result.success ? [] : result.error.issues.map((issue) => issue.path)).toEqual([
            [...path, 'mhid'],
          ])
        },
      ),
      { numRuns: 200 },
    )
  })
})
