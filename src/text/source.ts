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

/** The line and column of a character offset. Offsets past the end point just after the last character. */
export function lineColumnAt(source: TextSource, offset: number): LineColumn {
  const body = source.body
  const end = Math.max(0, Math.min(offset, body.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    const c = body.charCodeAt(i)
    // \n, \r\n and a lone \r each end a line, as printLocation splits them.
    if (c === 10 || (c === 13 && body.charCodeAt(i + 1) !== 10)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}
