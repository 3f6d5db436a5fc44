import { describe, expect, it } from 'vitest'
import { HqlSyntaxError, parseDocument } from '../../src/text'

/** Where the syntax error is and what it says was expected and found; `ok` when the text parses. */
function outcome(text: string): string {
  try {
    parseDocument(text)
    return 'ok'
  } catch (error) {
    if (!(error instanceof HqlSyntaxError)) throw error
    return `${error.line}:${error.column} expected ${error.expected}, found ${error.found}`
  }
}

// The eight comma-separated lists of the grammar share one helper (src/text/parse-lists.ts). These pin what
// each list accepts and the error each gives for a trailing comma, a missing comma, an empty item and a
// missing closing bracket, as the hand-written loops before the helper gave them.
describe('comma-separated lists', () => {
  describe('Params: ( Param { , Param } )', () => {
    it.each([
      ['query q($a: Int, ) explore', "1:18 expected a parameter ($name), found ')'"],
      ['query q($a: Int $b: Int) explore', "1:17 expected ',' or ')', found $b"],
      ['query q() explore', 'ok'],
      ['query q($a: Int,, $b: Int) explore', "1:17 expected a parameter ($name), found ','"],
      ['query q($a: Int', "1:16 expected ',' or ')', found end of input"],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('OrderBy: SortKey { , SortKey }', () => {
    it.each([
      [
        'explore order by name,',
        '1:23 expected a sort key (releaseDate, name, popularity, idsOrder [...], random...), found end of input',
      ],
      [
        'explore order by name, , popularity',
        "1:24 expected a sort key (releaseDate, name, popularity, idsOrder [...], random...), found ','",
      ],
      ['explore order by none', 'ok'],
      [
        'explore order by name desc popularity',
        "1:28 expected ',', 'with', 'page' or a new query, found 'popularity'",
      ],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('With: Component { , Component }', () => {
    it.each([
      [
        'explore with primaryImage,',
        '1:27 expected a component name (primaryImage, keyContributors...), found end of input',
      ],
      ['explore with none', 'ok'],
      ['explore with primaryImage keyTraits', "1:27 expected ',', 'page' or a new query, found 'keyTraits'"],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('Component: { Component { , Component } }', () => {
    it.each([
      ['explore with keyContributors { }', 'ok'],
      [
        'explore with keyContributors { primaryImage, }',
        "1:46 expected a component name (primaryImage, keyContributors...), found '}'",
      ],
      [
        'explore with keyContributors { primaryImage primaryImage }',
        "1:45 expected ',' or '}', found 'primaryImage'",
      ],
      [
        'explore with keyContributors { , primaryImage }',
        "1:32 expected a component name (primaryImage, keyContributors...), found ','",
      ],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('Relate: Factor { , Factor }', () => {
    it.each([
      [
        'relate to "mhmov-a",',
        '1:21 expected an id in quotes ("mhmov-gladiator") or a parameter, found end of input',
      ],
      [
        'relate to "mhmov-a" "mhmov-b"',
        "1:21 expected ',', 'where', 'with', 'page' or a new query, found \"mhmov-b\"",
      ],
      ['relate to', '1:10 expected an id in quotes ("mhmov-gladiator") or a parameter, found end of input'],
      [
        'relate to "mhmov-a", , "mhmov-b"',
        '1:22 expected an id in quotes ("mhmov-gladiator") or a parameter, found \',\'',
      ],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('Lookup: IdValue { , IdValue }', () => {
    it.each([
      [
        'lookup "mhmov-a",',
        '1:18 expected an id in quotes ("mhmov-gladiator") or a parameter, found end of input',
      ],
      [
        'lookup "mhmov-a", $x,',
        '1:22 expected an id in quotes ("mhmov-gladiator") or a parameter, found end of input',
      ],
      ['lookup "mhmov-a" "mhmov-b"', "1:18 expected ',', 'with', 'page' or a new query, found \"mhmov-b\""],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('Blueprint: ( BlueprintParam { , BlueprintParam } )', () => {
    it.each([
      [
        'silos silo Explore(name: "x",)',
        "1:30 expected a parameter name (name, nameGenerator, ids, id), found ')'",
      ],
      ['silos silo Explore(name: "x" nameGenerator: "y")', "1:30 expected ',' or ')', found 'nameGenerator'"],
      ['silos silo Explore()', 'ok'],
      ['silos silo Explore(,)', "1:20 expected a parameter name (name, nameGenerator, ids, id), found ','"],
      ['silos silo Explore(name: "x"', "1:29 expected ',' or ')', found end of input"],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
  describe('List: [ Scalar { , Scalar } ]', () => {
    it.each([
      ['explore where traits in ["a",]', "1:30 expected a value or ']', found ']'"],
      ['explore where traits in ["a" "b"]', '1:30 expected \']\', found "b"'],
      ['explore where traits in []', 'ok'],
      ['explore where traits in ["a"', "1:29 expected ']', found end of input"],
      ['explore where traits in [,]', "1:26 expected a value or ']', found ','"],
      ['explore where traits in ["a", , "b"]', "1:31 expected a value or ']', found ','"],
    ])('%s: %s', (text, expected) => {
      expect(outcome(text)).toBe(expected)
    })
  })
})
