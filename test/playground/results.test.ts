// The answer panel of the playground: the page's JSON as the service sent it, cut only where it says so.
import { describe, expect, it } from 'vitest'
import { answerText } from '../../src/playground/results'

describe('answerText', () => {
  it('is the answer indented, which parses back to the same value', () => {
    const page = {
      content: [{ object: { mhid: 'mhmov-x', name: 'Ü "quoted" </pre>' } }],
      pagingInfo: { next: null },
    }
    const text = answerText(page)
    expect(JSON.parse(text)).toEqual(page)
    expect(text.split('\n').length).toBeGreaterThan(5)
  })

  it('is empty before any answer', () => {
    expect(answerText(undefined)).toBe('')
  })

  it('cuts a long answer at the limit and says how much it left out', () => {
    const page = { content: 'x'.repeat(500) }
    const whole = JSON.stringify(page, null, 2)
    const shown = answerText(page, 100)
    expect(shown.startsWith(whole.slice(0, 100))).toBe(true)
    expect(shown.endsWith(`… ${whole.length - 100} more characters not shown`)).toBe(true)
    expect(answerText(page, whole.length)).toBe(whole)
  })
})
