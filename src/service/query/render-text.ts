import {
  componentCatalogue,
  type ComponentEntry,
  type ComponentName,
  type ComponentRequest,
} from '../../model'
import type { GraphNode } from '../graph/entities'
import type { JsonPath } from '../../model/errors'
import type { QueryContext } from './context'
import {
  buildObject,
  chargeObject,
  type Item,
  LIST_ITEM_UNITS,
  LOWER_RENDERING,
  type Renderable,
  resolvers,
} from './components'
import { JsonOut } from './json-out'
import { jsonBytes, RawJson, sharedFieldsBytes } from './json-text'
import { DEFAULT_FIELD_NAMES, defaultFields, subscriptionObject } from './objects'
import { componentContinuation, pageSizeOf } from './paging'
import { spend } from './work'

// The HTTP answers' renderer: renderObject/renderPair of ./components.ts written straight to JSON text, the
// same bytes as `jsonText` of what they build. A lookup of 3 titles with nested components is ~200 objects
// and 120 KB: building them, marking them and walking them again to write them was most of its time, where
// here each object is its node's default fields, made once per process, and the text of its components,
// joined. The steps happen in the same order as there (objects counted and work charged, resolvers called),
// so a request over a limit fails at the same place with the same error. test/service/render-text.test.ts
// holds the two to the same text for generated queries.

/** `"name":` of each component, made once. */
const keyText = new Map<string, string>()
const keyOf = (name: string): string => {
  let text = keyText.get(name)
  if (text === undefined) keyText.set(name, (text = `,${JSON.stringify(name)}:`))
  return text
}

/**
 * Whether a list of components is written here: each name once and none named like a default field. Else
 * (a later duplicate replaces an earlier value in place; a default field is replaced) the object is built and
 * written by jsonText, which is what those cases mean. Known per list, made once per request list.
 */
const plainLists = new WeakMap<readonly ComponentRequest[], boolean>()
function isPlain(components: readonly ComponentRequest[]): boolean {
  let plain = plainLists.get(components)
  if (plain === undefined) {
    const names = new Set(components.map((c) => c.name))
    plain = names.size === components.length && ![...names].some((name) => DEFAULT_FIELD_NAMES.has(name))
    plainLists.set(components, plain)
  }
  return plain
}

/**
 * List components whose items depend on the object alone (not on who asks, nor on the service's settings):
 * their items, and each item's context as text, are made once per object. A title's sources (their contexts
 * are most of a `sources` component's bytes) and a contributor's contributions (sorted newest first) were
 * made and written again for every object of every response. The items never leave this file: the object
 * path makes its own, which an in-process reader may change.
 */
const FIXED_LISTS: ReadonlySet<ComponentName> = new Set<ComponentName>([
  'images',
  'keyContributors',
  'contributors',
  'keyTraits',
  'keySuitabilities',
  'sources',
  'contributions',
  'followers',
  'likers',
  'allSubscriptions',
])

interface FixedItems {
  readonly items: readonly Item[]
  /** Each item's context as UTF-8 JSON, when the items are fixed. */
  readonly contexts?: readonly Buffer[]
}

const fixedItems = new WeakMap<GraphNode, Map<ComponentName, FixedItems>>()

/** The items of a list or array component of `node`, with their contexts' text when they are fixed. */
function itemsOf(
  name: ComponentName,
  resolve: (node: GraphNode, ctx: QueryContext) => Item[],
  node: GraphNode,
  ctx: QueryContext,
): FixedItems {
  if (!FIXED_LISTS.has(name)) return { items: resolve(node, ctx) }
  let byName = fixedItems.get(node)
  if (byName === undefined) fixedItems.set(node, (byName = new Map()))
  let fixed = byName.get(name)
  if (fixed === undefined) {
    const items = resolve(node, ctx)
    fixed = { items, contexts: items.map((item) => Buffer.from(JSON.stringify(item.context), 'utf8')) }
    byName.set(name, fixed)
  }
  return fixed
}

