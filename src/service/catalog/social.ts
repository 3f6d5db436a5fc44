import { byMhid } from '../graph/entities'
import type {
  CollectionKind,
  CollectionNode,
  ContributorNode,
  GraphNode,
  MediaNode,
  SourceNode,
  TraitNode,
  UserNode,
} from '../graph/entities'
import { assignAltIds, mhidOf } from './ids'
import { randomFrom, shuffled, type Random } from './prng'

/**
 * Users, likes, follows and collections: the data has none, so all of it is synthetic. Each user's choices
 * come from a PRNG seeded by the username, weighted towards popular titles (so the synthetic tastes cluster
 * the way real ones do), and editorial collections are computed from the catalog itself (top titles of a
 * genre or a decade, a director's films).
 */
export interface UserSeed {
  readonly username: string
  readonly name: string
  readonly email?: string
}

export interface SocialGraph {
  readonly users: UserNode[]
  readonly collections: CollectionNode[]
  /** The user that owns the editorial collections (the `Collection` silo's "client's editors"). */
  readonly editors: UserNode
}

export const SYNTHETIC_USERS = 300

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Noor',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tariq',
  'Uma',
  'Victor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
]
const LAST = [
  'Abbott',
  'Brennan',
  'Castillo',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gallagher',
  'Haddad',
  'Ivanova',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Nakamura',
  'Okafor',
  'Petrov',
  'Quispe',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
]

const START_2015 = Date.UTC(2015, 0, 1) / 1000
const END_2022 = Date.UTC(2022, 11, 31) / 1000

function userNode(username: string, name: string, email: string): UserNode {
  return {
    type: 'User',
    mhid: mhidOf('User', username),
    altId: '',
    name,
    popularity: 0,
    social: { likers: [], followers: [], collectedIn: [], mentions: 0 },
    username,
    email,
    likes: [],
    follows: [],
    dislikes: [],
    collections: [],
  }
}

/**
 * Weighted sample of k distinct items: draws by binary search over cumulative weights and redraws duplicates
 * (bounded: at most 20k draws, so a k close to the item count cannot loop for long). Built once per weight
 * function and reused for every user, which keeps start-up fast.
 */
class WeightedPicker<T> {
  private readonly cumulative: Float64Array
  private readonly total: number

  constructor(
    private readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length)
    let sum = 0
    items.forEach((item, i) => {
      sum += Math.max(0, weight(item))
      this.cumulative[i] = sum
    })
    this.total = sum
  }

  sample(k: number, random: Random, exclude?: ReadonlySet<T>): T[] {
    const out: T[] = []
    const seen = new Set<T>(exclude)
    const want = Math.min(k, this.items.length - seen.size)
    for (let draws = 0; out.length < want && draws < 20_000; draws++) {
      const target = random.next() * this.total
      let lo = 0
      let hi = this.items.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >>> 1
        if ((this.cumulative[mid] as number) > target) hi = mid
        else lo = mid + 1
      }
      const item = this.items[lo] as T
      if (!seen.has(item)) {
        seen.add(item)
        out.push(item)
      }
    }
    return out
  }
}

function weightedSample<T>(items: readonly T[], weight: (item: T) => number, k: number, random: Random): T[] {
  return new WeightedPicker(items, weight).sample(k, random)
}

