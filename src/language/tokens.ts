import type { Token } from '../text'

/** The index of the token containing `offset` or ending at it (the word being typed), else -1. */
export function tokenAt(tokens: readonly Token[], offset: number): number {
  let low = 0
  let high = tokens.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const token = tokens[middle] as Token
    if (token.end < offset) low = middle + 1
    else if (token.start > offset) high = middle - 1
    else return token.kind === 'end' ? -1 : middle
  }
  return -1
}

/** The index of the first token starting at or after `offset`. */
export function firstTokenFrom(tokens: readonly Token[], offset: number): number {
  let low = 0
  let high = tokens.length
  while (low < high) {
    const middle = (low + high) >> 1
    if ((tokens[middle] as Token).start < offset) low = middle + 1
    else high = middle
  }
  return low
}
