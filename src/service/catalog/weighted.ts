import type { Random } from './prng'

/**
 * Weighted sample of k distinct items: draws by binary search over cumulative weights and redraws duplicates
 * (bounded: at most 20k draws, so a k close to the item count cannot loop for long). Built once per weight
 * function and reused for every user, which keeps start-up fast.
 */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array
  private readonly total: number

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    const cumulative = new Float64Array(items.length)
    let sum = 0
    for (let i = 0; i < items.length; i++) {
      sum += Math.max(0, weight(items[i] as T))
      cumulative[i] = sum
    }
    this.cumulative = cumulative
    this.total = sum
  }

  sample(k: number, random: Random, exclude?: ReadonlySet<T>): T[] {
    return distinctDraws(
      this.items.length,
      k,
      () => {
        const target = random.next() * this.total
        let lo = 0
        let hi = this.items.length - 1
        while (lo < hi) {
          const mid = (lo + hi) >>> 1
          if ((this.cumulative[mid] as number) > target) hi = mid
          else lo = mid + 1
        }
        return this.items[lo] as T
      },
      exclude,
    )
  }
}

/**
 * Up to k distinct items of n, drawn by `draw`, leaving out `exclude` and repeats; bounded (at most 20k draws),
 * so that a k close to n cannot loop for long.
 */
function distinctDraws<T>(n: number, k: number, draw: () => T, exclude?: ReadonlySet<T>): T[] {
  const out: T[] = []
  const seen = new Set<T>(exclude)
  const want = Math.min(k, n - seen.size)
  for (let draws = 0; out.length < want && draws < 20_000; draws++) {
    const item = draw()
    if (!seen.has(item)) {
      seen.add(item)
      out.push(item)
    }
  }
  return out
}

/** Up to k distinct items of `items`, each as likely (a picker of weight 1), leaving out `exclude`. */
export const uniformFrom = <T>(
  items: readonly T[],
  k: number,
  random: Random,
  exclude?: ReadonlySet<T>,
): T[] => new WeightedPicker(items, () => 1).sample(k, random, exclude)
