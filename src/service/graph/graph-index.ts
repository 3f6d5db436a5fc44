import type { ObjectTypeName } from '../../model/ids'
import type { BuiltCatalog } from '../catalog/build'
import { mappedIdsOf } from './mapped-ids'
import type {
  CollectionNode,
  ContributorNode,
  GraphNode,
  ImageNode,
  MediaNode,
  SourceNode,
  TraitNode,
  UserNode,
} from './entities'

/** A list of nodes in a fixed order, and each node's position in it. */
export interface SortedList {
  readonly list: readonly GraphNode[]
  readonly positions: ReadonlyMap<GraphNode, number>
  /** {@link GraphIndex.postingsIn}'s lists, by relation name, then value: made on first use. */
  readonly postings: Map<string, Map<GraphNode, Int32Array>>
}

/** Anything an id can name: graph nodes and images. */
export type Addressable = GraphNode | ImageNode

/**
 * The graph index: every node by mhid and altId, mapped source ids, and per-type lists in a stable order.
 * Reverse edges live on the nodes themselves (`social`, `credits`, `offers`, `media`), so filters and
 * recommendations walk pointers, never search.
 */
export class GraphIndex {
  readonly media: readonly MediaNode[]
  /** Seasons and episodes: apart from `media`, which relate, silos and lenses draw titles from. */
  readonly episodic: readonly MediaNode[]
  readonly contributors: readonly ContributorNode[]
  readonly traits: readonly TraitNode[]
  readonly sources: readonly SourceNode[]
  readonly collections: readonly CollectionNode[]
  readonly users: readonly UserNode[]
  readonly images: readonly ImageNode[]
  readonly editors: UserNode
  private readonly ids = new Map<string, Addressable>()
  /** Made on the first look-up by mapped id (`mappedIdsOf`). */
  private mapped: Map<string, MediaNode> | undefined
  private readonly byUsername = new Map<string, UserNode>()
  /** Each title's position in `media`, and each feature's titles as positions (see {@link titlesOf}). */
  private readonly mediaOrdinals = new Map<MediaNode, number>()
  private readonly featureTitles = new WeakMap<ContributorNode | TraitNode, Int32Array>()
  /** Each title's rank in relate's tie order (see {@link tieRanks}), made on first use. */
  private ties: Int32Array | undefined
  /** Lists of {@link ofTypes} in a fixed order, built on first use (see {@link sortedOfTypes}). */
  private readonly sorted = new Map<string, SortedList>()

  constructor(built: BuiltCatalog) {
    this.media = built.media
    this.episodic = built.episodic
    this.contributors = built.contributors
    this.traits = built.traits
    this.sources = built.sources
    this.collections = built.collections
    this.users = built.users
    this.images = built.images
    this.editors = built.editors
    // Every list in turn, by index: this runs once per process for ~15,000 nodes, mostly before the engine has
    // optimised it: a joined copy of the lists and an iterator result per node were garbage for the collector.
    const lists: readonly (readonly GraphNode[])[] = [
      built.media,
      built.episodic,
      built.contributors,
      built.traits,
      built.sources,
      built.collections,
      built.users,
      [built.editors],
    ]
    for (const list of lists)
      for (let i = 0; i < list.length; i++) {
        const node = list[i] as GraphNode
        this.ids.set(node.mhid, node)
        this.ids.set(node.altId, node)
      }
    // Every title also answers to its altId with the year (`mhmov-titanic-1997`), the form the real
    // service uses for ambiguous names, even where the sample catalog has no namesake.
    for (let i = 0; i < built.media.length; i++) {
      const m = built.media[i] as MediaNode
      const withYear = `${m.altId}-${m.year}`
      if (!/-\d{4}$/.test(m.altId) && !this.ids.has(withYear)) this.ids.set(withYear, m)
    }
    for (let i = 0; i < built.images.length; i++) {
      const image = built.images[i] as ImageNode
      this.ids.set(image.mhid, image)
    }
    for (let i = 0; i < built.users.length; i++) {
      const user = built.users[i] as UserNode
      this.byUsername.set(user.username, user)
    }
    for (let i = 0; i < built.media.length; i++) this.mediaOrdinals.set(built.media[i] as MediaNode, i)
  }

  /**
   * The titles of a trait (its media) or a contributor (their credits' titles, one entry per credit), as
   * positions in `media`, made on first use: relate adds a score to each, and an array of scores indexed by
   * position costs one typed-array write where a map of scores cost a look-up and an insert.
   */
  titlesOf(feature: ContributorNode | TraitNode): Int32Array {
    let ordinals = this.featureTitles.get(feature)
    if (ordinals === undefined) {
      const titles = feature.type === 'Trait' ? feature.media : feature.credits.map((c) => c.media)
      ordinals = Int32Array.from(titles, (title) => {
        const i = this.mediaOrdinals.get(title)
        // Traits list titles and credits are made of them (catalog/build.ts): a title outside media is a bug.
        if (i === undefined) throw new Error(`graph index: ${title.mhid} is not among the titles`)
        return i
      })
      this.featureTitles.set(feature, ordinals)
    }
    return ordinals
  }

