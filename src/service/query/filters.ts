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

type RelationName = Exclude<keyof Filters, 'returnType'>

const TITLES: readonly ObjectTypeName[] = ['Movie', 'ShowSeries']

/**
 * What each id-valued filter applies to, and how it asks an item whether it is related to a value. An item of
 * a type the filter does not apply to never matches it, whatever the operator: `contributors: {$ne: X}` asks
 * for titles without X, not for every user and collection of the graph. `collections` applies to whatever a
 * collection can hold (titles, people, other collections).
 */
const relations: Record<
  RelationName,
  { readonly to: readonly ObjectTypeName[]; readonly has: (item: GraphNode, value: GraphNode) => boolean }
> = {
  contributors: {
    to: TITLES,
    has: (item, value) => isMedia(item) && item.credits.some((c) => c.contributor === value),
  },
  contributorsOf: {
    to: ['Contributor'],
    has: (item, value) => item.type === 'Contributor' && item.credits.some((c) => c.media === value),
  },
  sources: { to: TITLES, has: (item, value) => isMedia(item) && item.offers.some((o) => o.source === value) },
  traits: { to: TITLES, has: (item, value) => isMedia(item) && item.traits.includes(value as never) },
  collections: {
    to: [...TITLES, 'Contributor', 'Collection'],
    has: (item, value) => item.social.collectedIn.includes(value as never),
  },
}

/** Every type an operator names, at any depth of `$or`. */
function namedTypes(op: Operator<ObjectTypeName>): ObjectTypeName[] {
  if ('$eq' in op) return [op.$eq]
  if ('$ne' in op) return [op.$ne]
  if ('$in' in op) return [...op.$in]
  if ('$all' in op) return [...op.$all]
  return op.$or.flatMap(namedTypes)
}

export interface CompiledFilters {
  /** The object types that can match, in a stable order. */
  readonly types: ReadonlySet<ObjectTypeName>
  readonly matches: (item: GraphNode) => boolean
  /** The collections named by the `collections` filter, in request order (collectionOrder sorts by the first). */
  readonly collections: readonly GraphNode[]
}

/** Where the error of one filter points: a silo's filters come from the request and from its blueprint. */
export type FiltersPath = JsonPath | ((name: keyof Filters) => JsonPath)

/**
 * Compiles filters into a predicate. All filters apply together. The default result types are the titles
 * (Movie and ShowSeries), or contributors when there is a `contributorsOf` filter (it applies to nothing
 * else). `returnType` selects among the default types and the types it names: `{$ne: 'Movie'}` is the series,
 * not every other type of the graph.
 */
export function compileFilters(
  ctx: QueryContext,
  filters: Filters | undefined,
  path: FiltersPath,
): CompiledFilters {
  const at = (name: keyof Filters): JsonPath => (typeof path === 'function' ? path(name) : [...path, name])
  const tests: ((item: GraphNode) => boolean)[] = []
  const collections: GraphNode[] = []
  const defaults: readonly ObjectTypeName[] = filters?.contributorsOf !== undefined ? ['Contributor'] : TITLES
  let types: Set<ObjectTypeName>
  if (filters?.returnType !== undefined) {
    const test = compileOperator(filters.returnType, at('returnType'), (raw: ObjectTypeName) => raw)
    const candidates = new Set([...defaults, ...namedTypes(filters.returnType)])
    types = new Set(objectTypeNames.filter((type) => candidates.has(type) && test((value) => value === type)))
  } else types = new Set(defaults)
  for (const name of ['contributors', 'contributorsOf', 'sources', 'traits', 'collections'] as const) {
    const op = filters?.[name]
    if (op === undefined) continue
    const relation = relations[name]
    const test = compileOperator(op as Operator<string>, at(name), (raw: string, where) => {
      const node = resolveNode(ctx, raw, where, filterIdTypes[name])
      if (name === 'collections') collections.push(node)
      return node
    })
    tests.push((item) => relation.to.includes(item.type) && test((value) => relation.has(item, value)))
  }
  return {
    types,
    collections,
    matches: (item) => types.has(item.type) && tests.every((t) => t(item)),
  }
}
