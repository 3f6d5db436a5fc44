// The prefix table is a string (src/model/ids.ts, `prefixTable`, for the bundle's bytes): what it makes is the
// lists, in order, and the type each prefix stands for.
import { describe, expect, test } from 'vitest'
import {
  objectTypeNames,
  otherMediaPrefixes,
  prefixTypes,
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
