import type {
  CollectionNode,
  ContributorNode,
  GraphNode,
  MediaNode,
  SourceNode,
  TraitNode,
  UserNode,
} from '../graph/entities'
import { emptySocial, ownSocial, withEdge } from './empty-social'
import { assignAltIds, mhidOf } from './ids'
import { editorialCollections, userCollections, type EditorialEntry } from './collections'
import { randomFrom } from './prng'
import { uniformFrom, WeightedPicker } from './weighted'

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

function userNode(username: string, name: string, email: string): UserNode {
  return {
    type: 'User',
    mhid: mhidOf('User', username),
    altId: '',
    name,
    popularity: 0,
    social: emptySocial(),
    username,
    email,
    likes: [],
    follows: [],
    dislikes: [],
    collections: [],
  }
}

export function synthesizeSocial(input: {
  media: readonly MediaNode[]
  contributors: readonly ContributorNode[]
  traits: readonly TraitNode[]
  sources: readonly SourceNode[]
  users: readonly UserSeed[]
  /** The catalog's editorial plan when its index carries one (catalog-index.ts); else planned here. */
  editorial?: readonly EditorialEntry[] | undefined
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
  // Dislikes: any title, each as likely; one picker for every user.
  const anyTitle = new WeightedPicker(input.media, () => 1)
  const castPositions = creditPositions(input.contributors)
  const seenAt = new Int32Array(input.contributors.length)
  // Each person's weight (their credits), by position: read per credit of every like below, from one typed
  // array rather than from ~9,000 contributor objects and their credit lists.
  const creditCounts = Int32Array.from(input.contributors, (c) => c.credits.length)
  let stamp = 0
  for (const user of users) {
    if (user === editors) continue
    const random = randomFrom(`tastes|${user.username}`)
    const likes = tastes.sample(random.int(12, 60), random)
    user.likes.push(...likes)
    user.dislikes.push(...anyTitle.sample(random.int(0, 3), random, new Set(likes)))
    // The cast of the liked titles, each person once, in order of first appearance. This runs for every credit
    // of every like: positions marked with the user's stamp, where a Set per user hashed each contributor.
    stamp++
    const cast: number[] = []
    for (let l = 0; l < likes.length; l++) {
      const positions = castPositions(likes[l] as MediaNode)
      for (let p = 0; p < positions.length; p++) {
        const at = positions[p] as number
        if (seenAt[at] === stamp) continue
        seenAt[at] = stamp
        cast.push(at)
      }
    }
    // One picker for both draws (the cast's places, weighted by their credits): the same items and weights give
    // the same draws as a picker each.
    const castOfLikes = new WeightedPicker(cast, (at) => creditCounts[at] as number)
    const person = (at: number): ContributorNode => input.contributors[at] as ContributorNode
    user.follows.push(...castOfLikes.sample(random.int(2, 10), random).map(person))
    user.likes.push(
      ...castOfLikes
        .sample(random.int(0, 4), random)
        .map(person)
        .filter((c) => !user.follows.includes(c)),
    )
    user.likes.push(...uniformFrom(input.sources, random.int(0, 2), random))
  }
  // Each user's friends are drawn from the other users (not the editors).
  const people = users.filter((u) => u !== editors)
  people.forEach((user, self) => {
    const random = randomFrom(`friends|${user.username}`)
    const others = people.filter((_, i) => i !== self)
    user.follows.push(...uniformFrom(others, random.int(0, 4), random))
  })

  const collections = editorialCollections(input, editors, input.editorial)
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
  const editorial = collections.filter((c) => c.owner === editors)
  for (const user of users) {
    if (user === editors) continue
    const random = randomFrom(`collectionTastes|${user.username}`)
    user.likes.push(...uniformFrom(editorial, random.int(0, 3), random))
    user.follows.push(...uniformFrom(editorial, random.int(0, 2), random))
  }

  // Reverse edges.
  for (const user of users) {
    for (const node of user.likes) {
      const social = ownSocial(node)
      social.likers = withEdge(social.likers, user)
    }
    for (const node of user.follows) {
      const social = ownSocial(node)
      social.followers = withEdge(social.followers, user)
    }
  }
  for (const c of collections)
    for (const item of c.items) {
      const social = ownSocial(item)
      social.collectedIn = withEdge(social.collectedIn, c)
    }
  const mentionable: GraphNode[] = [...input.media, ...input.contributors, ...collections]
  for (const node of mentionable) {
    // int(0, 0) is 0 whatever is drawn: nodes without likers keep their (maybe shared) 0 and skip the hash.
    const likers = node.social.likers.length
    if (likers > 0) node.social.mentions = randomFrom(`mentions|${node.mhid}`).int(0, 3 * likers)
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

/**
 * Per title, the positions in `contributors` of its credits' people (in credit order), made on first ask:
 * only liked titles are asked for, and each of them many times.
 */
function creditPositions(contributors: readonly ContributorNode[]): (media: MediaNode) => Int32Array {
  const positionOf = new Map<ContributorNode, number>()
  contributors.forEach((c, i) => positionOf.set(c, i))
  const made = new Map<MediaNode, Int32Array>()
  return (media) => {
    let positions = made.get(media)
    if (positions === undefined) {
      positions = new Int32Array(media.credits.length)
      media.credits.forEach((c, i) => {
        const at = positionOf.get(c.contributor)
        // Every credit names one of the catalog's contributors: anything else is a bug.
        if (at === undefined) throw new Error('social graph: a credit outside the catalog')
        ;(positions as Int32Array)[i] = at
      })
      made.set(media, positions)
    }
    return positions
  }
}
