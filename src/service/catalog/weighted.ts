import type { Random } from './prng'

/**
 * Weighted sample of k distinct items: draws by binary search over cumulative weights and redraws duplicates
 * (bounded: at most 20k draws, so a k close to the item count cannot loop for long). Built once per weight
 * function and reused for every user, which keeps start-up fast.
 */
export class WeightedPicker<T> {
  private readonly cumulative: Float64Array
  private readonly total: number

  /**
   * `weight` is a function of the item, or the weights themselves in the items' order when the caller has
   * them as numbers already: social synthesis builds a picker per user over the cast of their likes.
   */
  constructor(
    private readonly items: readonly T[],
    weight: ((item: T) => number) | readonly number[],
  ) {
    const cumulative = new Float64Array(items.length)
    let sum = 0
    for (let i = 0; i < items.length; i++) {
      sum += Math.max(0, typeof weight === 'function' ? weight(items[i] as T) : (weight[i] as number))
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
 * The same draws as `new WeightedPicker(items, () => 1).sample(k, random, exclude)` without building the cumulative
 * weights: with every weight 1 they are 1, 2, … n, exactly (small integers are exact in a double), and the
 * binary search for the first above `r * n` lands on `floor(r * n)`. Social synthesis draws this way for each
 * of hundreds of users (friends among the users, sources, editorial collections), and built a picker each time.
 * `at(i)` is the i-th of the n items, so a caller can skip one (the user itself) without copying the list.
 */
export function uniformSample<T>(
  n: number,
  at: (i: number) => T,
  k: number,
  random: Random,
  exclude?: ReadonlySet<T>,
): T[] {
  return distinctDraws(n, k, () => at(Math.floor(random.next() * n)), exclude)
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

/** {@link uniformSample} over a whole list. */
export const uniformFrom = <T>(
  items: readonly T[],
  k: number,
  random: Random,
  exclude?: ReadonlySet<T>,
): T[] => uniformSample(items.length, (i) => items[i] as T, k, random, exclude)
