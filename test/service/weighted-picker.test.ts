import { describe, expect, it } from 'vitest'
import { randomFrom } from '../../src/service/catalog/prng'
import { WeightedPicker } from '../../src/service/catalog/weighted'

// The fourth start-up round (docs/performance.md, "Reference service"): each shortcut held to its plain form.
// The whole graph is held to a pinned fingerprint in startup-fingerprint.test.ts.
describe('WeightedPicker', () => {
  it('a picker given its weights as numbers draws what a picker given the weight function draws', () => {
    for (let seed = 0; seed < 30; seed++) {
      const random = randomFrom(`weights|${seed}`)
      const items = Array.from({ length: random.int(0, 50) }, (_, i) => ({ i, w: random.int(-1, 6) }))
      const byFunction = new WeightedPicker(items, (item) => item.w)
      const byNumbers = new WeightedPicker(
        items,
        items.map((item) => item.w),
      )
      const k = random.int(0, 12)
      expect(byNumbers.sample(k, randomFrom(`draw|${seed}`))).toEqual(
        byFunction.sample(k, randomFrom(`draw|${seed}`)),
      )
    }
  })
})
