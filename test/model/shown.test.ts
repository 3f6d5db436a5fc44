import { describe, expect, it } from 'vitest'
import { component, fromJSON, hql, HqlError, parseQuery, returnType } from 'hql'
import { clipped, echoedItems, echoedLength, formatPath, shown, shownList, shownValue } from '../../src/model'
import { caught } from '../support/caught'

// What a message shows of a value (src/model/shown.ts): ordinary values as before, huge ones cut short.

describe('a value in a message', () => {
  it('is whole up to the limit, then cut with an ellipsis and its length', () => {
    const longest = 'a'.repeat(echoedLength)
    expect(clipped(longest)).toBe(`'${longest}'`)
    expect(clipped(`${longest}b`)).toBe(`'${longest}…' (${echoedLength + 1} characters)`)
    expect(clipped('x'.repeat(1_048_576), JSON.stringify)).toBe(
      `"${'x'.repeat(echoedLength)}…" (1048576 characters)`,
    )
  })

  it('keeps the ordinary forms: unquoted, in JSON quotes, a list as JSON', () => {
    expect(shown(20)).toBe('20')
    expect(shown('abc')).toBe('abc')
    expect(shown({ a: 1 })).toBe('an object')
    expect(shown(Object.create(null))).toBe('an object')
    expect(shownValue('mhmov-a')).toBe('"mhmov-a"')
    expect(shownValue(['x', 'y', 5, null])).toBe('["x","y",5,null]')
    expect(shownList(['a', 'b'], (item) => clipped(item))).toBe("'a', 'b'")
  })

  it('shows the first items of a long list, and how many more, without throwing where JSON does', () => {
    const ids = Array.from({ length: 150_000 }, (_, index) => `mhmov-${index}`)
    const first = ids.slice(0, echoedItems).map((id) => JSON.stringify(id))
    expect(shownValue(ids)).toBe(`[${first.join(',')} and ${150_000 - echoedItems} more]`)
    const cycle: unknown[] = []
    cycle.push(cycle)
    expect(shownValue(cycle)).toBe('[an object]')
    expect(shownValue(10n)).toBe('10')
  })

  it('escapes control and format characters and lone surrogates in every quoting, a cut surrogate pair too', () => {
    expect(clipped('a\u202eb\u0007')).toBe("'a\\u{202e}b\\u{7}'")
    expect(shownValue(['x\u200by'])).toBe('["x\\u{200b}y"]')
    expect(shown('\ud800')).toBe('\\u{d800}')
    const astride = `${'a'.repeat(echoedLength - 1)}😀`
    expect(clipped(astride)).toBe(
      `'${'a'.repeat(echoedLength - 1)}\\u{d83d}…' (${echoedLength + 1} characters)`,
    )
  })

  it('cuts a huge key in the formatted path, not in the path itself', () => {
    const key = 'k'.repeat(200_000)
    expect(formatPath(['filters', key])).toBe(`$.filters["${'k'.repeat(echoedLength)}…" (200000 characters)]`)
    expect(formatPath(['filters', 'a'.repeat(echoedLength)])).toBe(`$.filters.${'a'.repeat(echoedLength)}`)
    const error = new HqlError('unknown_filter', 'unknown filter', { path: ['filters', key] })
    expect(error.path[1]).toBe(key)
  })
})

describe('the builder, given what its types refuse', () => {
  it('answers with an HqlError where JSON.stringify or a string conversion threw', () => {
    const anyLookup = hql.lookup as (...ids: unknown[]) => unknown
    const anyComponent = component as (name: unknown) => unknown
    expect(caught(() => anyLookup(10n)).message).toBe(
      '$.ids[0]: expected an mhid, an altId, or a mapped source id (Source:Type:id), got 10',
    )
    expect(caught(() => anyComponent(Object.create(null))).message).toBe(
      '$.name: expected a component name, got an object',
    )
    expect(caught(() => anyComponent(10n)).code).toBe('unknown_component')
  })

  it('names what is no string as a filter helper is given it, at its path', () => {
    const anyType = (type: unknown) => caught(() => (returnType.eq as (type: unknown) => unknown)(type))
    for (const type of [Object.create(null) as object, 10n, Symbol('Movie')]) {
      const error = anyType(type)
      expect([error.code, error.path]).toEqual(['unknown_type', ['filters', 'returnType', '$eq']])
    }
    expect(anyType(Symbol('Movie')).message).toBe(
      '$.filters.returnType.$eq: expected a type name, got Symbol(Movie)',
    )
    // A path part that is no string or number is named in the formatted path, never thrown on.
    expect(formatPath(['filters', Symbol('x') as never, 10n as never])).toBe('$.filters[Symbol(x)][10]')
  })
})

describe('values that are no strings', () => {
  it('are cut like strings: a huge number in a request or a parameter', () => {
    const huge = 10n ** 3000n
    const json = caught(() => fromJSON('explore', { pageSize: huge }))
    expect(json.message.length).toBeLessThan(200)
    const text = caught(() =>
      parseQuery('query q($p: Int) explore Movie page size $p', { params: { p: huge } as never }),
    )
    expect(text.message.length).toBeLessThan(200)
    expect(text.message).toContain(' (3001 characters)')
  })
})
