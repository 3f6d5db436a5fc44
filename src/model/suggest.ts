import { echoedLength } from './shown'

/** The closest candidate to `word` by edit distance, when it is close enough to be a likely typo. */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  // Edit distances cost the product of the lengths: a long word written twice in a text (a parameter
  // declared, and used with one letter more) would cost minutes. Nobody mistypes past a message's echo.
  if (word.length > echoedLength) return undefined
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1
  for (const candidate of candidates) {
    // The distance is at least the difference in length: a long word (a hostile one) costs nothing.
    if (Math.abs(word.length - candidate.length) >= bestDistance) continue
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  return best
}

/** Levenshtein distance, one row at a time: `row[j]` is the distance between a[0, i) and b[0, j). */
function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    let diagonal = i - 1 // row[j - 1] of the previous row
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1))
      diagonal = above
    }
  }
  return row[b.length] as number
}

export const didYouMean = (word: string, candidates: readonly string[]): string => {
  const suggestion = closest(word, candidates)
  return suggestion === undefined ? '' : `; did you mean '${suggestion}'?`
}
