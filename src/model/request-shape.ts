import { HqlError } from './errors'
import type { JsonPath } from './errors'
import { checkLimit, listLimitAt, maxJsonDepth, requestLimits } from './limits'
import { unknownName } from './request/rule'
import { filterNames } from './vocabulary'

// The first thing fromJSON does with untrusted JSON, before the schema or anything else looks at it: one
// iterative walk that bounds the work the rest may do (depth, list sizes, total size) and refuses the one key
// that would reach a prototype when copied (`__proto__`). Iterative, so that the walk cannot overflow the
// stack on the input it is there to refuse; leaves are counted but never visited. `pathDeeperThan` is the
// depth-only walk, for JSON the request limits do not apply to (the client's responses).

interface Frame {
  readonly value: object
  readonly depth: number
  readonly key: string | number
  readonly parent: Frame | undefined
}

// The path is rebuilt from parent links only for the error: a valid body costs a walk and no copies.
function pathOf(frame: Frame, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last]
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * Throws an `HqlError` when a request body is out of bounds: `too_deep` beyond `maxJsonDepth` levels,
 * `too_many_ids` (and the other `requestLimits` codes) for a list over its limit, `too_many_nodes` beyond
 * `requestLimits.nodes` values in all, and `unknown_key` for an own `__proto__` key (which `JSON.parse`
 * makes, and which no request has). Each error names the path of the offending list or key.
 */
export function checkRequestShape(value: unknown): void {
  if (value === null || typeof value !== 'object') return
  if (!withinRequestShape(value)) reportRequestShape(value)
}

/**
 * Whether `checkRequestShape` would let `value` through: the same limits, with no path kept, so a body within
 * bounds costs no allocation per node; on `false`, `reportRequestShape` walks again, keeping paths, to throw
 * the same first error as ever. Recursive, yet safe on the input it is there to refuse: it stops at
 * `maxJsonDepth`, as deep as any request may nest, so the stack it uses is bounded. It was a walk with two
 * stacks of values and depths, ≈5% of `compile(parseQuery(query))` in a CPU profile, and is about half that
 * now (no push and pop per object). Whether a limit is broken does not depend on the order of the walk.
 */
export function withinRequestShape(value: object): boolean {
  // Imported bindings read once: where modules are not bundled together (tsx, vitest, a CommonJS build) each
  // read of one is a getter call, which per node cost more than the walk's own work.
  return nodesWithin(value, 1, 1, requestLimits, maxJsonDepth, listLimitAt) >= 0
}

/** The count of values so far, `nodes`, with those of `parent` (at `depth`) added; -1 past a limit. */
function nodesWithin(
  parent: object,
  depth: number,
  nodes: number,
  limits: typeof requestLimits,
  maxDepth: number,
  limitAt: typeof listLimitAt,
): number {
  if (depth > maxDepth) return -1
  if (Array.isArray(parent)) {
    nodes += parent.length
    if (nodes > limits.nodes) return -1
    for (let index = 0; index < parent.length; index++) {
      const child: unknown = parent[index]
      // A list directly in a list stands under an index, which has no limit (listLimitAt).
      if (child !== null && typeof child === 'object') {
        nodes = nodesWithin(child, depth + 1, nodes, limits, maxDepth, limitAt)
        if (nodes < 0) return -1
      }
    }
    return nodes
  }
  for (const key in parent) {
    if (key === '__proto__' || ++nodes > limits.nodes) return -1
    const child: unknown = (parent as Record<string, unknown>)[key]
    if (child !== null && typeof child === 'object') {
      if (Array.isArray(child)) {
        const limit = limitAt(key)
        if (limit !== undefined && child.length > limits[limit]) return -1
      }
      nodes = nodesWithin(child, depth + 1, nodes, limits, maxDepth, limitAt)
      if (nodes < 0) return -1
    }
  }
  return nodes
}

/** The walk that keeps paths: throws the first error `checkRequestShape` reports. */
function reportRequestShape(value: object): void {
  let nodes = 1
  const stack: Frame[] = [{ value, depth: 0, key: '', parent: undefined }]
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth >= maxJsonDepth)
      throw new HqlError('too_deep', `the request nests more than ${maxJsonDepth} levels deep`, {
        path: pathOf(frame),
      })
    const depth = frame.depth + 1
    const parent = frame.value
    if (Array.isArray(parent)) {
      // A list's size is known before its items are read: an oversized list costs nothing to refuse.
      const limit = listLimitAt(frame.key)
      if (limit !== undefined && parent.length > requestLimits[limit])
        checkLimit(limit, parent.length, pathOf(frame))
      nodes += parent.length
      if (nodes > requestLimits.nodes) throw tooManyNodes(pathOf(frame))
      for (let index = 0; index < parent.length; index++) {
        const child: unknown = parent[index]
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, key: index, parent: frame })
      }
    } else
      for (const key in parent) {
        if (key === '__proto__')
          // Under `filters` the key is a filter name, which the filters rule words as it words any other.
          throw new HqlError(
            frame.key === 'filters' ? 'unknown_filter' : 'unknown_key',
            frame.key === 'filters' ? unknownName('filter', key, filterNames) : `unknown key '__proto__'`,
            { path: pathOf(frame, key) },
          )
        if (++nodes > requestLimits.nodes) throw tooManyNodes(pathOf(frame, key))
        const child: unknown = (parent as Record<string, unknown>)[key]
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, key, parent: frame })
      }
  }
}

const tooManyNodes = (path: (string | number)[]) =>
  new HqlError(
    'too_many_nodes',
    `the request holds more than ${requestLimits.nodes} JSON values (objects, arrays and leaves)`,
    { path },
  )

/**
 * The path of the first object or array nested more than `maxDepth` levels deep in `value` (`[]` for the top
 * when `maxDepth` is 0), or undefined. Depth alone: no size or key is checked, so it suits JSON that request
 * limits do not apply to (a response), before a recursive walk (a schema check) that would overflow the
 * stack on a deep one. Iterative; each path is copied at most `maxDepth` long.
 */
export function pathDeeperThan(value: unknown, maxDepth: number): JsonPath | undefined {
  const stack: [unknown, (string | number)[]][] = [[value, []]]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next
    if (node === null || typeof node !== 'object') continue
    if (path.length >= maxDepth) return path
    const list = Array.isArray(node)
    // Leaves are never pushed: a path is copied only for the objects and arrays below this one.
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key]
      if (child !== null && typeof child === 'object') stack.push([child, [...path, list ? +key : key]])
    }
  }
  return undefined
}

/**
 * Throws `too_deep` with the path of the first object or array nested more than `maxDepth` levels deep (by
 * default `maxJsonDepth`, the request limit). Depth alone: `checkRequestShape` checks a request's sizes and
 * keys as well, in the same walk.
 */
export function checkJsonDepth(value: unknown, maxDepth = maxJsonDepth): void {
  const path = pathDeeperThan(value, maxDepth)
  if (path !== undefined)
    throw new HqlError('too_deep', `the value nests more than ${maxDepth} levels deep`, { path })
}
