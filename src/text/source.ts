/** A text being parsed: its body and the name errors print for it (a file path, or `<query>`). */
export interface TextSource {
  readonly body: string
  readonly name: string
}

/** A one-based line and column in a source. Columns count UTF-16 code units, as editors do. */
export interface LineColumn {
  readonly line: number
  readonly column: number
}

export function makeSource(body: string, name = '<query>'): TextSource {
  return { body, name }
}

// The offset where each line of a source starts, made once per source when a line is first asked for: errors
// and names ask for many (`hql check` one per query), and a scan from the start for each grew with the square of
// the file's size.
const linesOf = new WeakMap<TextSource, Lines>()

/** Where each line of a body starts, and the body's length: all a line and column need of it. */
interface Lines {
  readonly starts: readonly number[]
  readonly bodyLength: number
}

function linesIn(source: TextSource): Lines {
  const known = linesOf.get(source)
  if (known !== undefined) return known
  const body = source.body
  const starts = [0]
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i)
    // \n, \r\n and a lone \r each end a line.
    if (c === 10 || (c === 13 && body.charCodeAt(i + 1) !== 10)) starts.push(i + 1)
  }
  const lines = { starts, bodyLength: body.length }
  linesOf.set(source, lines)
  return lines
}

/**
 * The line and column of a character offset. Offsets past the end point just after the last character.
 *
 * @example
 * lineColumnAt(makeSource('explore Movie\n  with primaryImag'), 21) // { line: 2, column: 8 }
 */
export function lineColumnAt(source: TextSource, offset: number): LineColumn {
  const { starts, bodyLength } = linesIn(source)
  const end = Math.max(0, Math.min(offset, bodyLength))
  // The last line starting at or before `end`.
  let low = 0
  let high = starts.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= end) low = middle
    else high = middle - 1
  }
  return { line: low + 1, column: end - (starts[low] as number) + 1 }
}

/** How many lines a source has (a text ending in a line break has an empty last line). */
export const lineCount = (source: TextSource): number => linesIn(source).starts.length

/** The text of line `line` (one-based) without its line break; '' past the last line. */
export function lineText(source: TextSource, line: number): string {
  const { starts } = linesIn(source)
  const start = starts[line - 1]
  if (start === undefined) return ''
  const body = source.body
  const next = starts[line]
  if (next === undefined) return body.slice(start)
  // The break before the next line: \r\n is two characters, \n or a lone \r one.
  const cut = body.charCodeAt(next - 1) === 10 && body.charCodeAt(next - 2) === 13 ? 2 : 1
  return body.slice(start, next - cut)
}
