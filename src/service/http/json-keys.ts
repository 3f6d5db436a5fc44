import type { JsonPath } from '../../model/errors'

/** Where the scan stands in one object or array: the object's keys so far, or the array's current index. */
interface Frame {
  readonly keys: Set<string> | undefined
  /** The key (an object's) or index (an array's) of the value being read: the next step of a path. */
  at: string | number
  /** In an object: whether the next string is a key (after `{` or `,`) rather than a value. */
  expectsKey: boolean
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
const COMMA = 0x2c

/**
 * The path of the first key that one object of `text` holds twice, or undefined. JSON.parse keeps the last
 * of two and drops the first without a word (`{"ids":["a"],"ids":["b"]}` reads as b), so a request's meaning
 * would be whichever copy a reader happened to keep. `text` must be valid JSON (JSON.parse took it): the scan
 * reads only strings and brackets, jumping over a string's text with indexOf, and keeps one frame per open
 * object or array (no recursion a deep body could overflow). Keys are compared decoded (`"a"` and `"\u0061"`
 * are one key).
 *
 * @example
 * repeatedKey('{"filters":{"returnType":1,"returnType":2}}') // ['filters', 'returnType']
 */
export function repeatedKey(text: string): JsonPath | undefined {
  const frames: Frame[] = []
  let top: Frame | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = closingQuote(text, i)
      if (top?.keys !== undefined && top.expectsKey) {
        const raw = text.slice(i + 1, end)
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw
        if (top.keys.has(key)) return [...frames.slice(0, -1).map((frame) => frame.at), key]
        top.keys.add(key)
        top.at = key
        top.expectsKey = false
      }
      i = end
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      top = { keys: c === OPEN_OBJECT ? new Set() : undefined, at: 0, expectsKey: c === OPEN_OBJECT }
      frames.push(top)
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      frames.pop()
      top = frames[frames.length - 1]
    } else if (c === COMMA && top !== undefined) {
      if (top.keys === undefined) top.at = (top.at as number) + 1
      else top.expectsKey = true
    }
  }
  return undefined
}

/** The index of the quote that closes the string opened at `open`: the first not escaped by a backslash. */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1)
  for (;;) {
    let backslashes = 0
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
}
