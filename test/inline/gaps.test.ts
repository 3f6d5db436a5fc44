// What typed inline text still leaves to the run time, held: every text of bench/inline-gaps.ts that parseQuery
// refuses is refused by the types with the same code, but for the gaps docs/text.md lists ("Refused only at run
// time"), each with what the types say instead. A gap closed, or a new one, fails here.
import { describe, expect, test } from 'vitest'
import { gaps } from '../../bench/inline-gaps'

/** The gaps: a probe's start, and the type-level code instead of parseQuery's ('accepted': no error). */
const known: readonly (readonly [string, string])[] = [
  // Past 990 ids or values, the types' own limit: too long to read, not too many for the request.
  ['lookup "mhmov-m0", "mhmov-m1"', 'too long'],
  ['relate Movie to "mhmov-m0", "mhmov-m1"', 'accepted'],
  ['explore Movie where traits in ["mhgnr-g0"', 'too long'],
  ['silos for ["mhmov-a"] silo Explore(name: "x") at [-1]', 'accepted'],
  ['silos for ["mhmov-a"] silo Collection(name: "x")', 'accepted'],
  ['query q($p: Int = "x")', 'accepted'],
  ['query q($p: ContributorId = "mhmov-a")', 'wrong_id_prefix'],
  // A second query with a syntax error of its own: parseQuery says syntax_error.
  ['explore Movie explore Movie with', 'ambiguous_query'],
]

const codeOf = (sentence: string) =>
  sentence === '"accepted"'
    ? 'accepted'
    : sentence.includes('the text is too long to type')
      ? 'too long'
      : (/\(([a-z_]+)\)"$/.exec(sentence)?.[1] ?? sentence)

describe('typed inline text against parseQuery: the refusals left to the run time', () => {
  const found = gaps()

  test('each text parseQuery refuses, the types refuse with its code, but the known gaps', () => {
    const differ = found
      .filter(({ code, types }) => code !== 'accepted' && codeOf(types) !== code)
      .map(({ text, types }) => [text, codeOf(types)] as const)
    const expected = known.map(([start, types]) => {
      const probe = found.find(({ text }) => text.startsWith(start))
      return [probe?.text ?? start, types] as const
    })
    const byText = (a: readonly [string, string], b: readonly [string, string]) => (a[0] < b[0] ? -1 : 1)
    expect([...differ].sort(byText)).toEqual([...expected].sort(byText))
  }, 120_000)
})
