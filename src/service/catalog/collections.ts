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
import { randomOf, shuffled } from './prng'
import { uniformFrom, type WeightedPicker } from './weighted'

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
  const random = randomOf('created', key)
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
 * The `n` most popular of some titles (`byPopularity`'s order), with the titles ranked once: each genre and
 * decade then sorts integers natively, where sorting its titles with a comparator was thousands of calls
 * each. The order is the same: `byPopularity` is total (mhids are unique), so any subset keeps its ranks' order.
 */
function topByPopularity(
  media: readonly MediaNode[],
): (titles: readonly MediaNode[], n: number) => MediaNode[] {
  const ranked = [...media].sort(byPopularity)
  const rankOf = new Map(ranked.map((m, i) => [m, i]))
  return (titles, n) => {
    const ranks = Int32Array.from(titles, (m) => rankOf.get(m) ?? -1).sort()
    const out: MediaNode[] = []
    for (const rank of ranks.subarray(0, n)) {
      const title = ranked[rank]
      // Every title listed by a genre or a decade is one of the catalog's: anything else is a bug.
      if (title === undefined) throw new Error('editorial collections: a title outside the catalog')
      out.push(title)
    }
    return out
  }
}

export function editorialCollections(
  input: {
    media: readonly MediaNode[]
    contributors: readonly ContributorNode[]
    traits: readonly TraitNode[]
  },
  editors: UserNode,
): CollectionNode[] {
  const open = { permissions: 'public' as const, published: true }
  const top = topByPopularity(input.media)
  const out: CollectionNode[] = []
  const genreCollections: CollectionNode[] = []
  for (const trait of input.traits) {
    if (trait.media.length < 12) continue
    const items = top(trait.media, 24)
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
        top(films, 20),
        open,
      ),
    )
    const credits = new Map<ContributorNode, number>()
    for (const film of films)
      for (const c of film.credits)
        if (c.contribution === 'Cast') credits.set(c.contributor, (credits.get(c.contributor) ?? 0) + 1)
    const stars = firstOf(credits, 12)
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

export function userCollections(
  user: UserNode,
  wishes: WeightedPicker<MediaNode>,
  editorial: readonly CollectionNode[],
): CollectionNode[] {
  const random = randomOf('collections', user.username)
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
  if (random.chance(0.4)) wish.push(...uniformFrom(editorial, random.int(1, 2), random))
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
