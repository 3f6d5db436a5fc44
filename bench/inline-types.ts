// The type-checking cost of typed inline text (hqlText) as a text grows: type instantiations for a silos text of
// n blueprints (about 21 tokens each), doubled and doubled again, and what a text past the reading's limit gets.
// test/inline/type-growth.test.ts holds the limits (doubling ≤ 2.2x, ≥ 900 tokens read, a sentence past the
// limit); `npx tsx bench/inline-types.ts` prints the figures docs/performance.md quotes.
import { lex } from '../src/text'
import { instantiationCounter } from './type-cost'

/** The prelude: hqlText loaded and a first text read, so that each count is the text's own cost. */
export const inlinePrelude = `import { hqlText } from 'hql'
import type { TextArg } from '../src/inline'
export const warm = hqlText('lookup "mhsss-a" with images page 1 size 3')
`

/** A silos text of `n` blueprints, each with a name, a probability and two filters. */
export function silosText(n: number): string {
  const blueprints = Array.from(
    { length: n },
    (_, i) =>
      `  silo Explore(name: "Popular ${i}") probability 0.3\n    where traits = "mhgnr-drama" and sources in ["mhsrc-a${i}", "mhsrc-b"]\n`,
  )
  return `silos for ["mhmov-a"]\n  where returnType in [Movie, ShowSeries]\n${blueprints.join('')}  with primaryImage, keyContributors { primaryImage }\n  page size 6\n  silo size 12`
}

/** A lookup of `n` ids: past 990 the reading's loops stop, and the text gets a sentence. */
export function lookupText(n: number): string {
  return `lookup ${Array.from({ length: n }, (_, i) => `"mhmov-m${i}"`).join(', ')} with primaryImage`
}

export const tokensOf = (text: string): number => lex(text).tokens.length - 1

/** Instantiations of reading `text` whose argument type must be `expected` (the text itself when accepted). */
export function textCounter(): (text: string, expected?: string) => number {
  const count = instantiationCounter(inlinePrelude)
  return (text, expected = text) =>
    count(
      `export type A = TextArg<${JSON.stringify(text)}>\nexport const a: A = ${JSON.stringify(expected)}\n`,
    )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = textCounter()
  let previous: number | undefined
  for (const n of [10, 20, 40, 80]) {
    const text = silosText(n)
    const cost = count(text)
    const ratio = previous === undefined ? '' : ` (x${(cost / previous).toFixed(2)})`
    console.log(`${n} blueprints, ${tokensOf(text)} tokens: ${cost} instantiations${ratio}`)
    previous = cost
  }
}
