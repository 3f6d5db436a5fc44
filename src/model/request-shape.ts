import { HqlError } from './errors'
import type { JsonPath } from './errors'
import { checkLimit, listLimitAt, requestLimits } from './limits'
import { maxJsonDepth } from './rules'

// The first thing fromJSON does with untrusted JSON, before the schema or anything else looks at it: one
// iterative walk that bounds the work the rest may do (depth, list sizes, total size) and refuses the one key
// that would reach a prototype when copied (`__proto__`). Iterative, so that the walk cannot overflow the
// stack on the input it is there to refuse; leaves are counted but never visited. The same walk, with depth
// alone, guards the client's recursive response check (`pathDeeperThan`), where request limits do not apply.

interface Frame {
  readonly value: object
  readonly depth: number
  readonly key: string | number
  readonly parent: Frame | undefined
}

/** What a walk checks besides depth, at each container before its children; each may throw. */
interface Visitor {
  readonly list?: (frame: Frame, list: readonly unknown[]) => void
  readonly key?: (frame: Frame, key: string) => void
}

// The path is rebuilt from parent links only for the error: a valid body costs a walk and no copies.
function pathOf(frame: Frame, last?: string | number): (string | number)[] {
  const path: (string | number)[] = last === undefined ? [] : [last]
  for (let at: Frame | undefined = frame; at?.parent !== undefined; at = at.parent) path.unshift(at.key)
  return path
}

/**
 * Walks every object and array of `value` depth-first with a stack of its own; returns the path of the first
 * one found `maxDepth` levels below the top (the top is level 0), or undefined when none is that deep.
 */
function walk(value: unknown, maxDepth: number, visitor: Visitor = {}): JsonPath | undefined {
  if (value === null || typeof value !== 'object') return undefined
  const stack: Frame[] = [{ value, depth: 0, key: '', parent: undefined }]
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    if (frame.depth >= maxDepth) return pathOf(frame)
    const depth = frame.depth + 1
    const parent = frame.value
    if (Array.isArray(parent)) {
      visitor.list?.(frame, parent)
      for (let index = 0; index < parent.length; index++) {
        const child: unknown = parent[index]
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, key: index, parent: frame })
      }
    } else
      for (const key in parent) {
        visitor.key?.(frame, key)
        const child: unknown = (parent as Record<string, unknown>)[key]
        if (child !== null && typeof child === 'object')
          stack.push({ value: child, depth, key, parent: frame })
      }
  }
  return undefined
}

/**
 * The path of the first object or array nested more than `maxDepth` levels deep in `value` (`[]` for the top
 * when `maxDepth` is 0), or undefined. Depth only: no size or key is checked. Iterative, so it is safe to run
 * on any parsed JSON before a recursive walk (a schema check) that would overflow the stack on a deep one.
 */
export function pathDeeperThan(value: unknown, maxDepth: number): JsonPath | undefined {
  return walk(value, maxDepth)
}

/**
 * Throws `too_deep` with the path of the first object or array nested more than `maxDepth` levels deep (by
 * default `maxJsonDepth`, the request limit). Depth only: `checkRequestShape` checks a request's sizes and keys
 * as well.
 */
export function checkJsonDepth(value: unknown, maxDepth = maxJsonDepth): void {
  const path = walk(value, maxDepth)
  if (path !== undefined) throw tooDeep('the value', maxDepth, path)
}

/**
 * Throws an `HqlError` when a request body is out of bounds: `too_deep` beyond `maxJsonDepth` levels,
 * `too_many_ids` (and the other `requestLimits` codes) for a list over its limit, `too_many_nodes` beyond
 * `requestLimits.nodes` values in all, and `unknown_key` for an own `__proto__` key (which `JSON.parse`
 * makes, and which no request has). Each error names the path of the offending list or key.
 */
export function checkRequestShape(value: unknown): void {
  let nodes = 1
  const path = walk(value, maxJsonDepth, {
    list(frame, list) {
      // A list's size is known before its items are read: an oversized list costs nothing to refuse.
      const limit = listLimitAt(frame.key)
      if (limit !== undefined && list.length > requestLimits[limit])
        checkLimit(limit, list.length, pathOf(frame))
      nodes += list.length
      if (nodes > requestLimits.nodes) throw tooManyNodes(pathOf(frame))
    },
    key(frame, key) {
      if (key === '__proto__')
        throw new HqlError('unknown_key', `unknown key '__proto__'`, { path: pathOf(frame, key) })
      if (++nodes > requestLimits.nodes) throw tooManyNodes(pathOf(frame, key))
    },
  })
  if (path !== undefined) throw tooDeep('the request', maxJsonDepth, path)
}

const tooDeep = (what: string, maxDepth: number, path: JsonPath) =>
  new HqlError('too_deep', `${what} nests more than ${maxDepth} levels deep`, { path })

const tooManyNodes = (path: (string | number)[]) =>
  new HqlError(
    'too_many_nodes',
    `the request holds more than ${requestLimits.nodes} JSON values (objects, arrays and leaves)`,
    { path },
  )
