import type { JsonPath } from '../../model/errors'
import { objectTypeNames, type ObjectTypeName } from '../../model/ids'
import type { Filters, Operator } from '../../model'
import { filterIdTypes } from '../../model'
import { isMedia, type GraphNode } from '../graph/entities'
import type { QueryContext } from './context'
import { resolveNode } from './resolve'

/** A compiled operator: given how to test one value against an item, whether the item matches. */
type Test<V> = (has: (value: V) => boolean) => boolean

/** Compiles an operator over raw values into one over resolved values (ids are resolved once, up front). */
function compileOperator<R, V>(
  op: Operator<R>,
  path: JsonPath,
  resolve: (raw: R, path: JsonPath) => V,
): Test<V> {
  if ('$eq' in op) {
    const v = resolve(op.$eq, [...path, '$eq'])
    return (has) => has(v)
  }
  if ('$ne' in op) {
    const v = resolve(op.$ne, [...path, '$ne'])
    return (has) => !has(v)
  }
  if ('$in' in op) {
    const vs = op.$in.map((raw, i) => resolve(raw, [...path, '$in', i]))
    return (has) => vs.some(has)
  }
  if ('$all' in op) {
    const vs = op.$all.map((raw, i) => resolve(raw, [...path, '$all', i]))
    return (has) => vs.every(has)
  }
  const subs = op.$or.map((sub, i) => compileOperator(sub, [...path, '$or', i], resolve))
  return (has) => subs.some((sub) => sub(has))
}

/** How each id-valued filter asks an item whether it is related to a value. */
const relations: Record<
  Exclude<keyof Filters, 'returnType'>,
  (item: GraphNode, value: GraphNode) => boolean
> = {
  contributors: (item, value) => isMedia(item) && item.credits.some((c) => c.contributor === value),
  contributorsOf: (item, value) => item.type === 'Contributor' && item.credits.some((c) => c.media === value),
  sources: (item, value) => isMedia(item) && item.offers.some((o) => o.source === value),
  traits: (item, value) => isMedia(item) && item.traits.includes(value as never),
  collections: (item, value) => item.social.collectedIn.includes(value as never),
}

export interface CompiledFilters {
  /** The object types that can match, in a stable order. */
  readonly types: ReadonlySet<ObjectTypeName>
  readonly matches: (item: GraphNode) => boolean
  /** The collections named by the `collections` filter, in request order (collectionOrder sorts by the first). */
  readonly collections: readonly GraphNode[]
}

/**
 * Compiles filters into a predicate. All filters apply together. Without a returnType, explore returns
 * titles (Movie and ShowSeries), or contributors when the only relation asked for is `contributorsOf`.
 */
export function compileFilters(
  ctx: QueryContext,
  filters: Filters | undefined,
  path: JsonPath,
): CompiledFilters {
  const tests: ((item: GraphNode) => boolean)[] = []
  const collections: GraphNode[] = []
  let types: Set<ObjectTypeName>
  if (filters?.returnType !== undefined) {
    const test = compileOperator(filters.returnType, [...path, 'returnType'], (raw: ObjectTypeName) => raw)
    types = new Set(objectTypeNames.filter((type) => test((value) => value === type)))
  } else {
    const onlyContributorsOf = filters?.contributorsOf !== undefined && Object.keys(filters).length === 1
    types = new Set<ObjectTypeName>(onlyContributorsOf ? ['Contributor'] : ['Movie', 'ShowSeries'])
  }
  for (const name of ['contributors', 'contributorsOf', 'sources', 'traits', 'collections'] as const) {
    const op = filters?.[name]
    if (op === undefined) continue
    const relation = relations[name]
    const test = compileOperator(op as Operator<string>, [...path, name], (raw: string, at) => {
      const node = resolveNode(ctx, raw, at, filterIdTypes[name])
      if (name === 'collections') collections.push(node)
      return node
    })
    tests.push((item) => test((value) => relation(item, value)))
  }
  return {
    types,
    collections,
    matches: (item) => types.has(item.type) && tests.every((t) => t(item)),
  }
}