  /**
   * Each title's rank (by position in `media`) when ordered by popularity, descending, then mhid: the tie-break
   * of relate's and silos' ranking as one integer, so ranking positions compares numbers only (the graph is
   * fixed once built). Made on the first relate or silos request: sorting the titles once (1.6–1.9 ms
   * for the sample catalog on a loaded 2-core VM), rather than at start-up for a service that may never rank.
   */
  tieRanks(): Int32Array {
    if (this.ties === undefined) {
      const media = this.media
      const order = Array.from(media, (_, i) => i).sort((a, b) => {
        const ma = media[a] as MediaNode
        const mb = media[b] as MediaNode
        return mb.popularity - ma.popularity || (ma.mhid < mb.mhid ? -1 : ma.mhid > mb.mhid ? 1 : 0)
      })
      const ties = new Int32Array(media.length)
      order.forEach((i, rank) => (ties[i] = rank))
      this.ties = ties
    }
    return this.ties
  }

  /** A title's position in `media` (undefined for seasons and episodes). */
  ordinalOf(title: MediaNode): number | undefined {
    return this.mediaOrdinals.get(title)
  }

  /** A node by mhid or altId. */
  byId(id: string): Addressable | undefined {
    return this.ids.get(id)
  }

  /** A title by mapped source id parts; the source name is matched without regard to case. */
  byMappedId(source: string, type: ObjectTypeName | undefined, sourceId: string): MediaNode | undefined {
    const key = (t: string): string => `${source.toLowerCase()}|${t}|${sourceId}`
    const mapped = (this.mapped ??= mappedIdsOf(this.sources))
    if (type !== undefined) return mapped.get(key(type))
    return mapped.get(key('Movie')) ?? mapped.get(key('ShowSeries'))
  }

  userByUsername(username: string): UserNode | undefined {
    return this.byUsername.get(username)
  }

  /**
   * Every node of the given types in the order `compare` gives, sorted once per graph for each set of types and
   * each `order` (the name of a fixed order, such as `releaseDate|descending`, that `compare` implements): an
   * explore in one of these orders filters a sorted list instead of sorting what it matched, which was most of
   * its time (981 Drama films by date: ~9,700 comparisons a request). Unbounded is fine: there are at most
   * 2^9 type sets and a few fixed orders, each list no longer than the graph.
   */
  sortedOfTypes(
    types: ReadonlySet<ObjectTypeName>,
    order: string,
    compare: (a: GraphNode, b: GraphNode) => number,
  ): SortedList {
    const key = `${[...types].sort().join()}|${order}`
    let sorted = this.sorted.get(key)
    if (sorted === undefined) {
      const list = this.ofTypes(types).sort(compare)
      sorted = { list, positions: new Map(list.map((node, i) => [node, i])), postings: new Map() }
      this.sorted.set(key, sorted)
    }
    return sorted
  }

  /**
   * The positions in `sorted` of the nodes related to `value` by `relation`, ascending, each once: `edges` (the
   * value's reverse edges: a trait's titles, a contributor's credits' titles…) kept where `related` holds, made
   * once per list, relation and value. An explore filtered on that value walks these in the list's order and
   * stops once its page is full, where it tested every edge and sorted the positions on every request.
   * `related` must depend on nothing but the node (not on who asks): the list is shared by all requests.
   * Bounded by the edges of the graph for each list (each edge is one position at most).
   */
  postingsIn(
    sorted: SortedList,
    relation: string,
    value: GraphNode,
    edges: readonly GraphNode[],
    related: (node: GraphNode) => boolean,
  ): Int32Array {
    let byValue = sorted.postings.get(relation)
    if (byValue === undefined) sorted.postings.set(relation, (byValue = new Map()))
    let at = byValue.get(value)
    if (at === undefined) {
      const found: number[] = []
      for (const node of edges) {
        const position = sorted.positions.get(node)
        if (position !== undefined && related(node)) found.push(position)
      }
      // A typed array sorts numerically; a node listed twice (two credits on one title) is kept once.
      const ascending = Int32Array.from(found).sort()
      let n = 0
      for (let i = 0; i < ascending.length; i++)
        if (i === 0 || ascending[i] !== ascending[i - 1]) ascending[n++] = ascending[i] as number
      at = ascending.slice(0, n)
      byValue.set(value, at)
    }
    return at
  }

  /** Every node of the given types, in index order. */
  ofTypes(types: ReadonlySet<ObjectTypeName>): GraphNode[] {
    const out: GraphNode[] = []
    if (types.has('Movie') || types.has('ShowSeries'))
      for (const m of this.media) if (types.has(m.type)) out.push(m)
    if (types.has('ShowSeason') || types.has('ShowEpisode'))
      for (const m of this.episodic) if (types.has(m.type)) out.push(m)
    if (types.has('Contributor')) out.push(...this.contributors)
    if (types.has('Trait')) out.push(...this.traits)
    if (types.has('Source')) out.push(...this.sources)
    if (types.has('Collection')) out.push(...this.collections)
    if (types.has('User')) out.push(...this.users)
    return out
  }
}