export function synthesizeSocial(input: {
  media: readonly MediaNode[]
  contributors: readonly ContributorNode[]
  traits: readonly TraitNode[]
  sources: readonly SourceNode[]
  users: readonly UserSeed[]
}): SocialGraph {
  const users: UserNode[] = []
  const usernames = new Set<string>()
  for (const seed of input.users) {
    if (usernames.has(seed.username)) continue
    usernames.add(seed.username)
    users.push(userNode(seed.username, seed.name, seed.email ?? `${seed.username}@example.com`))
  }
  for (let i = 0; users.length < input.users.length + SYNTHETIC_USERS; i++) {
    const random = randomFrom(`user|${i}`)
    const first = random.pick(FIRST)
    const last = random.pick(LAST)
    const username = `${first}.${last}.${i}`.toLowerCase()
    if (usernames.has(username)) continue
    usernames.add(username)
    users.push(userNode(username, `${first} ${last}`, `${username}@example.com`))
  }
  const editors = userNode('editors', 'hql editors', 'editors@example.com')
  // A configured user named "editors" would shadow the editorial account; it keeps its own node.
  if (!usernames.has('editors')) users.push(editors)

  // Tastes: popularity squared, so the head of the catalog is liked much more often than the tail.
  const tastes = new WeightedPicker(input.media, (m) => 0.05 + m.popularity * m.popularity)
  const uniform = new WeightedPicker(input.media, () => 1)
  for (const user of users) {
    if (user === editors) continue
    const random = randomFrom(`tastes|${user.username}`)
    const likes = tastes.sample(random.int(12, 60), random)
    user.likes.push(...likes)
    user.dislikes.push(...uniform.sample(random.int(0, 3), random, new Set(likes)))
    const castOfLikes = [...new Set(likes.flatMap((m) => m.credits.map((c) => c.contributor)))]
    user.follows.push(...weightedSample(castOfLikes, (c) => c.credits.length, random.int(2, 10), random))
    user.likes.push(
      ...weightedSample(castOfLikes, (c) => c.credits.length, random.int(0, 4), random).filter(
        (c) => !user.follows.includes(c),
      ),
    )
    user.likes.push(...weightedSample(input.sources, () => 1, random.int(0, 2), random))
  }
  for (const user of users) {
    if (user === editors) continue
    const random = randomFrom(`friends|${user.username}`)
    const others = users.filter((u) => u !== user && u !== editors)
    user.follows.push(...weightedSample(others, () => 1, random.int(0, 4), random))
  }

  const collections = editorialCollections(input, editors)
  const publicEditorial = [...collections]
  const wishes = new WeightedPicker(input.media, (m) => 0.05 + m.popularity)
  for (const user of users) {
    if (user === editors) continue
    collections.push(...userCollections(user, wishes, publicEditorial))
  }
  for (const [node, altId] of altIdsOf('Collection', collections)) node.altId = altId
  for (const [node, altId] of altIdsOf('User', users.includes(editors) ? users : [...users, editors]))
    node.altId = altId
  for (const c of collections) c.owner.collections.push(c)
  for (const user of users) {
    if (user === editors) continue
    const random = randomFrom(`collectionTastes|${user.username}`)
    const editorial = collections.filter((c) => c.owner === editors)
    user.likes.push(...weightedSample(editorial, () => 1, random.int(0, 3), random))
    user.follows.push(...weightedSample(editorial, () => 1, random.int(0, 2), random))
  }

  // Reverse edges.
  for (const user of users) {
    for (const node of user.likes) node.social.likers.push(user)
    for (const node of user.follows) node.social.followers.push(user)
  }
  for (const c of collections) for (const item of c.items) item.social.collectedIn.push(c)
  const mentionable: GraphNode[] = [...input.media, ...input.contributors, ...collections]
  for (const node of mentionable) {
    node.social.mentions = randomFrom(`mentions|${node.mhid}`).int(0, 3 * node.social.likers.length)
  }
  return { users, collections, editors }
}

/** altIds from names (collections) or usernames (users), collisions resolved as for every type. */
function altIdsOf<T extends CollectionNode | UserNode>(
  type: 'Collection' | 'User',
  nodes: readonly T[],
): [T, string][] {
  const ids = assignAltIds(
    type,
    nodes.map((n) => ({ key: n.mhid, name: n.type === 'User' ? n.username : n.name })),
  )
  return nodes.map((n) => [n, ids.get(n.mhid) ?? `${n.mhid.slice(0, 5)}-${n.mhid.slice(5).toLowerCase()}`])
}

function collection(
  owner: UserNode,
  key: string,
  name: string,
  description: string,
  kind: CollectionKind,
  items: GraphNode[],
  visibility: { permissions: 'public' | 'private'; published: boolean },
): CollectionNode {
  const random = randomFrom(`created|${key}`)
  return {
    type: 'Collection',
    mhid: mhidOf('Collection', key),
    altId: '',
    name,
    popularity: 0,
    social: { likers: [], followers: [], collectedIn: [], mentions: 0 },
    kind,
    createdDate: random.int(START_2015, END_2022),
    description,
    ...visibility,
    owner,
    items,
  }
}

const byPopularity = (a: MediaNode, b: MediaNode): number => b.popularity - a.popularity || byMhid(a, b)

