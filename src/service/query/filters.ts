import type { JsonPath } from '../../model/errors'
import { mediaTypeNames, objectTypeNames, type ObjectTypeName } from '../../model/ids'
import type { Filters, Operator } from '../../model'
import { filterIdTypes } from '../../model'
import { isMedia as isMediaExport, type GraphNode } from '../graph/entities'

// Bound once: the probes below run for every candidate of every explore (2,686 titles for one genre), and an
// imported function called through its module (as tsx and CommonJS builds do) is a property read each time.
const isMedia = isMediaExport
import type { QueryContext } from './context'
import { resolveNode } from './resolve'

/**
 * How an operator asks about one item: whether the item has one value, and whether it has any of a set.
 * Asking "any of a set" from the item's side costs what the item holds (a few credits, traits, offers),
 * not what the request lists (up to the values limit), so a filter with many values stays cheap per item.
 */
interface Probe<I, V> {
  has(item: I, value: V): boolean
  hasAny(item: I, values: ReadonlySet<V>): boolean
}

/** Up to this many values, an `$in` asks the item about each in turn (cheaper than hashing its edges). */
const FEW = 4

/** A compiled operator: whether an item matches. */
type Test<I> = (item: I) => boolean

interface CompiledOperator<I> {
  readonly test: Test<I>
  /** Steps one test may take, at most (a set is one step per value the item holds, counted as one). */
  readonly cost: number
}

/**
 * Compiles an operator over raw values into one over resolved values (ids are resolved once, up front).
 * `$in` and the `$eq`/`$in` alternatives of an `$or` become one set; `$all` is deduplicated, so it stops at
 * the first value the item lacks. Matches are the same as testing every value in turn.
 */
function compileOperator<R, I, V>(
  op: Operator<R>,
  path: JsonPath,
  resolve: (raw: R, path: JsonPath) => V,
  probe: Probe<I, V>,
): CompiledOperator<I> {
  if ('$eq' in op) {
    const v = resolve(op.$eq, [...path, '$eq'])
    return { test: (item) => probe.has(item, v), cost: 1 }
  }
  if ('$ne' in op) {
    const v = resolve(op.$ne, [...path, '$ne'])
    return { test: (item) => !probe.has(item, v), cost: 1 }
  }
  if ('$in' in op) {
    const vs = new Set(op.$in.map((raw, i) => resolve(raw, [...path, '$in', i])))
    // A few values are quicker asked one by one; many, from the item's side (its edges against the set).
    if (vs.size <= FEW) {
      const few = [...vs]
      return { test: (item) => few.some((v) => probe.has(item, v)), cost: few.length }
    }
    return { test: (item) => probe.hasAny(item, vs), cost: FEW }
  }
  if ('$all' in op) {
    const vs = [...new Set(op.$all.map((raw, i) => resolve(raw, [...path, '$all', i])))]
    return { test: (item) => vs.every((v) => probe.has(item, v)), cost: vs.length }
  }
  const any = new Set<V>()
  const others: Test<I>[] = []
  let cost = 1
  op.$or.forEach((sub, i) => {
    const at = [...path, '$or', i]
    if ('$eq' in sub) any.add(resolve(sub.$eq, [...at, '$eq']))
    else if ('$in' in sub) sub.$in.forEach((raw, j) => any.add(resolve(raw, [...at, '$in', j])))
    else {
      const compiled = compileOperator(sub, at, resolve, probe)
      others.push(compiled.test)
      cost += compiled.cost
    }
  })
  return { test: (item) => (any.size > 0 && probe.hasAny(item, any)) || others.some((t) => t(item)), cost }
}

type RelationName = Exclude<keyof Filters, 'returnType'>

/** What explore returns when nothing names a type: the titles (seasons and episodes only when asked for). */
const TITLES: readonly ObjectTypeName[] = ['Movie', 'ShowSeries']
/** What the title relations apply to: every media type (an episode has no contributors, sources or traits). */
const MEDIA: ReadonlySet<ObjectTypeName> = new Set(mediaTypeNames)

/**
 * What each id-valued filter applies to, and how it asks an item whether it is related to a value. An item of
 * a type the filter does not apply to never matches it, whatever the operator: `contributors: {$ne: X}` asks
 * for titles without X, not for every user and collection of the graph. `collections` applies to whatever a
 * collection can hold (titles, people, other collections).
 */
const relations: Record<
  RelationName,
  { readonly to: ReadonlySet<ObjectTypeName>; readonly probe: Probe<GraphNode, GraphNode> }
