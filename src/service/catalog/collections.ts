import { byMhid } from '../graph/entities'
import type {
  CollectionKind,
  CollectionNode,
  ContributorNode,
  GraphNode,
  MediaNode,
  TraitNode,
  UserNode,
} from '../graph/entities'
import { emptySocial } from './empty-social'
import { mhidOf } from './ids'
import { randomFrom } from './prng'
import type { CollectionsPlan } from './tastes'

/**
 * Collections, all synthetic: editorial ones computed from the catalog itself (the top titles of a genre or
 * a decade, its stars, a director's films) and each user's own (favourites, wish list, watched, queue).
 */

const START_2015 = Date.UTC(2015, 0, 1) / 1000
const END_2022 = Date.UTC(2022, 11, 31) / 1000

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
    social: emptySocial(),
    kind,
    createdDate: random.int(START_2015, END_2022),
    description,
    ...visibility,
    owner,
    items,
  }
}

const byPopularity = (a: MediaNode, b: MediaNode): number => b.popularity - a.popularity || byMhid(a, b)

/**
 * The places (in `media`) of the `n` most popular of some titles (`byPopularity`'s order), with the titles ranked
 * once: each genre and decade then sorts integers natively, where sorting its titles with a comparator was
 * thousands of calls each. The order is the same: `byPopularity` is total (mhids are unique), so any subset keeps
 * its ranks' order.
 */
function topByPopularity(
  media: readonly MediaNode[],
  placeOf: ReadonlyMap<MediaNode, number>,
): (titles: readonly MediaNode[], n: number) => number[] {
  const ranked = [...media].sort(byPopularity)
  const rankOf = new Map(ranked.map((m, i) => [m, i]))
  return (titles, n) => {
    const ranks = Int32Array.from(titles, (m) => rankOf.get(m) ?? -1).sort()
    const out: number[] = []
    for (const rank of ranks.subarray(0, n)) {
      const at = placeOf.get(ranked[rank] as MediaNode)
      // Every title listed by a genre or a decade is one of the catalog's: anything else is a bug.
      if (at === undefined) throw new Error('editorial collections: a title outside the catalog')
      out.push(at)
    }
    return out
  }
}

/**
 * One editorial collection as the catalog alone decides it: its key (its mhid and creation date derive from it),
 * name, description, and its items as places in the titles, the contributors, or the editorial collections
 * before it. Planning is most of the collections' cost (ranking every genre and decade, counting a decade's
 * cast, finding the directors), so the shipped catalog carries the plan (catalog-index.ts).
 */
export type EditorialEntry = readonly [
  key: string,
  name: string,
  description: string,
  from: 'media' | 'contributors' | 'editorial',
  places: readonly number[],
]

/** The editorial collections' plan: the top titles of each genre and decade, a decade's stars, a director's films. */
export function planEditorial(input: {
  media: readonly MediaNode[]
  contributors: readonly ContributorNode[]
  traits: readonly TraitNode[]
}): EditorialEntry[] {
  const mediaPlaces = new Map(input.media.map((m, i) => [m, i]))
  const placesOf = (titles: readonly MediaNode[]): number[] => titles.map((m) => mediaPlaces.get(m) ?? -1)
  const top = topByPopularity(input.media, mediaPlaces)
  const genres: EditorialEntry[] = []
  for (const trait of input.traits) {
    if (trait.media.length < 12) continue
    const name = trait.name
    genres.push([
      `editorial|genre|${name}`,
      `Essential ${name}`,
      `Popular ${name} titles of the catalog`,
      'media',
      top(trait.media, 24),
    ])
  }
  const out: EditorialEntry[] = [...genres]
  let contributorPlaces: Map<ContributorNode, number> | undefined
  for (let decade = 1970; decade <= 2020; decade += 10) {
    const films = input.media.filter((m) => m.type === 'Movie' && m.year >= decade && m.year < decade + 10)
    if (films.length === 0) continue
    out.push([
      `editorial|decade|${decade}`,
      `Best of the ${decade}s`,
      `The ${decade}s' most popular films`,
      'media',
      top(films, 20),
    ])
    const credits = new Map<ContributorNode, number>()
    for (const film of films)
      for (const c of film.credits)
        if (c.contribution === 'Cast') credits.set(c.contributor, (credits.get(c.contributor) ?? 0) + 1)
    contributorPlaces ??= new Map(input.contributors.map((c, i) => [c, i]))
    const places = contributorPlaces
    const stars = firstOf(credits, 12).map((c) => places.get(c) ?? -1)
    out.push([
      `editorial|stars|${decade}`,
      `Stars of the ${decade}s`,
      `Actors with the most films of the ${decade}s in the catalog`,
      'contributors',
      stars,
    ])
  }
  for (const person of input.contributors) {
    const directed = person.credits.filter((c) => c.contribution === 'Director').map((c) => c.media)
    if (directed.length < 6) continue
    const items = [...directed].sort((a, b) => a.releaseDate - b.releaseDate || byMhid(a, b))
    out.push([
      `editorial|director|${person.mhid}`,
      `Directed by ${person.name}`,
      `Films of ${person.name} in release order`,
      'media',
      placesOf(items),
    ])
  }
  out.push([
    'editorial|genres',
    'Every genre',
    'One collection per genre',
    'editorial',
    genres.map((_, i) => i),
  ])
  return out
}

