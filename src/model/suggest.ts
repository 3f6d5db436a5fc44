import { echoedLength } from './shown'

/**
 * The closest candidate to `word` by edit distance (Levenshtein's, letter case aside), when it is close enough to
 * be a likely typo: a third of the word's length, and at least 2.
 *
 * @example
 * closest('primaryImag', ['primaryImage', 'images']) // 'primaryImage'
 * closest('genre', ['contributors', 'sources']) // undefined
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  // Edit distances cost the product of the lengths: a long word written twice in a text (a parameter
  // declared, and used with one letter more) would cost minutes. Nobody mistypes past a message's echo.
  if (word.length > echoedLength) return undefined
  let best: string | undefined
  // Within a third of the word's length (at least 2): below `bound`. (The length is at most 80: `| 0` floors it.)
  let bound = Math.max(2, (word.length / 3) | 0) + 1
  const a = word.toLowerCase()
  for (const candidate of candidates) {
    // The distance is at least the difference in length: a long word (a hostile one) costs nothing.
    if (Math.abs(word.length - candidate.length) >= bound) continue
    const b = candidate.toLowerCase()
    // One row of the distance table at a time: row[j] is the distance between a's first i letters and b's first j;
    // a letter dropped, added or replaced costs 1 (`+(a[i] != b[j])`: nothing where the letters match).
    let row = [...Array(b.length + 1).keys()]
    for (let i = 0; i < a.length; i++) {
      const next = [i + 1]
      for (let j = 0; j < b.length; j++)
        next[j + 1] = Math.min(
          (row[j + 1] as number) + 1,
          (next[j] as number) + 1,
          (row[j] as number) + +(a[i] != b[j]),
        )
      row = next
    }
    if ((row[b.length] as number) < bound) {
      bound = row[b.length] as number
      best = candidate
    }
  }
  return best
}

/**
 * `; did you mean '…'?` with the closest candidate (`closest`), or nothing when none is close.
 *
 * @example
 * didYouMean('primaryImag', ['primaryImage']) // "; did you mean 'primaryImage'?"
 */
export const didYouMean = (word: string, candidates: readonly string[]): string => {
  const suggestion = closest(word, candidates)
  return suggestion === undefined ? '' : `; did you mean '${suggestion}'?`
}

/**
 * The first key of `options` that is not one of `known`, with `didYouMean`'s hint for it; undefined when its reader
 * reads every key. Every door's one rule for options (an option nobody reads would be dropped without a word);
 * each words the refusal in its own kind of error.
 *
 * @example
 * unreadOption({ paramz: {} }, ['query', 'params']) // ['paramz', "; did you mean 'params'?"]
 */
export function unreadOption(
  options: object,
  known: readonly string[],
): [key: string, hint: string] | undefined {
  const key = Object.keys(options).find((name) => !known.includes(name))
  return key === undefined ? undefined : [key, didYouMean(key, known)]
}
