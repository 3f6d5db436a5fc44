// What the service's documentation says about ids, types and shapes (SERVICE-NOTES.md, "Prefixes, shapes and
// encodings"), checked at every door that reads a query: the builder, fromJSON and text. One rule in the model
// decides, so each case is asked of all three and they must agree.
import { describe, expect, test } from 'vitest'
import {
  HqlError,
  contributors,
  contributorsOf,
  fromJSON,
  hql,
  primaryImage,
  returnType,
  silo,
  thumbnail,
  typeOfId,
} from 'hql'
import { responseSchemas, typePrefixes, mediaTypeNames } from '../../src/schemas'
import { parseQuery } from 'hql'
import { atEachDoor, outcome } from '../support/doors'

/** The code each door gives a lookup of `id`: the builder, fromJSON and text. */
const lookupAtEachDoor = (id: string) =>
  atEachDoor(
    () => hql.lookup(id),
    () => fromJSON('lookup', { ids: [id] }),
    `lookup ${JSON.stringify(id)}`,
  )

const everyDoor = (code: string) => ({ builder: code, fromJSON: code, text: code })

describe('ids: one rule at every door', () => {
  test.each(['mhmovABC', 'mhmov', 'mhmov-', 'mhmov- x', 'mhxyz-gladiator', ''])(
    'lookup %j is refused alike by the builder, fromJSON and text',
    (id) => {
      expect(lookupAtEachDoor(id)).toEqual(everyDoor('invalid_id'))
    },
  )

  test.each([
    ['mhfic-sherlock-holmes', 'Contributor'],
    ['mhrgc-the-beatles', 'Contributor'],
    ['mhfgc-the-avengers', 'Contributor'],
    ['mhsep-winter-is-coming', 'ShowEpisode'],
    ['mhssn-game-of-thrones-season-1', 'ShowSeason'],
    ['mhmsv-thriller', 'MusicVideo'],
    ['mhspc-a-special', 'Special'],
    ['mhtrl-a-trailer', 'Trailer'],
    ['mhggp-a-group', 'MHGraphGroup'],
  ])('the documented prefix of %s is accepted at every door and names a %s', (id, type) => {
    expect(lookupAtEachDoor(id)).toEqual(everyDoor('ok'))
    expect(typeOfId(id)).toBe(type)
  })

  test('every contributor prefix is a Contributor id for the contributors filter, at every door', () => {
    for (const prefix of typePrefixes.Contributor) {
      const id = `${prefix}-someone`
      expect(outcome(() => hql.explore().filter(contributors.eq(id)))).toBe('ok')
      expect(outcome(() => fromJSON('explore', { filters: { contributors: { $eq: id } } }))).toBe('ok')
      expect(outcome(() => parseQuery(`explore Movie where contributors = ${JSON.stringify(id)}`))).toBe('ok')
    }
  })

  test('every media prefix is a media id for contributorsOf, at every door', () => {
    for (const type of mediaTypeNames)
      for (const prefix of typePrefixes[type]) {
        const id = `${prefix}-something`
        expect(outcome(() => hql.explore().filter(contributorsOf.eq(id)))).toBe('ok')
        expect(outcome(() => fromJSON('explore', { filters: { contributorsOf: { $eq: id } } }))).toBe('ok')
        expect(
          outcome(() => parseQuery(`explore Contributor where contributorsOf = ${JSON.stringify(id)}`)),
        ).toBe('ok')
      }
  })

  test.each(['mhmovABC', 'mhmov-', 'gladiator'])(
    'the code for a refused id %j: invalid_id where a lookup id stands, wrong_id_prefix where a typed id does',
    (id) => {
      const content = (ids: unknown) => ({ blueprints: [{ type: 'Content', params: { ids } }] })
      // Where any id may stand (lookup, silos ids, a Content blueprint's ids): invalid_id at every door.
      expect(lookupAtEachDoor(id)).toEqual(everyDoor('invalid_id'))
      expect({
        builder: outcome(() => hql.silos(silo.content({ ids: [id as string] }))),
        fromJSON: outcome(() => fromJSON('silos', content([id]))),
        text: outcome(() => parseQuery(`silos silo Content(ids: [${JSON.stringify(id)}])`)),
      }).toEqual(everyDoor('invalid_id'))
      // Where an id of given types stands (a filter, a factor, a Collection blueprint): wrong_id_prefix.
      const filterId = id.replace('mov', 'ric')
      expect({
        builder: outcome(() => hql.explore().filter(contributors.eq(filterId as string))),
        fromJSON: outcome(() => fromJSON('explore', { filters: { contributors: { $eq: filterId } } })),
        text: outcome(() => parseQuery(`explore Movie where contributors = ${JSON.stringify(filterId)}`)),
      }).toEqual(everyDoor('wrong_id_prefix'))
      expect({
        builder: outcome(() => hql.relate(id as string)),
        fromJSON: outcome(() => fromJSON('relate', { factors: [{ id }] })),
        text: outcome(() => parseQuery(`relate to ${JSON.stringify(id)}`)),
      }).toEqual(everyDoor('wrong_id_prefix'))
      expect({
        builder: outcome(() => hql.silos(silo.collection({ id: id as string }))),
        fromJSON: outcome(() => fromJSON('silos', { blueprints: [{ type: 'Collection', params: { id } }] })),
        text: outcome(() => parseQuery(`silos silo Collection(id: ${JSON.stringify(id)})`)),
      }).toEqual(everyDoor('wrong_id_prefix'))
    },
  )

  test('a filter id without a slug or a full mhid is refused by the builder and fromJSON alike', () => {
    for (const id of ['mhric', 'mhricABC', 'mhric-']) {
      expect(outcome(() => hql.explore().filter(contributors.eq(id)))).toBe('wrong_id_prefix')
      expect(outcome(() => fromJSON('explore', { filters: { contributors: { $eq: id } } }))).toBe(
        'wrong_id_prefix',
      )
    }
  })
})

