import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import {
  HqlTextError,
  checkDocument,
  lineColumnAt,
  parseQuery,
  resolveDefinition,
  parseDocument,
  makeSource,
} from '../../src/text'
import type { TextSource } from '../../src/text'
import { maxErrorsPerText } from '../../src/text/errors'
import { expectBuiltinsUntouched, prototypeKeys } from '../fuzz/support'

// Issue 9 in the text door: prototype names in every position of the text, and the request limits, refused
// as HqlTextErrors at their line and column.

function errorOf(text: string, options: Parameters<typeof parseQuery>[1] = {}): HqlTextError {
  try {
    parseQuery(text, options)
  } catch (error) {
    expect(error).toBeInstanceOf(HqlTextError)
    return error as HqlTextError
  }
  throw new Error(`expected ${JSON.stringify(text)} to fail`)
}

const list = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => JSON.stringify(make(i))).join(', ')

describe('prototype names in the text', () => {
  it('silo Explore(__proto__: "x") is an unknown key at the key, not dropped', () => {
    const error = errorOf('silos\n  silo Explore(__proto__: "x")')
    expect(error).toMatchObject({ code: 'unknown_key', line: 2, column: 16 })
    expect(error.path).toEqual(['blueprints', 0, 'params', '__proto__'])
    expect(error.reason).toBe("unknown key '__proto__'")
    // A list value would have become the params' prototype.
    expect(errorOf('silos silo Explore(__proto__: ["mhmov-a"])')).toMatchObject({
      code: 'unknown_key',
      column: 20,
    })
  })

  it.each(prototypeKeys)('%s as a blueprint param, a filter, a component, a sort key, a type', (name) => {
    const untouched = expectBuiltinsUntouched()
    const texts = [
      `silos silo Explore(${name}: "x")`,
      `silos silo ${name}`,
      `explore Movie where ${name} = "mhgnr-a"`,
      `explore Movie with ${name}`,
      `explore Movie order by ${name}`,
      `explore ${name}`,
      `explore Movie where traits = "${name}"`,
      `relate to "${name}"`,
      `query q($p: ${name}) explore Movie where traits = $p`,
    ]
    for (const text of texts) {
      const error = errorOf(text, { placeholders: true })
      expect(error.line, text).toBe(1)
      expect(error.column, text).toBeGreaterThan(1)
    }
    untouched()
  })

  it('a parameter may be called $constructor or $__proto__, given as an own key', () => {
    const text = 'query q($__proto__: [Id], $constructor: Int) lookup $__proto__ page size $constructor'
    const params = JSON.parse('{"__proto__": ["mhmov-a"], "constructor": 2}') as Record<string, unknown>
    expect(compile(parseQuery(text, { params })).body).toEqual({ ids: ['mhmov-a'], pageSize: 2 })
    // Not given: the missing parameter is reported, not read from Object.prototype.
    expect(errorOf(text, { params: { __proto__: ['mhmov-b'] } as never }).code).toBe('missing_parameter')
  })
})

