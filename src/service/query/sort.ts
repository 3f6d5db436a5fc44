import { byMhid, isMedia } from '../graph/entities'
import type { JsonPath } from '../../model/errors'
import type { Sort } from '../../model'
import { seedOf } from '../catalog/prng'
import type { GraphNode } from '../graph/entities'
import { badRequest } from '../http/errors'
import type { QueryContext } from './context'
import type { CompiledFilters } from './filters'
import { resolveNode } from './resolve'

type Compare = (a: GraphNode, b: GraphNode) => number

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** The date a node sorts by for `releaseDate`: release (or air date) for media, creation for collections. */
function dateOf(node: GraphNode): number | undefined {
  if (isMedia(node)) return node.releaseDate
  if (node.type === 'Collection') return node.createdDate
  return undefined
}

/** Positions in a list; items not in it sort after every item that is, whatever the order. */
function byPosition(positions: Map<GraphNode, number>, descending: boolean): Compare {
  return (a, b) => {
    const pa = positions.get(a)
    const pb = positions.get(b)
    if (pa === undefined || pb === undefined) return (pa === undefined ? 1 : 0) - (pb === undefined ? 1 : 0)
    return descending ? pb - pa : pa - pb
  }
}

const positionsOf = (items: readonly GraphNode[]): Map<GraphNode, number> => {
  const out = new Map<GraphNode, number>()
  items.forEach((item, i) => {
    if (!out.has(item)) out.set(item, i)
  })
  return out
}

/**
 * A comparator for a sort list: each entry breaks the ties of the ones before it, and the mhid breaks the
 * last ties, so every order is total and pages never overlap. Default orders: popularity descending;
 * name and releaseDate ascending; collectionOrder and idsOrder in list order; likeOrder and followOrder
 * most recent first. `random` is a shuffle seeded by `seed` (the request without its page), so it is stable
 * across the pages of one query.
 */
export function compileSort(
  ctx: QueryContext,
  sort: readonly Sort[] | undefined,
  filters: CompiledFilters,
  seed: string,
  path: JsonPath,
): Compare {
  const entries = sort ?? [{ type: 'popularity' as const }]
  const compares = entries.map((entry, i): Compare => {
    const at = [...path, i]
    const descending = (fallback: 'ascending' | 'descending'): boolean =>
      (entry.order ?? fallback) === 'descending'
    switch (entry.type) {
      case 'popularity': {
        const sign = descending('descending') ? -1 : 1
        return (a, b) => sign * (a.popularity - b.popularity)
      }
      case 'property': {
        const sign = descending('ascending') ? -1 : 1
        if (entry.property === 'name') return (a, b) => sign * collator.compare(a.name, b.name)
        return (a, b) => {
          const da = dateOf(a)
          const db = dateOf(b)
          if (da === undefined || db === undefined)
            return (da === undefined ? 1 : 0) - (db === undefined ? 1 : 0)
          return sign * (da - db)
        }
      }
      case 'collectionOrder': {
        const collection = filters.collections[0]
        if (collection === undefined || collection.type !== 'Collection')
          throw badRequest(
            'sort_needs_collection',
            'collectionOrder sorts by a collection: add a collections filter',
            [...at, 'type'],
          )
        return byPosition(positionsOf(collection.items), descending('ascending'))
      }
      case 'likeOrder':
      case 'followOrder': {
        const user = ctx.user
        if (user === undefined)
          throw badRequest(
            'sort_needs_user',
            `${entry.type} sorts by the token's user: use a token of a user`,
            [...at, 'type'],
          )
        return byPosition(
          positionsOf(entry.type === 'likeOrder' ? user.likes : user.follows),
          descending('descending'),
        )
      }
      case 'idsOrder': {
        const nodes = entry.ids.map((id, j) => resolveNode(ctx, id, [...at, 'ids', j]))
        return byPosition(positionsOf(nodes), descending('ascending'))
      }
      case 'random': {
        const base = seedOf(seed)
        const key = new Map<GraphNode, number>()
        const keyOf = (n: GraphNode): number => {
          let k = key.get(n)
          if (k === undefined) key.set(n, (k = seedOf(`${base}|${n.mhid}`)))
          return k
        }
        return (a, b) => keyOf(a) - keyOf(b)
      }
    }
  })
  return (a, b) => {
    for (const compare of compares) {
      const c = compare(a, b)
      if (c !== 0) return c
    }
    return byMhid(a, b)
  }
}