function editorialCollections(
  input: {
    media: readonly MediaNode[]
    contributors: readonly ContributorNode[]
    traits: readonly TraitNode[]
  },
  editors: UserNode,
): CollectionNode[] {
  const open = { permissions: 'public' as const, published: true }
  const out: CollectionNode[] = []
  const genreCollections: CollectionNode[] = []
  for (const trait of input.traits) {
    if (trait.media.length < 12) continue
    const items = [...trait.media].sort(byPopularity).slice(0, 24)
    const c = collection(
      editors,
      `editorial|genre|${trait.name}`,
      `Essential ${trait.name}`,
      `Popular ${trait.name} titles of the catalog`,
      'custom',
      items,
      open,
    )
    genreCollections.push(c)
  }
  out.push(...genreCollections)
  for (let decade = 1970; decade <= 2020; decade += 10) {
    const films = input.media.filter((m) => m.type === 'Movie' && m.year >= decade && m.year < decade + 10)
    if (films.length === 0) continue
    out.push(
      collection(
        editors,
        `editorial|decade|${decade}`,
        `Best of the ${decade}s`,
        `The ${decade}s' most popular films`,
        'custom',
        [...films].sort(byPopularity).slice(0, 20),
        open,
      ),
    )
    const credits = new Map<ContributorNode, number>()
    for (const film of films)
      for (const c of film.credits)
        if (c.contribution === 'Cast') credits.set(c.contributor, (credits.get(c.contributor) ?? 0) + 1)
    const stars = [...credits]
      .sort(([a, x], [b, y]) => y - x || byMhid(a, b))
      .slice(0, 12)
      .map(([c]) => c)
    out.push(
      collection(
        editors,
        `editorial|stars|${decade}`,
        `Stars of the ${decade}s`,
        `Actors with the most films of the ${decade}s in the catalog`,
        'custom',
        stars,
        open,
      ),
    )
  }
  for (const person of input.contributors) {
    const directed = person.credits.filter((c) => c.contribution === 'Director').map((c) => c.media)
    if (directed.length < 6) continue
    const items = [...directed].sort((a, b) => a.releaseDate - b.releaseDate || byMhid(a, b))
    out.push(
      collection(
        editors,
        `editorial|director|${person.mhid}`,
        `Directed by ${person.name}`,
        `Films of ${person.name} in release order`,
        'custom',
        items,
        open,
      ),
    )
  }
  out.push(
    collection(
      editors,
      'editorial|genres',
      'Every genre',
      'One collection per genre',
      'custom',
      genreCollections,
      open,
    ),
  )
  return out
}

function userCollections(
  user: UserNode,
  wishes: WeightedPicker<MediaNode>,
  editorial: readonly CollectionNode[],
): CollectionNode[] {
  const random = randomFrom(`collections|${user.username}`)
  const out: CollectionNode[] = []
  const first = user.name.split(' ')[0] ?? user.name
  const likedMedia = user.likes.filter((n): n is MediaNode => n.type === 'Movie' || n.type === 'ShowSeries')
  if (random.chance(0.3) && likedMedia.length >= 8) {
    out.push(
      collection(
        user,
        `user|${user.username}|favourites`,
        `${first}'s favourites`,
        `Titles ${first} keeps coming back to`,
        'custom',
        shuffled(likedMedia, random).slice(0, random.int(8, 15)),
        {
          permissions: random.chance(0.7) ? 'public' : 'private',
          published: random.chance(0.8),
        },
      ),
    )
  }
  const closed = { permissions: 'private' as const, published: false }
  const liked = new Set<MediaNode>(likedMedia)
  const wish: GraphNode[] = wishes.sample(random.int(4, 12), random, liked)
  if (random.chance(0.4)) wish.push(...weightedSample(editorial, () => 1, random.int(1, 2), random))
  out.push(
    collection(
      user,
      `user|${user.username}|wishList`,
      'Wish list',
      'Titles to watch',
      'wishList',
      wish,
      closed,
    ),
  )
  out.push(
    collection(
      user,
      `user|${user.username}|consumedList`,
      'Watched',
      'Titles already watched',
      'consumedList',
      shuffled(likedMedia, random).slice(0, random.int(3, 10)),
      closed,
    ),
  )
  out.push(
    collection(
      user,
      `user|${user.username}|playQueue`,
      'Up next',
      'Queued titles',
      'playQueue',
      wishes.sample(
        random.int(0, 5),
        random,
        new Set([
          ...liked,
          ...wish.filter((n): n is MediaNode => n.type === 'Movie' || n.type === 'ShowSeries'),
        ]),
      ),
      closed,
    ),
  )
  return out
}
