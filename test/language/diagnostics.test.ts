// diagnose read `as: 'query'`: one query as parseQuery (and hqlText, and hql/ts-plugin inside its strings)
// reads it. No name needed, one query only, and the codes parseQuery throws.
import { describe, expect, test } from 'vitest'
import { diagnose } from '../../src/language'
import { parseQuery } from '../../src/text'

const codes = (text: string) => diagnose(text, '<query>', 'query').map((d) => d.code)

/** The code parseQuery throws for a text, or undefined when it reads it (stand-ins for its parameters). */
function thrown(text: string): string | undefined {
  try {
    parseQuery(text, { placeholders: true })
    return undefined
  } catch (error) {
    return (error as { code: string }).code
  }
}

describe("diagnose as 'query'", () => {
  test('an unnamed query is no problem (a catalog file wants a name)', () => {
    expect(codes('explore Movie')).toEqual([])
    expect(diagnose('explore Movie').map((d) => d.code)).toEqual(['unnamed_query'])
  })

  test('a mistake is placed on its word, with the code parseQuery throws', () => {
    const text = 'explore Movie where contributors = "mhric-brad-pitt" with primaryImag'
    const [problem, ...more] = diagnose(text, '<query>', 'query')
    expect(more).toEqual([])
    expect(problem?.code).toBe('unknown_component')
    expect(text.slice(problem?.start, problem?.end)).toBe('primaryImag')
  })

  test.each([
    'explore Movie explore Movie',
    '',
    'explore Movie with primaryImage,',
    'query q($c: ContributorId) explore Movie',
    'explore Movie where traits = "mhmov-gladiator"',
    'query q($c: ContributorId) explore Movie where contributors = $c',
    'lookup "mhric-brad-pitt" with keyContributors',
  ])('%j: the first code is the one parseQuery throws', (text) => {
    expect(codes(text)[0]).toBe(thrown(text))
  })
})
