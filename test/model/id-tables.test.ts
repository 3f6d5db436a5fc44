// The prefix table is a string (src/model/ids.ts, `prefixTable`, for the bundle's bytes): what it makes is the
// lists, in order, and the type each prefix stands for.
import { describe, expect, test } from 'vitest'
import {
  mediaTypeNames,
  objectTypeNames,
  otherMediaPrefixes,
  prefixTypes,
  returnTypeNames,
  traitPrefixes,
  typePrefixes,
} from '../../src/model/ids'
import { otherMediaPrefixesAsLists, traitPrefixesAsLists, typePrefixesAsLists } from './id-tables'

describe('the prefix table', () => {
  test('makes each type its prefixes, in order, and no type more', () => {
    expect(typePrefixes).toStrictEqual(typePrefixesAsLists)
    expect(Object.keys(typePrefixes)).toEqual(objectTypeNames)
    expect(otherMediaPrefixes).toStrictEqual(otherMediaPrefixesAsLists)
    expect(traitPrefixes).toStrictEqual(traitPrefixesAsLists)
  })

  test('gives each prefix one type, in the order of the types and their lists', () => {
    const expected = objectTypeNames.flatMap((type) =>
      (typePrefixesAsLists[type] as readonly string[]).map((prefix) => [prefix, type]),
    )
    expect([...prefixTypes]).toEqual(expected)
    expect(prefixTypes.size).toBe(53)
  })
})

// The type lists are written apart (src/model/ids.ts: concat and a list of its own, for the bundle's bytes).
describe('the type lists', () => {
  test('objectTypeNames: the media types, then the others, each once', () => {
    expect(objectTypeNames.slice(0, mediaTypeNames.length)).toEqual(mediaTypeNames)
    expect(objectTypeNames).toEqual([
      ...mediaTypeNames,
      'Contributor',
      'User',
      'Image',
      'Trait',
      'Source',
      'Collection',
      'Subscription',
    ])
    expect(new Set(objectTypeNames).size).toBe(objectTypeNames.length)
  })

  test('returnTypeNames: every object type but Image, Subscription and OtherMedia, in their order', () => {
    const excluded = ['Image', 'Subscription', 'OtherMedia']
    expect(returnTypeNames).toEqual(objectTypeNames.filter((type) => !excluded.includes(type)))
  })
})
