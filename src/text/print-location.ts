import type { TextSource } from './source'
import { lineColumnAt, lineCount, lineText } from './source'

const context = 1

/**
 * A code frame: the line at `offset` with a caret under the column, and one line either side, each prefixed
 * with its number.
 *
 * @example
 * printLocation(source, 31)
 * // 2 | explore Movie
 * // 3 |   where contributor = "mhric-x"
 * //   |         ^
 */
export function printLocation(source: TextSource, offset: number): string {
  const { line, column } = lineColumnAt(source, offset)
  // The lines around `line` only: a source's lines are indexed once (source.ts), an error's frame reads three.
  const first = Math.max(1, line - context)
  const last = Math.min(lineCount(source), line + context)
  const width = String(last).length
  const gutter = (label: string) => `${label.padStart(width)} | `
  const shown: string[] = []
  for (let n = first; n <= last; n++) shown.push(lineText(source, n))
  // A line longer than a terminal (a minified or hostile file) is shown as a window around the caret, the same
  // columns of each line, so a frame stays a few hundred characters whatever the input.
  const from = shown.some((text) => text.length > maxWidth) ? Math.max(0, column - 1 - maxWidth / 2) : 0
  // A line that ends before the window (`explore Movie` above a long one) is shown from its start instead.
  const cut = (text: string) => {
    const start = text.length > from ? from : 0
    const end = start + maxWidth
    return (start > 0 ? '…' : '') + text.slice(start, end) + (text.length > end ? '…' : '')
  }
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    out.push((gutter(String(n)) + visible(cut(shown[n - first] ?? ''))).trimEnd())
    if (n === line)
      out.push(gutter('') + ' '.repeat(Math.max(0, column - 1 - from + (from > 0 ? 1 : 0))) + '^')
  }
  return out.join('\n')
}

// The most columns of one line a frame shows.
const maxWidth = 120

// What a terminal acts on or hides rather than shows: control characters (C0, DEL, C1: ESC[1A ESC[2K moved
// the cursor up and erased the error, so a file could print over its own problem), format characters (bidi
// overrides and isolates reorder the rest of the line; zero-width and tag characters hide text) and the line
// and paragraph separators. Each UTF-16 code unit becomes one U+FFFD: the caret's column counts code units.
const hidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

// Tabs would misplace the caret on terminals with other tab stops; a space keeps columns aligned.
const visible = (line: string) =>
  line.replace(/\t/g, ' ').replace(hidden, (character) => '\ufffd'.repeat(character.length))
