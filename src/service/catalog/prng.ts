/**
 * A small seeded PRNG (mulberry32). Everything synthetic in the catalog draws from one of these, seeded by a
 * string that names what is being decided (`"carries|mhsrc-netflix|<record id>"`), so that each decision is
 * stable on its own: adding a record or a source never reshuffles the others.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T
  /** True with the given probability. */
  chance(probability: number): boolean
}

/**
 * A 32-bit seed from a string: FNV-1a followed by a murmur3 finalizer, so that seeds differing in one
 * character are far apart. Not cryptographic, and it need not be: tens of thousands are made at start-up.
 */
export function seedOf(text: string): number {
  return finalize(fnv(0x811c9dc5, text))
}

/** FNV-1a's state after `text`, from state `h`. */
function fnv(h: number, text: string): number {
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h
}

/** murmur3's finalizer: spreads FNV's state over all 32 bits. */
function finalize(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

export function randomFrom(seedText: string): Random {
  return new Mulberry32(seedOf(seedText))
}

/** mulberry32's output for a state already advanced. */
function mulberry(state: number): number {
  let t = state | 0
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

// A class rather than closures over a local: tens of thousands are made at start-up, one object each instead of
// five, and no per-instance functions for the garbage collector.
class Mulberry32 implements Random {
  constructor(private state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0
    return mulberry(this.state)
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new RangeError('pick from an empty array')
    return item
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }
}

/** A deterministic Fisher–Yates shuffle (returns a new array). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(0, i)
    const a = out[i] as T
    out[i] = out[j] as T
    out[j] = a
  }
  return out
}
