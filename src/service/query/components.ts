import { byMhid } from '../graph/entities'
import {
  componentCatalogue,
  type ComponentEntry,
  type ComponentName,
  type ComponentRequest,
} from '../../model'
import type { JsonPath } from '../../model/errors'
import type {
  CollectionKind,
  Credit,
  GraphNode,
  ImageNode,
  MediaNode,
  Offer,
  SubscriptionPlan,
} from '../graph/entities'
import { isMedia } from '../graph/entities'
import type { QueryContext } from './context'
import { markDefaultFields, markPlain, unmarkDefaultFields } from './json-text'
import { defaultFields, subscriptionObject } from './objects'
import { componentContinuation, pageSizeOf } from './paging'
import { badRequest } from '../http/errors'
import { visible } from './resolve'
import { spend } from './work'

/** Anything a component can return as the object of a pair. */
export type Renderable =
  GraphNode | ImageNode | { readonly type: 'Subscription'; readonly plan: SubscriptionPlan }

export interface Item {
  readonly node: Renderable
  readonly context: Record<string, unknown>
}

const pair = (node: Renderable, context: Record<string, unknown> = {}): Item => ({ node, context })

/** What one component computes for one object, by its shape in the catalogue. */
type Resolver =
  | { readonly shape: 'pair'; readonly resolve: (node: GraphNode, ctx: QueryContext) => Item | undefined }
  | { readonly shape: 'list' | 'array'; readonly resolve: (node: GraphNode, ctx: QueryContext) => Item[] }
  | {
      readonly shape: 'primitive'
      /** `path` is where the component was asked for: a value holding objects renders them from there. */
      readonly resolve: (node: GraphNode, ctx: QueryContext, path: JsonPath) => unknown
    }

const asPair = (resolve: (node: GraphNode, ctx: QueryContext) => Item | undefined): Resolver => ({
  shape: 'pair',
  resolve,
})
const asList = (resolve: (node: GraphNode, ctx: QueryContext) => Item[]): Resolver => ({
  shape: 'list',
  resolve,
})
const asValue = (resolve: (node: GraphNode, ctx: QueryContext, path: JsonPath) => unknown): Resolver => ({
  shape: 'primitive',
  resolve,
})

/** How many of a title's cast count as "key", after its directors. */
const KEY_CAST = 6
/** How many of a title's genres count as "key". */
const KEY_TRAITS = 3

/** Contributors of a title with their relationships; a person credited twice (directs and acts) is one pair. */
function creditPairs(credits: readonly Credit[], of: 'contributor' | 'media'): Item[] {
  const byNode = new Map<GraphNode, { contribution: string }[]>()
  for (const credit of credits) {
    const node = of === 'contributor' ? credit.contributor : credit.media
    const relationships = byNode.get(node)
    if (relationships) relationships.push({ contribution: credit.contribution })
    else byNode.set(node, [{ contribution: credit.contribution }])
  }
  // Positions count from 1, as in the service's documented example (SERVICE-NOTES.md: Ridley Scott = 1).
  return [...byNode].map(([node, relationships], index) =>
    pair(node, { relationships, sorting: { position: index + 1 } }),
  )
}

function keyCredits(media: MediaNode): Credit[] {
  let cast = 0
  return media.credits.filter((c) => c.contribution === 'Director' || cast++ < KEY_CAST)
}

/** `position` counts from 1, like a contributor's: one numbering for every `sorting.position` of the service. */
function sourceContext(offer: Offer, position: number): Record<string, unknown> {
  // SERVICE-SPEC.md: mediums when the title can be consumed there, launchInfo when the source only informs.
  return offer.mediums === undefined
    ? { launchInfo: offer.launchInfo, consumable: false, sorting: { position } }
    : { mediums: offer.mediums, consumable: true, sorting: { position } }
}

const COLLECTOR_KINDS: readonly CollectionKind[] = [
  'custom',
  'shoppingCart',
  'playQueue',
  'mixList',
  'interestedList',
  'consumedList',
  'wishList',
  'hiddenList',
]

function socialMetrics(node: GraphNode): Record<string, unknown> {
  const collectors = Object.fromEntries(COLLECTOR_KINDS.map((kind) => [kind, 0])) as Record<
    CollectionKind,
    number
  >
  for (const c of node.social.collectedIn) collectors[c.kind] += 1
  return {
    likers: { all: node.social.likers.length },
    followers: { all: node.social.followers.length },
    collectors,
    mentioners: { all: node.social.mentions },
  }
}

/**
 * userSocial exists only for a token of a user (SERVICE-SPEC.md); for client tokens the member is left out.
 * Its default collections are object/context pairs like any other (the collection's fields, empty context).
 */
