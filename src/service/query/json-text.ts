import type { GraphNode, ImageNode } from '../graph/entities'

/** An object's default fields as JSON text, without braces, and how many keys they are. */
interface FieldsText {
  readonly text: string
  readonly count: number
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
  return write(value) ?? 'null'
}

/**
 * JSON text made already (./render-text.ts writes a response's objects straight to text): written as it is.
 * Only {@link jsonText} knows it; answers meant to be read as objects never hold one (see answerQuery).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

function write(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (value instanceof RawJson) return value.text
  if (Array.isArray(value)) {
    let out = '['
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + (write(value[i]) ?? 'null')
    return `${out}]`
  }
  if (plain.has(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return JSON.stringify(value)
  const fields = rendered.get(value)
  const keys = Object.keys(value)
  let out = fields === undefined ? '' : fields.text
  for (let i = fields === undefined ? 0 : fields.count; i < keys.length; i++) {
    const key = keys[i] as string
    const text = write((value as Record<string, unknown>)[key])
    if (text !== undefined) out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${text}`
  }
  return `{${out}}`
}
