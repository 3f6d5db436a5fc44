// The media kinds the service's SDK lists without an object page (SERVICE-NOTES.md, "Prefixes, shapes and
// encodings": songs, books, games, …) are one media type, OtherMedia (docs/result-types.md). Every door that
// reads a query takes their ids alike, the response checks take them wherever media can be listed, and
// returnType cannot name them. The type side of each case is media-kinds.test-d.ts (test/builder).
import { describe, expect, test } from 'vitest'
import {
  collections,
  contributions,
  contributorsOf,
  fromJSON,
  hql,
  isType,
  items,
  keyContributors,
  primaryImage,
  returnType,
  traits,
  typeOfId,
} from 'hql'
import { otherMediaPrefixes, traitPrefixes } from '../../src/schemas'
import { atEachDoor, outcome } from '../support/doors'
import { responseCheckOf, responseCheckOfBody } from '../../src/model/core'
import { defaultsOf, mhidOf } from './promised-responses'

const everyDoor = (code: string) => ({ builder: code, fromJSON: code, text: code })

const lookupAtEachDoor = (id: string, components: { name: string }[] = []) =>
  atEachDoor(
    () =>
      hql.lookup(id).with(...components.map(({ name }) => ({ primaryImage, keyContributors, items })[name]!)),
    () => fromJSON('lookup', { ids: [id], components }),
    `lookup ${JSON.stringify(id)}${components.length > 0 ? ` with ${components.map((c) => c.name).join(', ')}` : ''}`,
  )

describe('ids of the SDK media kinds', () => {
  test.each(otherMediaPrefixes)(
    '%s: an altId and an mhid are looked up at every door, as OtherMedia',
    (prefix) => {
      for (const id of [`${prefix}-an-example`, `${prefix}${'A1'.repeat(19)}z`]) {
        expect(lookupAtEachDoor(id)).toEqual(everyDoor('ok'))
        expect(typeOfId(id)).toBe('OtherMedia')
      }
    },
  )

  test("the SDK's trait prefixes mhtrt and mhtrg are Traits, for lookup and the traits filter", () => {
    for (const id of traitPrefixes.filter((p) => p === 'mhtrt' || p === 'mhtrg').map((p) => `${p}-calm`)) {
      expect(typeOfId(id)).toBe('Trait')
      expect(lookupAtEachDoor(id)).toEqual(everyDoor('ok'))
      expect(
        atEachDoor(
          () => hql.explore().filter(traits.eq(id)),
          () => fromJSON('explore', { filters: { traits: { $eq: id } } }),
          `explore Movie where traits = ${JSON.stringify(id)}`,
        ),
      ).toEqual(everyDoor('ok'))
    }
  })

  test('the action prefixes (follow, like, comment, …) name no object a query returns: invalid_id', () => {
    for (const prefix of ['mhflw', 'mhlke', 'mhcrt', 'mhadd', 'mhcmt', 'mhpst'])
      expect(lookupAtEachDoor(`${prefix}-an-action`)).toEqual(everyDoor('invalid_id'))
  })

  test('the alias mhals-current-user is still the user, matched whole before the mhals prefix', () => {
    expect(typeOfId('mhals-current-user')).toBe('User')
    expect(typeOfId('mhals-abbey-road-series')).toBe('OtherMedia')
    expect(
      atEachDoor(
        () => hql.explore().filter(contributorsOf.eq('mhals-current-user' as string)),
        () => fromJSON('explore', { filters: { contributorsOf: { $eq: 'mhals-current-user' } } }),
        'explore Contributor where contributorsOf = "mhals-current-user"',
      ),
    ).toEqual(everyDoor('wrong_id_prefix'))
    expect(outcome(() => hql.relate('mhals-current-user'))).toBe('ok')
  })

  test('an OtherMedia id is a media id for contributorsOf, at every door', () => {
    expect(
      atEachDoor(
        () => hql.explore().filter(contributorsOf.eq('mhsng-yesterday')),
        () => fromJSON('explore', { filters: { contributorsOf: { $eq: 'mhsng-yesterday' } } }),
        'explore Contributor where contributorsOf = "mhsng-yesterday"',
      ),
    ).toEqual(everyDoor('ok'))
  })
})

