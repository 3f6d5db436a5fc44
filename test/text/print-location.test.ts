// A code frame shows a file's line as text, never as what a terminal acts on: control characters moved the
// cursor and erased the error above them (ESC[1A ESC[2K), bidi overrides reordered the line, zero-width and tag
// characters hid text. Each becomes U+FFFD, one per UTF-16 code unit, so the caret stays under its column.
import { describe, expect, it } from 'vitest'
import { makeSource, printLocation } from '../../src/text'

/** The frame of `line` with the caret at the `x` that follows the characters under test. */
function frameAt(line: string): string[] {
  return printLocation(makeSource(line), line.indexOf('x')).split('\n')
}

describe('a code frame', () => {
  it.each([
    ['ESC sequences', 'query a #\u001b[1A\u001b[2K\u001b[32m', 3],
    ['a NUL, a bell, a backspace and DEL', 'query a #\u0000\u0007\u0008\u007f', 4],
    ['C1 controls (CSI, NEL)', 'query a #\u009b2J\u0085', 2],
    ['bidi overrides and isolates', 'query a #\u202e\u2066\u2069\u200f', 4],
    ['zero-width characters and a byte order mark', 'query a #\u200b\u200d\u2060\ufeff', 4],
    ['tag characters (two code units each)', 'query a #\u{e0041}\u{e0042}', 4],
    ['line and paragraph separators', 'query a #\u2028\u2029', 2],
  ])('shows %s as U+FFFD, one per code unit, the caret under its column', (_, hidden, count) => {
    const [line, caret] = frameAt(`${hidden} x`)
    expect(line).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u)
    expect(line!.split('\ufffd')).toHaveLength(count + 1)
    expect(caret!.indexOf('^')).toBe(line!.indexOf('x'))
  })

  it('keeps a tab a space, and other text as it is', () => {
    // Columns count UTF-16 code units, as the error's column does.
    expect(frameAt('query\ta # café ≠ 東京 x')).toEqual([
      '1 | query a # café ≠ 東京 x',
      `  | ${' '.repeat(20)}^`,
    ])
  })
})