> = {
  // Each relation spells out its two questions over the item's own (short) list of edges: one shared
  // generic walker would be a call site of five shapes, measurably slower on every item of every explore.
  contributors: {
    to: MEDIA,
    probe: {
      has: (item, value) => isMedia(item) && item.credits.some((c) => c.contributor === value),
      hasAny: (item, values) => isMedia(item) && item.credits.some((c) => values.has(c.contributor)),
    },
  },
  contributorsOf: {
    to: new Set(['Contributor']),
    probe: {
      has: (item, value) => item.type === 'Contributor' && item.credits.some((c) => c.media === value),
      hasAny: (item, values) => item.type === 'Contributor' && item.credits.some((c) => values.has(c.media)),
    },
  },
  sources: {
    to: MEDIA,
    probe: {
      has: (item, value) => isMedia(item) && item.offers.some((o) => o.source === value),
      hasAny: (item, values) => isMedia(item) && item.offers.some((o) => values.has(o.source)),
    },
  },
  traits: {
    to: MEDIA,
    probe: {
      has: (item, value) => isMedia(item) && item.traits.includes(value as never),
      hasAny: (item, values) => isMedia(item) && item.traits.some((t) => values.has(t)),
    },
  },
  collections: {
    to: new Set([...MEDIA, 'Contributor', 'Collection']),
    probe: {
      has: (item, value) => item.social.collectedIn.includes(value as never),
      hasAny: (item, values) => item.social.collectedIn.some((c) => values.has(c)),
    },
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
  /** Whether `matches` tests the type alone (no filter but `returnType`): relate then tests nothing more. */
  readonly typesOnly: boolean
  /** The collections named by the `collections` filter, in request order (collectionOrder sorts by the first). */
  readonly collections: readonly GraphNode[]
  /** Units of work one call of `matches` costs, at most (see ./work.ts). */
  readonly cost: number
  /**
   * Nodes that hold every match (and maybe others, and some twice), when a filter's `$eq` names a value whose
   * reverse edges list them: a trait's titles, a contributor's, a source's, a collection's items. Shorter than
   * the candidates of the types, it is what explore tests instead (see ./explore.ts).
   */
  readonly within: Within | undefined
}

/** The value of one `$eq` filter and the nodes its reverse edges list (see {@link CompiledFilters.within}). */
export interface Within {
  readonly relation: RelationName
  readonly value: GraphNode
  readonly nodes: readonly GraphNode[]
  /** That filter's own test, which depends on the node alone (never on who asks). */
  readonly related: (item: GraphNode) => boolean
  /** Whether that filter is the only one but `returnType`: a node of the types it relates to then matches. */
  readonly alone: boolean
}

/** What an item related to `value` by the filter `name` can be: the value's reverse edges. */
function edgesOf(name: RelationName, value: GraphNode): readonly GraphNode[] | undefined {
  if (name === 'traits' && value.type === 'Trait') return value.media
  if (name === 'contributors' && value.type === 'Contributor') return value.credits.map((c) => c.media)
  if (name === 'contributorsOf' && isMedia(value)) return value.credits.map((c) => c.contributor)
  if (name === 'sources' && value.type === 'Source') return value.offers.map((o) => o.media)
  if (name === 'collections' && value.type === 'Collection') return value.items
  return undefined
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
  let cost = 1
  let within: Omit<Within, 'alone'> | undefined
  const defaults: readonly ObjectTypeName[] = filters?.contributorsOf !== undefined ? ['Contributor'] : TITLES
  let types: Set<ObjectTypeName>
  if (filters?.returnType !== undefined) {
    const { test } = compileOperator(filters.returnType, at('returnType'), (raw: ObjectTypeName) => raw, {
      has: (type: ObjectTypeName, value) => value === type,
      hasAny: (type, values) => values.has(type),
    })
    const candidates = new Set([...defaults, ...namedTypes(filters.returnType)])
    types = new Set(objectTypeNames.filter((type) => candidates.has(type) && test(type)))
  } else types = new Set(defaults)
  for (const name of ['contributors', 'contributorsOf', 'sources', 'traits', 'collections'] as const) {
    const op = filters?.[name]
    if (op === undefined) continue
    const relation = relations[name]
    const { test, cost: steps } = compileOperator(
      op as Operator<string>,
      at(name),
      (raw: string, where) => {
        const node = resolveNode(ctx, raw, where, filterIdTypes[name])
        if (name === 'collections') collections.push(node)
        return node
      },
      relation.probe,
    )
    const related = (item: GraphNode): boolean => relation.to.has(item.type) && test(item)
    tests.push(related)
    cost += steps
    if ('$eq' in op) {
      // Resolved above already (a bad id has failed the request): this look-up cannot throw.
      const value = resolveNode(ctx, op.$eq as string, [...at(name), '$eq'])
      const nodes = edgesOf(name, value)
      if (nodes !== undefined && (within === undefined || nodes.length < within.nodes.length))
        within = { relation: name, value, nodes, related }
    }
  }
  return {
    types,
    typesOnly: tests.length === 0,
    collections,
    // A loop, not `tests.every(…)`: no closure made per candidate (measured: ~15% of an explore's filtering).
    matches: (item) => {
      if (!types.has(item.type)) return false
      for (const test of tests) if (!test(item)) return false
      return true
    },
    cost,
    within: within === undefined ? undefined : { ...within, alone: tests.length === 1 },
  }
}
