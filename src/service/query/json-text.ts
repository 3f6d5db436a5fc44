import type { GraphNode, ImageNode } from '../graph/entities'
import { JsonOut } from './json-out'

/** An object's default fields as JSON text, without braces, and how many keys they are. */
interface FieldsText {
  readonly text: string
  readonly count: number
  /** `text` as UTF-8, made the first time an answer is written with it. */
  bytes?: Buffer
}

/**
 * The default fields of each node as JSON text, made the first time the node is rendered. A node's fields
 * never change once the graph is built, so they are escaped and written once per process instead of once per
 * response: a lookup of 3 titles with nested contributors and contributions repeats ~120 KB of mostly
 * descriptions, and writing them was more than half of its time (~430 µs of ~800 µs a request).
 */
const fieldsText = new WeakMap<GraphNode | ImageNode, FieldsText>()

/** Rendered objects whose first keys are their node's default fields (see {@link markDefaultFields}). */
const rendered = new WeakMap<object, FieldsText>()

/**
 * Records that `object`, just built by `defaultFields(node)` and not yet given any component, holds exactly
 * the node's default fields, so that {@link jsonText} can write them from the node's text. `shared` is false
 * for fields that depend on who asks (a user's own email): those are written as usual.
 */
export function markDefaultFields(
  object: Record<string, unknown>,
  node: GraphNode | ImageNode,
  shared: boolean,
): void {
  if (shared) rendered.set(object, fieldsTextOf(node, object))
}

/** The node's default fields as text (without braces), made from `object` (they) the first time. */
function fieldsTextOf(node: GraphNode | ImageNode, object: Record<string, unknown>): FieldsText {
  let fields = fieldsText.get(node)
  if (fields === undefined) {
    fields = { text: JSON.stringify(object).slice(1, -1), count: Object.keys(object).length }
    fieldsText.set(node, fields)
  }
  return fields
}

/**
 * The default fields of a node shared by every asker, as JSON text without braces: the text
 * {@link markDefaultFields} writes, made by `make` the first time the node is rendered, either way.
 */
export function sharedFieldsText(node: GraphNode | ImageNode, make: () => Record<string, unknown>): string {
  const fields = fieldsText.get(node)
  return fields === undefined ? fieldsTextOf(node, make()).text : fields.text
}

/** {@link sharedFieldsText} as UTF-8, encoded once per node. */
export function sharedFieldsBytes(node: GraphNode | ImageNode, make: () => Record<string, unknown>): Buffer {
  const fields = fieldsText.get(node) ?? fieldsTextOf(node, make())
  return (fields.bytes ??= Buffer.from(fields.text, 'utf8'))
}

/** The UTF-8 bytes of a marked object's default fields. */
function fieldsBytes(fields: FieldsText): Buffer {
  return (fields.bytes ??= Buffer.from(fields.text, 'utf8'))
}

/** Forgets the mark of an object whose default fields a component overwrote: it is written key by key. */
export function unmarkDefaultFields(object: object): void {
  rendered.delete(object)
}

/** Objects that hold no rendered object (a pair's context): written by JSON.stringify, natively. */
const plain = new WeakSet<object>()

/**
 * Records that `object` holds no rendered object, so {@link jsonText} hands it to JSON.stringify whole: a
 * source's context (its mediums, methods, formats and launch links) is most of a `sources` component's bytes,
 * and walking it key by key here would cost more than the default fields save.
 */
export function markPlain(object: object): void {
  plain.add(object)
}

/**
 * `JSON.stringify(value)`, to the byte, with the default fields of rendered objects written from their node's
 * text. Anything unmarked is written as JSON.stringify would: keys in order, undefined, functions and symbols
 * left out of objects and null in arrays, `toJSON` honoured.
 */
export function jsonText(value: unknown): string {
  return jsonBytes(value).toString('utf8')
}

/**
 * {@link jsonText} as UTF-8, what the HTTP layer sends: the default fields and raw answers are copied as the
 * bytes they were encoded to once (./json-out.ts), the rest encoded here.
 */
export function jsonBytes(value: unknown): Buffer {
  const out = new JsonOut()
  if (!write(value, out)) out.str('null')
  return out.toBuffer()
}

/**
 * JSON text made already (./render-text.ts writes a response's objects straight to text): written as it is.
 * Only {@link jsonText} knows it; answers meant to be read as objects never hold one (see answerQuery).
 */
export class RawJson {
  constructor(readonly out: JsonOut) {}
}

const hasToJson = (value: object): boolean => typeof (value as { toJSON?: unknown }).toJSON === 'function'

/** Writes `value` as JSON.stringify would; false (nothing written) where JSON.stringify gives undefined. */
function write(value: unknown, out: JsonOut): boolean {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value) as string | undefined
    if (text === undefined) return false
    out.str(text)
    return true
  }
  if (value instanceof RawJson) {
    out.append(value.out)
    return true
  }
  if (Array.isArray(value)) {
    out.str('[')
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.str(',')
      if (!write(value[i], out)) out.str('null')
    }
    out.str(']')
    return true
  }
  if (plain.has(value) || hasToJson(value)) {
    const text = JSON.stringify(value) as string | undefined
    if (text === undefined) return false
    out.str(text)
    return true
  }
  const fields = rendered.get(value)
  const keys = Object.keys(value)
  out.str('{')
  // Whether anything is written yet inside the braces (a comma goes before each member but the first).
  let first = true
  if (fields !== undefined && fields.text !== '') {
    out.bytes(fieldsBytes(fields))
    first = false
  }
  for (let i = fields === undefined ? 0 : fields.count; i < keys.length; i++) {
    const key = keys[i] as string
    const member = (value as Record<string, unknown>)[key]
    // What JSON.stringify leaves out of an object: undefined, functions and symbols, and a toJSON that
    // gives one of those; known before the key is written.
    let text: string | undefined
    if (member === null || typeof member !== 'object' || hasToJson(member)) {
      text = JSON.stringify(member) as string | undefined
      if (text === undefined) continue
    }
    out.str(`${first ? '' : ','}${JSON.stringify(key)}:`)
    first = false
    if (text === undefined) write(member, out)
    else out.str(text)
  }
  out.str('}')
  return true
}
