import type { ObjectType } from '../catalog/ids'

/**
 * The in-memory graph the service answers from. Nodes are plain objects linked to each other directly (no id
 * look-ups on the hot path); reverse edges (likers, followers, containing collections) are kept in `Social`.
 * Everything is built once at start-up and never mutated afterwards, but for offers, which make their launch
 * links and mediums on first read and keep them (catalog/offer.ts): the same values, made later.
 */
export interface NodeBase {
  readonly type: ObjectType
  readonly mhid: string
  /** Assigned once all records of a type are known (collisions decide the form), then never changed. */
  altId: string
  readonly name: string
  /** Popularity score: likes plus a [0, 1) share from the catalog's own signal (cast prominence, rating). */
  popularity: number
  /** Nodes without social links share one frozen object, replaced on the first edge (catalog/empty-social.ts). */
  social: Social
}

export interface Social {
  // Readonly: empty lists are one shared frozen array (catalog/empty-social.ts), replaced on the first edge.
  likers: readonly UserNode[]
  followers: readonly UserNode[]
  /** Collections that contain this node, in creation order. */
  collectedIn: readonly CollectionNode[]
  /** Posts mentioning the node: the data has none, so this is a synthetic count. */
  mentions: number
}

export interface ImageNode {
  readonly type: 'Image'
  readonly mhid: string
  readonly name: string | null
  readonly url: string
  readonly width: number
  readonly height: number
  readonly isDefault: boolean
  /** Smaller renditions where the host publishes them (TVmaze's medium poster). */
  readonly medium?: { url: string; width: number; height: number }
}

export type Contribution = 'Director' | 'Cast'

export interface Credit {
  readonly media: MediaNode
  readonly contributor: ContributorNode
  readonly contribution: Contribution
  /** Billing order within the contribution, zero-based (directors in listed order, cast in billing order). */
  readonly position: number
}

/** The media types the sample catalog has: films, series, and the seasons and episodes of a series. */
export type MediaType = 'Movie' | 'ShowSeries' | 'ShowSeason' | 'ShowEpisode'

export interface MediaNode extends NodeBase {
  readonly type: MediaType
  /** The record's own id (`wp:…`, `tvmaze:…`): the stable key ids and synthetic data derive from. */
  readonly key: string
  readonly year: number
  /**
   * Unix seconds: January 1 of the year for films, the premiere day for series, the air date for episodes and
   * the first episode's for seasons.
   */
  readonly releaseDate: number
  readonly description: string
  readonly credits: Credit[]
  readonly traits: TraitNode[]
  readonly image: ImageNode | undefined
  readonly offers: Offer[]
}

export interface ContributorNode extends NodeBase {
  readonly type: 'Contributor'
  readonly credits: Credit[]
}

export interface TraitNode extends NodeBase {
  readonly type: 'Trait'
  readonly description: string
  readonly pluralName: string
  readonly subType: 'Genre'
  readonly media: MediaNode[]
}

export type MediumType = 'stream' | 'download'
export type MethodType = 'rent' | 'purchase' | 'subscription' | 'adSupported'

export interface LaunchLinks {
  readonly http: string
  readonly ios: string
  readonly android: string
}
export interface LaunchInfo {
  readonly sourceId: string
  readonly view: LaunchLinks
  readonly consume: LaunchLinks
  readonly preview: LaunchLinks
}
export interface Format {
  readonly type: string
  readonly price: number
  readonly currency: string
  readonly launchInfo: LaunchInfo
}
export interface Method {
  readonly type: MethodType
  readonly formats: Format[]
}
export interface Medium {
  readonly type: MediumType
  readonly methods: Method[]
}

/** One title on one source: how it can be consumed there, or only how to look at it (information sources). */
export interface Offer {
  readonly source: SourceNode
  readonly media: MediaNode
  readonly sourceId: string
  readonly mediums: Medium[] | undefined
  readonly launchInfo: LaunchInfo
}

export interface SubscriptionPlan {
  readonly mhid: string
  readonly name: string
  readonly description: string
  readonly timePeriod: 'monthly' | 'yearly'
  readonly price: number
  readonly currency: string
  readonly mediums: MediumType[]
}

export type SourceKind = 'store' | 'subscription' | 'information'

export interface SourceNode extends NodeBase {
  readonly type: 'Source'
  readonly kind: SourceKind
  /** The first part of this source's mapped source ids (`iTunes` in `iTunes:Movie:569220589`). */
  readonly msiName: string
  readonly connectable: number
  readonly webUrl: string
  readonly mediums: MediumType[]
  readonly subscriptions: SubscriptionPlan[]
  readonly offers: Offer[]
}

export type CollectionKind =
  | 'custom'
  | 'shoppingCart'
  | 'playQueue'
  | 'mixList'
  | 'interestedList'
  | 'consumedList'
  | 'wishList'
  | 'hiddenList'

export interface CollectionNode extends NodeBase {
  readonly type: 'Collection'
  readonly kind: CollectionKind
  readonly createdDate: number
  readonly description: string
  readonly permissions: 'public' | 'private'
  readonly published: boolean
  readonly owner: UserNode
  readonly items: GraphNode[]
}

export interface UserNode extends NodeBase {
  readonly type: 'User'
  readonly username: string
  readonly email: string
  /** What the user likes, oldest like first (likeOrder sorts by this). */
  readonly likes: GraphNode[]
  /** Whom and what the user follows, oldest first. */
  readonly follows: GraphNode[]
  readonly dislikes: GraphNode[]
  readonly collections: CollectionNode[]
}

export type GraphNode = MediaNode | ContributorNode | TraitNode | SourceNode | CollectionNode | UserNode

export function isMedia(node: GraphNode): node is MediaNode {
  const type = node.type
  return type === 'Movie' || type === 'ShowSeries' || type === 'ShowEpisode' || type === 'ShowSeason'
}

/**
 * The last tie-break of every order of the service: mhids are unique, so an order that ends with it is total,
 * the same on every run, and pages of it never overlap.
 */
export function byMhid(a: { readonly mhid: string }, b: { readonly mhid: string }): number {
  return a.mhid < b.mhid ? -1 : a.mhid > b.mhid ? 1 : 0
}