describe('request limits in the text', () => {
  it('ids: lookup, silos seeds, idsOrder, a Content blueprint, a list parameter', () => {
    const ids = (count: number) => list(count, (i) => `mhmov-title-${i}`)
    expect(() => parseQuery(`lookup ${ids(1000)}`)).not.toThrow()
    expect(errorOf(`lookup ${ids(1001)}`)).toMatchObject({ code: 'too_many_ids', column: 8 })
    expect(errorOf(`silos for [${ids(1001)}] silo Explore`)).toMatchObject({
      code: 'too_many_ids',
      column: 11,
    })
    expect(errorOf(`explore Movie order by idsOrder [${ids(1001)}]`).code).toBe('too_many_ids')
    expect(errorOf(`silos silo Content(ids: [${ids(1001)}])`).path).toEqual([
      'blueprints',
      0,
      'params',
      'ids',
    ])
    const params = { ids: Array.from({ length: 1001 }, (_, i) => `mhmov-${i}`) }
    expect(errorOf('query q($ids: [Id])\nlookup $ids', { params })).toMatchObject({
      code: 'too_many_ids',
      line: 2,
    })
  })

  it('factors, blueprints, values, components', () => {
    expect(errorOf(`relate to ${list(101, (i) => `mhmov-${i}`)}`).code).toBe('too_many_factors')
    expect(errorOf(`silos ${Array(51).fill('silo GraphLens').join(' ')}`).code).toBe('too_many_blueprints')
    const traits = errorOf(`explore Movie\n  where traits in [${list(1001, (i) => `mhgnr-${i}`)}]`)
    expect(traits).toMatchObject({ code: 'too_many_values', line: 2, column: 19 })
    const or = Array.from({ length: 1001 }, (_, i) => `traits = "mhgnr-${i}"`).join(' or ')
    expect(errorOf(`explore Movie where (${or})`).code).toBe('too_many_values')
    const components = errorOf(`explore Movie with ${Array(33).fill('primaryImage').join(', ')}`)
    expect(components).toMatchObject({ code: 'too_many_components', column: 15 })
  })

  it('200,000 problems in one query are refused quickly, as the first 50', () => {
    const text = `lookup ${Array(200_000).fill('$x').join(', ')}`
    // What makes a problem dear is placing it: its line, column and code frame read the text up to it. The
    // source counts those reads: the 50 errors reported are placed, the 199,950 others never are (placing
    // them all, even to keep 50, takes minutes on this one-line text of 800,000 characters).
    let textReads = 0
    const source = {
      ...makeSource(text),
      get body() {
        textReads++
        return text
      },
    }
    const resolved = resolveDefinition(source, parseDocument(text).definitions[0] as never)
    // A few reads per error placed (lineColumnAt, the frame): 200,000 placed would be 600,000.
    expect(textReads).toBeLessThanOrEqual(3 * 50)
    expect(resolved.ok).toBe(false)
    if (!resolved.ok) {
      expect(resolved.errors).toHaveLength(50)
      expect(resolved.errors[0]).toMatchObject({ code: 'unknown_parameter', column: 8 })
    }
  })
})

/** `text` as a source that counts the reads of its body (what placing an error, or a name, costs). */
function countingSource(text: string, name = 'big.hql'): TextSource & { readonly reads: number } {
  let reads = 0
  return {
    name,
    get body() {
      reads++
      return text
    },
    get reads() {
      return reads
    },
  }
}

describe('a large document', () => {
  it('indexes its lines once: any number of positions read its text once', () => {
    const text = 'explore Movie\r\n  with primaryImage\rexplore\n\n'.repeat(200)
    const source = countingSource(text)
    // Lines end at \n, \r\n and a lone \r, as a frame shows them: counted here one character at a time.
    let line = 1
    let lineStart = 0
    for (let offset = 0; offset <= text.length + 1; offset++) {
      expect(lineColumnAt(source, offset)).toEqual({
        line,
        column: Math.min(offset, text.length) - lineStart + 1,
      })
      const c = text[offset]
      if (c === '\n' || (c === '\r' && text[offset + 1] !== '\n')) {
        line++
        lineStart = offset + 1
      }
    }
    // A scan from the start for each position read it 8,802 times, and took time with the square of its size.
    expect(source.reads).toBe(1)
  })

  it('checks a catalog of 20,000 unnamed queries as its first maxErrorsPerText errors, reading it a few times each', () => {
    const text = 'explore\n'.repeat(20_000)
    const source = countingSource(text)
    const { errors } = checkDocument(source, parseDocument(text, 'big.hql'))
    expect(errors).toHaveLength(maxErrorsPerText)
    expect(errors[0]).toMatchObject({ code: 'unnamed_query', line: 1, column: 1 })
    expect(errors.at(-1)).toMatchObject({ code: 'unnamed_query', line: maxErrorsPerText })
    // One read to index its lines, and three per error's frame (its line and one either side).
    expect(source.reads).toBeLessThanOrEqual(1 + 3 * maxErrorsPerText)
  })

  it('places the names of 5,000 queries with one index of its lines', () => {
    const text =
      Array.from({ length: 5_000 }, (_, i) => `query q${i} explore`).join('\n') + '\nquery q0 explore'
    const source = countingSource(text)
    const { errors, checked } = checkDocument(source, parseDocument(text, 'big.hql'))
    expect(checked).toHaveLength(5_000)
    expect(errors.map((error) => [error.code, error.line, error.reason])).toEqual([
      ['duplicate_query', 5_001, "query 'q0' is already defined at big.hql:1:7"],
    ])
    expect(source.reads).toBeLessThanOrEqual(1 + 3)
  })
})