describe('returnType: only what can be retrieved', () => {
  test.each(['Subscription', 'Image'])('returnType %s is refused at every door', (type) => {
    expect({
      builder: outcome(() => hql.explore().filter(returnType.eq(type as never))),
      fromJSON: outcome(() => fromJSON('explore', { filters: { returnType: { $eq: type } } })),
      text: outcome(() => parseQuery(`explore ${type}`)),
    }).toEqual(everyDoor('unknown_type'))
  })

  test('the message says why an Image cannot be asked for, at every door', () => {
    const messages = [
      () => hql.explore().filter(returnType.in('Movie', 'Image' as never)),
      () => fromJSON('explore', { filters: { returnType: { $in: ['Movie', 'Image'] } } }),
      () => parseQuery('explore where returnType in [Movie, Image]'),
    ].map((run) => {
      try {
        run()
        return 'accepted'
      } catch (error) {
        return (error as HqlError).message
      }
    })
    for (const message of messages) expect(message).toMatch(/Image cannot be retrieved on its own/)
  })

  test.each(mediaTypeNames.filter((type) => type !== 'OtherMedia'))(
    'returnType %s is accepted and takes the media components',
    (type) => {
      const q = hql.explore().filter(returnType.eq(type)).with(primaryImage)
      expect(q.body).toMatchObject({ filters: { returnType: { $eq: type } } })
    },
  )
})

describe('images', () => {
  test('a thumbnail can be asked for on the primary image, at every door', () => {
    expect(outcome(() => hql.lookup('mhmov-gladiator').with(primaryImage(thumbnail)))).toBe('ok')
    expect(
      outcome(() =>
        fromJSON('lookup', {
          ids: ['mhmov-gladiator'],
          components: [{ name: 'primaryImage', components: [{ name: 'thumbnail' }] }],
        }),
      ),
    ).toBe('ok')
    expect(outcome(() => parseQuery('lookup "mhmov-gladiator" with primaryImage { thumbnail }'))).toBe('ok')
  })

  const rendition = { url: 'https://img.example/1.jpg', width: 10, height: 10 }
  const image = (extra: Record<string, unknown>) => ({
    mhid: `mhimg${'A'.repeat(39)}`,
    name: null,
    isDefault: true,
    original: rendition,
    thumbnail: rendition,
    small: rendition,
    medium: rendition,
    large: rendition,
    ...extra,
  })
  const pageOf = (object: unknown) => ({ content: [{ object, context: {} }], pagingInfo: { next: null } })

  // averageColor is null in every example of SERVICE-SPEC.md and absent from the Image page: no type is documented,
  // so none is refused (a number, an object: the service may send a colour in any form).
  test('the documented Image (no averageColor) is a valid response, as is an averageColor of any type', () => {
    for (const averageColor of [undefined, null, '#102030', 0x336699, { r: 1, g: 2, b: 3 }])
      expect(responseSchemas.lookup.safeParse(pageOf(image({ averageColor }))).success).toBe(true)
  })
})