function userSocial(node: GraphNode, ctx: QueryContext, path: JsonPath): unknown {
  const user = ctx.user
  if (user === undefined) return undefined
  return {
    userLikes: user.likes.includes(node),
    userFollows: user.follows.includes(node),
    userDislikes: user.dislikes.includes(node),
    userDefaultCollections: user.collections
      .filter((c) => c.kind !== 'custom' && c.items.includes(node))
      .map((c) => renderPair(pair(c), undefined, ctx, path)),
  }
}

const visibleNodes = (nodes: readonly GraphNode[], ctx: QueryContext): Item[] =>
  nodes.filter((n) => visible(n, ctx)).map((n) => pair(n))

const byNewest = (a: MediaNode, b: MediaNode): number => b.releaseDate - a.releaseDate || byMhid(a, b)

/**
 * One resolver per component of the catalogue (the `Record<ComponentName, …>` type makes a missing one a
 * compile error). What the data lacks is answered truthfully empty: no suitability traits, no contributor
 * portraits, no user-uploaded images.
 */
export const resolvers: Record<ComponentName, Resolver> = {
  primaryName: asValue((node) => ({ text: node.name, locale: 'en-US' })),
  primaryImage: asPair((node, ctx) => pair((isMedia(node) ? node.image : undefined) ?? ctx.defaultImage)),
  secondaryImage: asPair((_node, ctx) => pair(ctx.defaultImage)),
  images: asList((node) => (isMedia(node) && node.image ? [pair(node.image)] : [])),
  keyContributors: asList((node) => (isMedia(node) ? creditPairs(keyCredits(node), 'contributor') : [])),
  contributors: asList((node) => (isMedia(node) ? creditPairs(node.credits, 'contributor') : [])),
  keyTraits: asList((node) => (isMedia(node) ? node.traits.slice(0, KEY_TRAITS).map((t) => pair(t)) : [])),
  keySuitabilities: asList(() => []),
  primaryGroup: asPair((node, ctx) => {
    // The title's group: the editorial collection of its first director, else the first editorial one holding it.
    const editorial = node.social.collectedIn.filter((c) => c.owner === ctx.graph.editors)
    const director = isMedia(node)
      ? node.credits.find((c) => c.contribution === 'Director')?.contributor
      : undefined
    const group =
      editorial.find((c) => director !== undefined && c.name === `Directed by ${director.name}`) ??
      editorial[0]
    return group && pair(group)
  }),
  sources: asList((node) =>
    isMedia(node) ? node.offers.map((offer, i) => pair(offer.source, sourceContext(offer, i + 1))) : [],
  ),
  collections: asList((node, ctx) => visibleNodes(node.social.collectedIn, ctx)),
  contributions: asList((node) => {
    if (node.type !== 'Contributor') return []
    const credits = [...node.credits].sort((a, b) => byNewest(a.media, b.media))
    return creditPairs(credits, 'media')
  }),
  followers: asList((node) => node.social.followers.map((u) => pair(u))),
  likers: asList((node) => node.social.likers.map((u) => pair(u))),
  following: asList((node, ctx) => (node.type === 'User' ? visibleNodes(node.follows, ctx) : [])),
  liking: asList((node, ctx) => (node.type === 'User' ? visibleNodes(node.likes, ctx) : [])),
  ownedCollections: asList((node, ctx) => (node.type === 'User' ? visibleNodes(node.collections, ctx) : [])),
  allSubscriptions: {
    shape: 'array',
    resolve: (node) =>
      node.type === 'Source' ? node.subscriptions.map((plan) => pair({ type: 'Subscription', plan })) : [],
  },
  allMediums: asValue((node) => (node.type === 'Source' ? [...node.mediums] : [])),
  items: asList((node, ctx) => (node.type === 'Collection' ? visibleNodes(node.items, ctx) : [])),
  primaryOwner: asPair((node) => (node.type === 'Collection' ? pair(node.owner) : undefined)),
  socialMetrics: asValue((node) => socialMetrics(node)),
  userSocial: asValue((node, ctx, path) => userSocial(node, ctx, path)),
  // A subscription's fields are always under `metadata`; the component is accepted and changes nothing.
  metadata: asValue(() => undefined),
  thumbnail: asPair((_node, ctx) => pair(ctx.defaultImage)),
}

// The shapes above must be the catalogue's: checked once at load, so a catalogue change cannot drift silently.
for (const [name, resolver] of Object.entries(resolvers)) {
  const entry: ComponentEntry = componentCatalogue[name as ComponentName]
  if (entry.shape !== resolver.shape)
    throw new Error(`component ${name}: catalogue says ${entry.shape}, service answers ${resolver.shape}`)
}

