// Typed inline text grows linearly (doubling a text costs at most 2.2x the type instantiations), reads texts of
// 900 tokens and more, and gives a text past its reading's limit a sentence, not TypeScript's TS2589 (the counter
// throws on any diagnostic, so each count below is also "no error"). Figures: bench/inline-types.ts.
import { describe, expect, test } from 'vitest'
import { lookupText, silosText, textCounter, tokensOf } from '../../bench/inline-types'

const tooLong =
  'hql: the text is too long to type where it is written (a list or a stretch of it passed 990 items); use parseQuery, or a .hql file and hql generate'

describe('typed inline text: cost as a text grows', () => {
  const count = textCounter()

  test('doubling a text costs at most 2.2 times as much', () => {
    const small = count(silosText(20))
    const large = count(silosText(40))
    expect(large / small, `${small} → ${large} instantiations`).toBeLessThanOrEqual(2.2)
  }, 120_000)

  test('a text of 900 tokens and more is read whole', () => {
    const text = silosText(45)
    expect(tokensOf(text)).toBeGreaterThanOrEqual(900)
    expect(count(text)).toBeGreaterThan(0)
  }, 120_000)

  test('a text past the limit gets a sentence, not TS2589', () => {
    expect(count(lookupText(1_000), tooLong)).toBeGreaterThan(0)
    expect(count(lookupText(4_000), tooLong)).toBeGreaterThan(0)
  }, 120_000)
})