/**
 * {@link renderPair} as text: `{"object":…,"context":…}`, written to `out`; `context` is the item's context
 * as UTF-8, if known.
 */
export function renderPairText(
  item: Item,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
  out: JsonOut,
  context?: Buffer,
): void {
  out.str('{"object":')
  renderObjectText(item.node, components, ctx, path, out)
  out.str(',"context":')
  if (context === undefined) out.str(JSON.stringify(item.context))
  else out.bytes(context)
  out.str('}')
}

/** {@link renderPairText} as a member of an answer that jsonText writes. */
export const renderPairRaw = (
  item: Item,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
): RawJson => {
  const out = new JsonOut()
  renderPairText(item, components, ctx, path, out)
  return new RawJson(out)
}

/** {@link renderObject} as text, written to `out`. */
export function renderObjectText(
  node: Renderable,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
  out: JsonOut,
): void {
  chargeObject(components, ctx, path)
  if (node.type === 'Subscription') return out.str(JSON.stringify(subscriptionObject(node.plan)))
  if (components !== undefined && node.type !== 'Image' && !isPlain(components))
    return out.bytes(jsonBytes(buildObject(node, components, ctx, path)))
  out.str('{')
  // A user's own email is the one default field that depends on who asks: those fields are not shared.
  if (node.type === 'User' && ctx.user === node)
    out.str(JSON.stringify(defaultFields(node, ctx)).slice(1, -1))
  else out.bytes(sharedFieldsBytes(node, () => defaultFields(node, ctx)))
  // An image's one component, thumbnail, is one of its default fields: already there.
  if (components === undefined || node.type === 'Image') return out.str('}')
  for (let index = 0; index < components.length; index++) {
    const component = components[index] as ComponentRequest
    const entry: ComponentEntry = componentCatalogue[component.name]
    // Results of mixed types carry each component only where it applies.
    if (!entry.appliesTo.includes(node.type)) continue
    const at = [...path, index]
    const nested = [...at, 'components']
    const resolver = resolvers[component.name]
    switch (resolver.shape) {
      case 'primitive': {
        const value = resolver.resolve(node, ctx, nested)
        if (value !== undefined) {
          out.str(keyOf(component.name))
          out.bytes(jsonBytes(value))
        }
        break
      }
      case 'pair': {
        const item = resolver.resolve(node, ctx)
        if (item !== undefined) {
          out.str(keyOf(component.name))
          renderPairText(item, component.components, ctx, nested, out)
        }
        break
      }
      case 'array': {
        const { items, contexts } = itemsOf(component.name, resolver.resolve, node, ctx)
        out.str(`${keyOf(component.name)}[`)
        for (let i = 0; i < items.length; i++) {
          if (i > 0) out.str(',')
          renderPairText(items[i] as Item, component.components, ctx, nested, out, contexts?.[i])
        }
        out.str(']')
        break
      }
      case 'list': {
        const { items, contexts } = itemsOf(component.name, resolver.resolve, node, ctx)
        spend(ctx, LIST_ITEM_UNITS * items.length, () => [...at, 'pageSize'], LOWER_RENDERING)
        const size = pageSizeOf(ctx, component.pageSize, [...at, 'pageSize'])
        // `page` is set by a component continuation (see ./paging.ts): the n-th page of this very list.
        const page = component.page ?? 0
        const start = page * size
        const end = Math.min(start + size, items.length)
        out.str(`${keyOf(component.name)}{"content":[`)
        for (let i = start; i < end; i++) {
          if (i > start) out.str(',')
          renderPairText(items[i] as Item, component.components, ctx, nested, out, contexts?.[i])
        }
        const next =
          start + size < items.length
            ? JSON.stringify(componentContinuation(node.mhid, component, size, page + 1))
            : 'null'
        out.str(`],"pagingInfo":{"next":${next}}}`)
      }
    }
  }
  out.str('}')
}