/** The editorial collections of a plan (by default the catalog's, planned here), owned by the editors. */
export function editorialCollections(
  input: {
    media: readonly MediaNode[]
    contributors: readonly ContributorNode[]
    traits: readonly TraitNode[]
  },
  editors: UserNode,
  plan: readonly EditorialEntry[] = planEditorial(input),
): CollectionNode[] {
  const open = { permissions: 'public' as const, published: true }
  const out: CollectionNode[] = []
  for (const [key, name, description, from, places] of plan) {
    const list: readonly GraphNode[] =
      from === 'media' ? input.media : from === 'contributors' ? input.contributors : out
    const items = places.map((at) => {
      const item = list[at]
      // A plan names places in this catalog's lists (a checked index or planEditorial): anything else is a bug.
      if (item === undefined) throw new Error(`editorial collections: ${key} names no item at ${at}`)
      return item
    })
    out.push(collection(editors, key, name, description, 'custom', items, open))
  }
  return out
}

/**
 * A user's own collections, made from their plan (tastes.ts: drawn from `collections|<username>`, or the
 * catalog index's row for a synthetic user): favourites when planned, the wish list, titles watched and the
 * play queue, in that order.
 *
 * @example
 * const [favourites, wishList] = userCollections(user, plan, graph.media, editorial)
 */
export function userCollections(
  user: UserNode,
  plan: CollectionsPlan,
  media: readonly MediaNode[],
  editorial: readonly CollectionNode[],
): CollectionNode[] {
  const [favourites, wished, wishedEditorial, watched, queue] = plan
  const out: CollectionNode[] = []
  const first = user.name.split(' ')[0] ?? user.name
  const titles = (places: readonly number[]): GraphNode[] => places.map((at) => media[at] as MediaNode)
  if (favourites !== null) {
    const [places, isPublic, published] = favourites
    out.push(
      collection(
        user,
        `user|${user.username}|favourites`,
        `${first}'s favourites`,
        `Titles ${first} keeps coming back to`,
        'custom',
        titles(places),
        { permissions: isPublic ? 'public' : 'private', published },
      ),
    )
  }
  const closed = { permissions: 'private' as const, published: false }
  const wish = titles(wished)
  for (const at of wishedEditorial) wish.push(editorial[at] as CollectionNode)
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
      titles(watched),
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
      titles(queue),
      closed,
    ),
  )
  return out
}

/**
 * The `n` people with the most credits, then by mhid: the first `n` of sorting every entry by that order (it is
 * total, mhids being unique), kept in one pass: a decade's cast is thousands of people, for twelve.
 */
export function firstOf(credits: ReadonlyMap<ContributorNode, number>, n: number): ContributorNode[] {
  const best: [ContributorNode, number][] = []
  const before = ([a, x]: [ContributorNode, number], [b, y]: [ContributorNode, number]): boolean =>
    x > y || (x === y && byMhid(a, b) < 0)
  for (const entry of credits) {
    if (best.length === n && !before(entry, best[n - 1] as [ContributorNode, number])) continue
    let at = Math.min(best.length, n - 1)
    if (best.length < n) best.push(entry)
    // Moved down past every kept entry that it comes before.
    while (at > 0 && before(entry, best[at - 1] as [ContributorNode, number])) {
      best[at] = best[at - 1] as [ContributorNode, number]
      at--
    }
    best[at] = entry
  }
  return best.map(([c]) => c)
}
