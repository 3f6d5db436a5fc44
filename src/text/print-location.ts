import type { TextSource } from './source'
import { lineColumnAt } from './source'

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
  const lines = source.body.split(/\r?\n|\r/)
  const first = Math.max(1, line - context)
  const last = Math.min(lines.length, line + context)
  const width = String(last).length
  const gutter = (label: string) => `${label.padStart(width)} | `
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    out.push((gutter(String(n)) + visible(lines[n - 1] ?? '')).trimEnd())
    if (n === line) out.push(gutter('') + ' '.repeat(Math.max(0, column - 1)) + '^')
  }
  return out.join('\n')
}

// Tabs would misplace the caret on terminals with other tab stops; a space keeps columns aligned.
const visible = (line: string) => line.replace(/\t/g, ' ')
