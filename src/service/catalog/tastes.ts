import type { ContributorNode, MediaNode } from '../graph/entities'
import { randomFrom, shuffled } from './prng'
import { uniformFrom, WeightedPicker } from './weighted'

/**
 * What a user's own seeded draws (`tastes|<username>`, `collections|<username>`) pick from the catalog, as places
 * in its lists: the titles they like and dislike (in `media`), the people they follow and the further people they
 * like (in `contributors`, drawn from the cast of the liked titles, weighted by credits), the stores or services
 * they like (in the sources, SOURCE_SPECS order), and their own collections' items ({@link CollectionsPlan}).
 * Nothing but the username and the catalog decides it, so the shipped catalog carries the rows of the users the
 * service makes itself, the demo user and the synthetic ones (catalog-index.ts): deriving them was most of a fresh
 * start-up's social synthesis (~20,000 weighted draws and a picker per user).
 */
export type TasteRow = readonly [
  username: string,
  likes: readonly number[],
  dislikes: readonly number[],
  follows: readonly number[],
  castLikes: readonly number[],
  sources: readonly number[],
  collections: CollectionsPlan,
]

/**
 * A user's own collections, as places: favourites (some users: liked titles, and whether the list is public and
 * published), the wish list (titles, then editorial collections: places in the editorial plan), titles watched
 * (liked ones) and the play queue (titles neither liked nor wished for).
 */
export type CollectionsPlan = readonly [
  favourites: readonly [places: readonly number[], isPublic: boolean, published: boolean] | null,
  wishes: readonly number[],
  wishedEditorial: readonly number[],
  watched: readonly number[],
  queue: readonly number[],
]

/** The catalog the draws read: titles with their data's popularity signal, people with their credits. */
export interface TasteCatalog {
  readonly media: readonly MediaNode[]
  readonly contributors: readonly ContributorNode[]
  readonly sourceCount: number
  /** The editorial collections (some wish lists hold one or two). */
  readonly editorialCount: number
}

/**
 * Derives users' {@link TasteRow}s from a catalog; the pickers are made on the first user and shared by all.
 *
 * @example
 * const tastesOf = tasteDeriver({ media, contributors, sourceCount: 10 })
 * const [, likes] = tastesOf('ada.abbott.0') // places in media, most liked titles most likely
 */
export function tasteDeriver(catalog: TasteCatalog): (username: string) => TasteRow {
  const { media, contributors } = catalog
  const titlePlaces = Array.from(media, (_, i) => i)
  // Tastes: popularity squared, so the head of the catalog is liked much more often than the tail.
  const tastes = new WeightedPicker(titlePlaces, (at) => {
    const m = media[at] as MediaNode
    return 0.05 + m.popularity * m.popularity
  })
  // Dislikes: any title, each as likely; one picker for every user.
  const anyTitle = new WeightedPicker(titlePlaces, () => 1)
  // Wishes: popularity, less steeply than tastes.
  const wishes = new WeightedPicker(titlePlaces, (at) => 0.05 + (media[at] as MediaNode).popularity)
  const editorialPlaces = Array.from({ length: catalog.editorialCount }, (_, i) => i)
  const sourcePlaces = Array.from({ length: catalog.sourceCount }, (_, i) => i)
  const castPositions = creditPositions(contributors)
  const seenAt = new Int32Array(contributors.length)
  // Each person's weight (their credits), by position: read per credit of every like below, from one typed
  // array rather than from ~9,000 contributor objects and their credit lists.
  const creditCounts = new Int32Array(contributors.length)
  for (let i = 0; i < contributors.length; i++)
    creditCounts[i] = (contributors[i] as ContributorNode).credits.length
  let stamp = 0
  return (username) => {
    const random = randomFrom(`tastes|${username}`)
    const likes = tastes.sample(random.int(12, 60), random)
    const dislikes = anyTitle.sample(random.int(0, 3), random, new Set(likes))
    // The cast of the liked titles, each person once, in order of first appearance. This runs for every credit
    // of every like: positions marked with the user's stamp, where a Set per user hashed each contributor.
    stamp++
    const cast: number[] = []
    for (let l = 0; l < likes.length; l++) {
      const positions = castPositions(media[likes[l] as number] as MediaNode)
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
    const follows = castOfLikes.sample(random.int(2, 10), random)
    const castLikes = castOfLikes.sample(random.int(0, 4), random).filter((at) => !follows.includes(at))
    const sources = uniformFrom(sourcePlaces, random.int(0, 2), random)
    return [username, likes, dislikes, follows, castLikes, sources, planCollections(username, likes)]
  }

  function planCollections(username: string, likes: readonly number[]): CollectionsPlan {
    const random = randomFrom(`collections|${username}`)
    // The draws in this order: each one reads the generator where the one before left it.
    let favourites: CollectionsPlan[0] = null
    if (random.chance(0.3) && likes.length >= 8) {
      const places = shuffled(likes, random).slice(0, random.int(8, 15))
      const isPublic = random.chance(0.7)
      favourites = [places, isPublic, random.chance(0.8)]
    }
    const liked = new Set(likes)
    const wished = wishes.sample(random.int(4, 12), random, liked)
    const wishedEditorial = random.chance(0.4) ? uniformFrom(editorialPlaces, random.int(1, 2), random) : []
    const watched = shuffled(likes, random).slice(0, random.int(3, 10))
    const queue = wishes.sample(random.int(0, 5), random, new Set([...liked, ...wished]))
    return [favourites, wished, wishedEditorial, watched, queue]
  }
}

/**
 * Per title, the positions in `contributors` of its credits' people (in credit order), made on first ask:
 * only liked titles are asked for, and each of them many times.
 */
function creditPositions(contributors: readonly ContributorNode[]): (media: MediaNode) => Int32Array {
  const positionOf = new Map<ContributorNode, number>()
  for (let i = 0; i < contributors.length; i++) positionOf.set(contributors[i] as ContributorNode, i)
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