describe('OtherMedia in queries', () => {
  test('returnType cannot name it, at every door: it is no type name of the service', () => {
    expect(
      atEachDoor(
        () => hql.explore().filter(returnType.eq('OtherMedia' as never)),
        () => fromJSON('explore', { filters: { returnType: { $eq: 'OtherMedia' } } }),
        'explore OtherMedia',
      ),
    ).toEqual(everyDoor('unknown_type'))
  })

  test('a lookup of one takes the media components and refuses the others, at every door', () => {
    const id = 'mhbok-dune'
    expect(lookupAtEachDoor(id, [{ name: 'primaryImage' }, { name: 'keyContributors' }])).toEqual(
      everyDoor('ok'),
    )
    expect(lookupAtEachDoor(id, [{ name: 'items' }])).toEqual(everyDoor('component_not_applicable'))
  })
})

const page = (...content: unknown[]) => ({ content, pagingInfo: { next: null } })
const pair = (object: unknown, context: unknown = {}) => ({ object, context })
const issuesOf = (result: { success: boolean; error?: { issues: readonly unknown[] } }) =>
  result.success ? [] : result.error!.issues
const credit = { relationships: [{ contribution: 'Author' }] }
const song = { mhid: 'mhsng-yesterday', name: 'Yesterday', altId: 'mhsng-yesterday', releaseDate: -137980800 }

describe('the response checks take OtherMedia where media can be listed', () => {
  test("a contributor's contributions holding a song and a book pass; the media fields are checked", () => {
    const query = hql.lookup('mhrgc-the-beatles').with(contributions)
    const contributor = (...listed: unknown[]) => ({
      ...defaultsOf('Contributor', 1),
      contributions: page(...listed),
    })
    const book = { ...song, mhid: mhidOf('OtherMedia', 5), name: 'Lyrics' }
    const movie = pair(defaultsOf('Movie', 2), credit)
    const check = responseCheckOf(query)
    expect(
      issuesOf(check.safeParse(page(pair(contributor(movie, pair(song, credit), pair(book, credit)))))),
    ).toEqual([])
    const { releaseDate: _, ...undated } = song
    expect(issuesOf(check.safeParse(page(pair(contributor(pair(undated, credit))))))).toEqual([
      {
        path: ['content', 0, 'object', 'contributions', 'content', 0, 'object', 'releaseDate'],
        message: 'expected a value, got nothing',
      },
    ])
  })

  test("a collection's items holding a game pass, with the media components requested on them", () => {
    const game = { ...song, mhid: 'mhgam-tetris', name: 'Tetris' }
    const query = hql.lookup('mhcol-favourites').with(items(primaryImage))
    const image = pair(defaultsOf('Image', 3))
    const collection = (item: unknown) => ({ ...defaultsOf('Collection', 4), items: page(item) })
    const check = responseCheckOf(query)
    expect(issuesOf(check.safeParse(page(pair(collection(pair({ ...game, primaryImage: image }))))))).toEqual(
      [],
    )
    expect(issuesOf(check.safeParse(page(pair(collection(pair(game))))))).toEqual([
      {
        path: ['content', 0, 'object', 'items', 'content', 0, 'object', 'primaryImage'],
        message: 'primaryImage was requested and is missing',
      },
    ])
  })

  test('a lookup of an OtherMedia id promises OtherMedia; an explore without returnType may hold it', () => {
    expect(
      issuesOf(responseCheckOfBody('lookup', { ids: ['mhsng-yesterday'] }).safeParse(page(pair(song)))),
    ).toEqual([])
    expect(
      issuesOf(
        responseCheckOf(hql.explore().with(collections)).safeParse(
          page(pair({ ...song, collections: page() })),
        ),
      ),
    ).toEqual([])
    const movies = responseCheckOf(hql.explore().filter(returnType.eq('Movie')))
    expect(issuesOf(movies.safeParse(page(pair(song))))).toEqual([
      { path: ['content', 0, 'object', 'mhid'], message: 'expected a Movie, got an OtherMedia' },
    ])
  })

  test('isType tells it apart by prefix, and from the eight named media types', () => {
    expect(isType(song, 'OtherMedia')).toBe(true)
    expect(isType(song, 'Movie')).toBe(false)
    expect(isType({ mhid: 'mhals-current-user' }, 'OtherMedia')).toBe(false)
  })
})