/**
 * Counts one more object of the response against `limits.maxObjects`, and refuses the request once it would
 * pass it: checked as objects are rendered, so a request that would grow without bound stops at the cap
 * instead of rendering everything first. `path` is where the object's own components are asked for; the
 * error names the component that listed it.
 */
/**
 * Units of work (see ./work.ts) one rendered object costs per component asked of it, on top of the walk of
 * a list component's items: rendering and sending an object (its fields, a socialMetrics, a userSocial)
 * costs as much as scoring a few dozen candidates, measured by bench/worst-request.ts.
 */
const RENDER_UNITS = 40
/** Units per item of a list component, rendered or not: the whole list is resolved to page it. */
export const LIST_ITEM_UNITS = 4
export const LOWER_RENDERING =
  'lower pageSize (or siloPageSize), lower the pageSize of nested list components, or ask for fewer components'
/** Where an object's components are asked for names the component that listed it. */
const componentsPath = (path: JsonPath): JsonPath =>
  path[path.length - 1] === 'components' ? path.slice(0, -1) : path

function countObject(ctx: QueryContext, path: JsonPath): void {
  if (++ctx.rendered.count <= ctx.limits.maxObjects) return
  throw badRequest(
    'response_too_large',
    `the response would hold more than ${ctx.limits.maxObjects} objects (every object of every page and ` +
      'component counts); ask for fewer: lower pageSize (or siloPageSize), lower the pageSize of nested list ' +
      'components, or nest fewer list components',
    componentsPath(path),
  )
}

/** An object's fields plus one member per requested component that applies to its type. */
export function renderObject(
  node: Renderable,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
): Record<string, unknown> {
  chargeObject(components, ctx, path)
  return buildObject(node, components, ctx, path)
}

/** What one object costs, charged before anything of it is rendered (./render-text.ts does the same). */
export function chargeObject(
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
): void {
  countObject(ctx, path)
  spend(ctx, RENDER_UNITS * (1 + (components?.length ?? 0)), () => componentsPath(path), LOWER_RENDERING)
}

/** {@link renderObject} once charged. */
export function buildObject(
  node: Renderable,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
): Record<string, unknown> {
  if (node.type === 'Subscription') return subscriptionObject(node.plan)
  const object = defaultFields(node, ctx)
  // A user's own email is the one default field that depends on who asks: those fields are not shared.
  markDefaultFields(object, node, !(node.type === 'User' && ctx.user === node))
  if (components === undefined) return object
  // An image's one component, thumbnail, is one of its default fields (`isDefaultField`): already there.
  if (node.type === 'Image') return object
  components.forEach((component, index) => {
    const entry: ComponentEntry = componentCatalogue[component.name]
    // Results of mixed types (titles and contributors, say) carry each component only where it applies.
    if (!entry.appliesTo.includes(node.type)) return
    // A component named like a default field would replace it: the object is then written key by key.
    if (component.name in object) unmarkDefaultFields(object)
    const at = [...path, index]
    const resolver = resolvers[component.name]
    switch (resolver.shape) {
      case 'primitive': {
        const value = resolver.resolve(node, ctx, [...at, 'components'])
        if (value !== undefined) object[component.name] = value
        return
      }
      case 'pair': {
        const item = resolver.resolve(node, ctx)
        if (item !== undefined)
          object[component.name] = renderPair(item, component.components, ctx, [...at, 'components'])
        return
      }
      case 'array':
        object[component.name] = resolver
          .resolve(node, ctx)
          .map((item) => renderPair(item, component.components, ctx, [...at, 'components']))
        return
      case 'list': {
        const items = resolver.resolve(node, ctx)
        spend(ctx, LIST_ITEM_UNITS * items.length, () => [...at, 'pageSize'], LOWER_RENDERING)
        const size = pageSizeOf(ctx, component.pageSize, [...at, 'pageSize'])
        // `page` is set by a component continuation (see ./paging.ts): the n-th page of this very list.
        const page = component.page ?? 0
        const start = page * size
        object[component.name] = {
          content: items
            .slice(start, start + size)
            .map((item) => renderPair(item, component.components, ctx, [...at, 'components'])),
          pagingInfo: {
            next:
              start + size < items.length
                ? componentContinuation(node.mhid, component, size, page + 1)
                : null,
          },
        }
      }
    }
  })
  return object
}

export function renderPair(
  item: Item,
  components: readonly ComponentRequest[] | undefined,
  ctx: QueryContext,
  path: JsonPath,
): Record<string, unknown> {
  // A context is data of the edge (relationships, sorting, mediums), never a rendered object.
  markPlain(item.context)
  return { object: renderObject(item.node, components, ctx, path), context: item.context }
}
