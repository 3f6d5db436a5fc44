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
import { DEMO } from '../demo'
import { assignAltIds, mhidOf } from './ids'
import { editorialCollections, userCollections, type EditorialEntry } from './collections'
import { randomFrom } from './prng'
import { tasteDeriver, type TasteCatalog, type TasteRow } from './tastes'
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

/** The `i`th of the service's own users: a name drawn from `user|<i>`, and a username made of it and `i`. */
export function syntheticUser(i: number): { username: string; name: string } {
  const random = randomFrom(`user|${i}`)
  const first = random.pick(FIRST)
  const last = random.pick(LAST)
  return { username: `${first}.${last}.${i}`.toLowerCase(), name: `${first} ${last}` }
}

/**
 * The {@link TasteRow}s of the users the service makes itself, which the catalog's index carries: the built-in
 * demo user (every service has it: create-service.ts) and the synthetic users (`syntheticUser(0…299)`). The
 * catalog alone decides them; a configured user who takes one of these names takes the row too, being drawn
 * from the same seed.
 */
export function serviceUsersTastes(catalog: TasteCatalog): TasteRow[] {
  const tastesOf = tasteDeriver(catalog)
  const usernames = [
    DEMO.username,
    ...Array.from({ length: SYNTHETIC_USERS }, (_, i) => syntheticUser(i).username),
  ]
  return usernames.map(tastesOf)
}

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
  /** The tastes of the users the catalog's index names (the demo and synthetic users'); the others' are derived. */
  tastes?: readonly TasteRow[] | undefined
}): SocialGraph {
  const users: UserNode[] = []
  const usernames = new Set<string>()
  for (const seed of input.users) {
    if (usernames.has(seed.username)) continue
    usernames.add(seed.username)
    users.push(userNode(seed.username, seed.name, seed.email ?? `${seed.username}@example.com`))
  }
  for (let i = 0; users.length < input.users.length + SYNTHETIC_USERS; i++) {
    const { username, name } = syntheticUser(i)
    if (usernames.has(username)) continue
    usernames.add(username)
    users.push(userNode(username, name, `${username}@example.com`))
  }
  const editors = userNode('editors', 'hql editors', 'editors@example.com')
  // A configured user named "editors" would shadow the editorial account; it keeps its own node.
  if (!usernames.has('editors')) users.push(editors)

  // The editorial collections first: some users' wish lists hold one.
  const collections = editorialCollections(input, editors, input.editorial)
  const publicEditorial = [...collections]

  // Each user's own draws: the catalog's rows for the users it names (the demo and synthetic users'),
  // else derived here, the pickers made only if a user needs them.
  const indexed = new Map(input.tastes?.map((row) => [row[0], row]))
  let derive: ((username: string) => TasteRow) | undefined
  const { media, contributors, sources } = input
  const catalog = { media, contributors, sourceCount: sources.length, editorialCount: publicEditorial.length }
  const rows: [UserNode, TasteRow][] = []
  for (const user of users) {
    if (user === editors) continue
    const row = indexed.get(user.username) ?? (derive ??= tasteDeriver(catalog))(user.username)
    rows.push([user, row])
    const [, likes, dislikes, follows, castLikes, liked] = row
    pushAt(user.likes, media, likes)
    pushAt(user.dislikes, media, dislikes)
    pushAt(user.follows, contributors, follows)
    pushAt(user.likes, contributors, castLikes)
    pushAt(user.likes, sources, liked)
  }
  // Each user's friends are drawn from the other users (not the editors): one picker of n - 1 places for all,
  // a user's own place skipped (the draws of a picker depend on its weights alone, all 1 here).
  const people = users.filter((u) => u !== editors)
  const otherPlaces = new WeightedPicker(
    Array.from({ length: Math.max(0, people.length - 1) }, (_, i) => i),
    () => 1,
  )
  for (let self = 0; self < people.length; self++) {
    const user = people[self] as UserNode
    const random = randomFrom(`friends|${user.username}`)
    for (const at of otherPlaces.sample(random.int(0, 4), random))
      user.follows.push(people[at < self ? at : at + 1] as UserNode)
  }

  for (let i = 0; i < rows.length; i++) {
    const [user, row] = rows[i] as [UserNode, TasteRow]
    collections.push(...userCollections(user, row[6], media, publicEditorial))
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

  // Reverse edges, by index: ~20,000 of them, mostly before the engine has optimised this, where an iterator
  // result per edge was garbage for the collector.
  for (let u = 0; u < users.length; u++) {
    const user = users[u] as UserNode
    for (let i = 0; i < user.likes.length; i++) {
      const social = ownSocial(user.likes[i] as GraphNode)
      social.likers = withEdge(social.likers, user)
    }
    for (let i = 0; i < user.follows.length; i++) {
      const social = ownSocial(user.follows[i] as GraphNode)
      social.followers = withEdge(social.followers, user)
    }
  }
  for (let k = 0; k < collections.length; k++) {
    const c = collections[k] as CollectionNode
    for (let i = 0; i < c.items.length; i++) {
      const social = ownSocial(c.items[i] as GraphNode)
      social.collectedIn = withEdge(social.collectedIn, c)
    }
  }
  for (const mentionable of [input.media, input.contributors, collections] as const)
    for (let i = 0; i < mentionable.length; i++) {
      const node = mentionable[i] as GraphNode
      // int(0, 0) is 0 whatever is drawn: nodes without likers keep their (maybe shared) 0 and skip the hash.
      const likers = node.social.likers.length
      if (likers > 0) node.social.mentions = randomFrom(`mentions|${node.mhid}`).int(0, 3 * likers)
    }
  return { users, collections, editors }
}

/**
 * Appends the items of `list` at `places` to `into`, by index: this runs for ~15,000 links, mostly before the
 * engine has optimised it.
 */
function pushAt(into: GraphNode[], list: readonly GraphNode[], places: readonly number[]): void {
  for (let i = 0; i < places.length; i++) into.push(list[places[i] as number] as GraphNode)
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
