// Each mistake the types refuse (mistakes.ts) is refused at run time with the code its sentence ends with:
// by parseQuery, and by hqlText (whose text with parameters is a function: called with well-typed values).
import { describe, expect, test } from 'vitest'
import { HqlError, hqlText, parseQuery } from 'hql'
import { parseDocument } from '../../src/syntax'
import { placeholder } from '../../src/text'
import type { ParamTypeName } from '../../src/text'
import { primaryImage } from 'hql'
import { cards } from './cards'
import { fragmentMistakes, mistakes } from './mistakes'

// Well-typed values for a text's declared parameters (so that what is refused is the mistake, not a missing value).
function paramsOf(text: string): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  try {
    for (const param of parseDocument(text).definitions[0]?.params ?? [])
      params[param.variable.name] = placeholder(
        { name: param.type.name.value as ParamTypeName, list: param.type.list },
        param.variable.name,
      )
  } catch {
    // A text the parser refuses has no parameters to fill.
  }
  return params
}

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(HqlError)
    return (error as HqlError).code
  }
  return 'accepted'
}

describe('typed inline text: a mistake is refused at run time with its sentence’s code', () => {
  test.each(mistakes.map(([text, sentence]) => [text, /\(([a-z_]+)\)$/.exec(sentence)?.[1]] as const))(
    '%s: %s',
    (text, code) => {
      const params = paramsOf(text)
      expect(codeOf(() => parseQuery(text, { params }))).toBe(code)
      const call = hqlText as unknown as (text: string) => unknown
      expect(
        codeOf(() => {
          const query = call(text)
          return typeof query === 'function' ? (query as (p: unknown) => unknown)(params) : query
        }),
      ).toBe(code)
    },
  )
})

describe('typed inline text given fragments: a mistake is refused at run time with its sentence’s code', () => {
  test.each(
    fragmentMistakes.map(([text, sentence]) => [text, /\(([a-z_]+)\)$/.exec(sentence)?.[1]] as const),
  )('%s: %s', (text, code) => {
    const params = paramsOf(text)
    expect(codeOf(() => parseQuery(text, { params, fragments: cards }))).toBe(code)
    const call = hqlText as unknown as (text: string, fragments: object) => unknown
    expect(
      codeOf(() => {
        const query = call(text, cards)
        return typeof query === 'function' ? (query as (p: unknown) => unknown)(params) : query
      }),
    ).toBe(code)
  })

  test('a value given that fragment() did not make: invalid_argument, the code of its sentence', () => {
    const call = hqlText as unknown as (text: string, fragments: object) => unknown
    expect(codeOf(() => call('explore Movie with ...movieCard', { movieCard: [primaryImage] }))).toBe(
      'invalid_argument',
    )
  })
})
