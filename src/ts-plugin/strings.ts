// The HQL texts of a TypeScript file: the string arguments of `hqlText(…)` calls, each with the map between an
// offset in the text hqlText reads (escapes read: `\"` is one `"`) and a position in the file. Types only from
// TypeScript: the plugin is handed tsserver's own `typescript` at run time.
import type * as ts from 'typescript'

/** A string literal that `hqlText` reads, and where each of its characters sits in the file. */
export interface HqlString {
  /** The literal: `'…'`, `"…"` or a template without `${}`. */
  readonly node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral
  /** The text as hqlText reads it: the literal's value. */
  readonly text: string
  /**
   * `positions[i]` is the file position where the text's character `i` is written (an escape's backslash);
   * `positions[text.length]` is the closing quote's.
   */
  readonly positions: readonly number[]
}

/** The functions whose first argument is HQL text: `hqlText`, or a dotted name (`hql.text`). */
export const defaultFunctions: readonly string[] = ['hqlText']

/**
 * The HQL strings of a file: every literal first argument of a call to one of `functions`. A call that is
 * not one of them by name (an alias) is not read; a string whose escapes cannot be mapped is left out.
 *
 * @example
 * const file = ts.createSourceFile('a.ts', `hqlText('explore Movie')`, ts.ScriptTarget.Latest, true)
 * hqlStrings(ts, file, ['hqlText'])[0]?.text // 'explore Movie'
 */
export function hqlStrings(
  typescript: typeof ts,
  file: ts.SourceFile,
  functions: readonly string[],
  within?: number,
): HqlString[] {
  const found: HqlString[] = []
  const visit = (node: ts.Node): void => {
    // Only the nodes around a position, when one is given: a hover or completion reads one string.
    if (within !== undefined && (within < node.pos || within > node.end)) return
    if (typescript.isCallExpression(node)) {
      const argument = node.arguments[0]
      if (
        argument !== undefined &&
        (typescript.isStringLiteral(argument) || typescript.isNoSubstitutionTemplateLiteral(argument)) &&
        functions.includes(calleeName(typescript, node.expression))
      ) {
        const read = readLiteral(typescript, file, argument)
        if (read !== undefined) found.push(read)
      }
    }
    typescript.forEachChild(node, visit)
  }
  visit(file)
  return found
}

/** The HQL string whose quotes enclose `position` (after the opening quote, up to the closing one). */
export function hqlStringAt(
  typescript: typeof ts,
  file: ts.SourceFile,
  functions: readonly string[],
  position: number,
): HqlString | undefined {
  return hqlStrings(typescript, file, functions, position).find(
    (found) =>
      position > found.node.getStart(file) && position <= (found.positions[found.text.length] as number),
  )
}

/** The offset in the text of a file position inside the literal (inside an escape: the escape's first character). */
export function offsetOf(found: HqlString, position: number): number {
  const { positions } = found
  let low = 0
  let high = positions.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((positions[middle] as number) <= position) low = middle
    else high = middle - 1
  }
  // An escape of two UTF-16 units (`\u{1F600}`) sits at one position: its first unit.
  while (low > 0 && positions[low - 1] === positions[low]) low--
  return low
}

/** The file position of a text offset (the end of the text: the closing quote). */
export function positionOf(found: HqlString, offset: number): number {
  const { positions } = found
  return positions[Math.max(0, Math.min(offset, positions.length - 1))] as number
}

/**
 * Text to insert into the literal so that its value reads `text`: the literal's quote, backslashes and line
 * breaks escaped (an id's `"` inside a `"…"` literal becomes `\"`).
 */
export function escapeFor(found: HqlString, text: string): string {
  const raw = found.node.getSourceFile().text
  const quote = raw[found.node.getStart()] as string
  let escaped = text.replaceAll('\\', '\\\\')
  if (quote === '`') return escaped.replaceAll('`', '\\`').replaceAll('${', '\\${')
  escaped = escaped.replaceAll(quote, `\\${quote}`)
  return escaped.replaceAll('\n', '\\n').replaceAll('\r', '\\r')
}

function calleeName(typescript: typeof ts, expression: ts.Expression): string {
  if (typescript.isIdentifier(expression)) return expression.text
  if (typescript.isPropertyAccessExpression(expression)) {
    const object = calleeName(typescript, expression.expression)
    return object === '' ? '' : `${object}.${expression.name.text}`
  }
  return ''
}

/**
 * The literal's value and the position of each of its characters, read from the file's text: an escape is
 * one character written over several (`\u{1F600}` two UTF-16 units over nine), a line continuation none, a
 * template's CR LF one LF. Undefined when the reading does not give the value TypeScript gives.
 */
function readLiteral(
  typescript: typeof ts,
  file: ts.SourceFile,
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral,
): HqlString | undefined {
  const source = file.text
  const start = node.getStart(file) + 1
  const template = typescript.isNoSubstitutionTemplateLiteral(node)
  // An unterminated literal ends at the file's end or the line's.
  const closed = node.end - 1 > start - 1 && source[node.end - 1] === source[start - 1]
  const end = closed ? node.end - 1 : node.end
  const positions: number[] = []
  let text = ''
  let i = start
  while (i < end) {
    const c = source[i] as string
    if (c !== '\\') {
      positions.push(i)
      if (template && c === '\r') {
        text += '\n'
        i += source[i + 1] === '\n' ? 2 : 1
      } else {
        text += c
        i += 1
      }
      continue
    }
    const [value, length] = escapeAt(source, i + 1)
    for (let unit = 0; unit < value.length; unit++) positions.push(i)
    text += value
    i += 1 + length
  }
  positions.push(end)
  return text === node.text ? { node, text, positions } : undefined
}

const simpleEscapes: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
}

/** The value of the escape whose backslash is just before `at`, and how many characters follow the backslash. */
function escapeAt(source: string, at: number): [string, number] {
  const c = source[at] ?? ''
  if (c === '\r') return ['', source[at + 1] === '\n' ? 2 : 1]
  if (c === '\n' || c === '\u2028' || c === '\u2029') return ['', 1]
  if (c === 'x') return [String.fromCharCode(parseInt(source.slice(at + 1, at + 3), 16)), 3]
  if (c === 'u' && source[at + 1] === '{') {
    const close = source.indexOf('}', at)
    return [String.fromCodePoint(parseInt(source.slice(at + 2, close), 16)), close - at + 1]
  }
  if (c === 'u') return [String.fromCharCode(parseInt(source.slice(at + 1, at + 5), 16)), 5]
  return [simpleEscapes[c] ?? c, 1]
}
