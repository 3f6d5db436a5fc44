import type {
  ContributorNode,
  GraphNode,
  ImageNode,
  MediaNode,
  SourceNode,
  TraitNode,
} from '../graph/entities'
import { contributorsOf } from './contributors'
import { episodicOf } from './episodes'
import { genreTraits, listTitlesByTrait } from './genres'
import { addMovies, addSeries, movieRows, noTitles } from './media'
import { planOffers, synthesizeOffers } from './offers'
import { scorePopularity } from './popularity'
import { derivePeople, type CatalogIndex } from './catalog-index'
import { planEditorial } from './collections'
import type { RawCatalog } from './raw'
import { synthesizeSocial, serviceUsersTastes, type SocialGraph, type UserSeed } from './social'
import { SOURCE_SPECS } from './sources'

export { emptySocial } from './empty-social'

/** Everything the graph index is built from. */
export interface BuiltCatalog extends SocialGraph {
  /** The titles: films and series (what offers, social links, collections and recommendations are made of). */
  readonly media: MediaNode[]
  /** The seasons and episodes of series (episodes.ts): looked up and explored, never recommended. */
  readonly episodic: MediaNode[]
  readonly contributors: ContributorNode[]
  readonly traits: TraitNode[]
  readonly sources: SourceNode[]
  readonly images: ImageNode[]
}

/**
 * Builds the graph from the raw catalog. Deterministic: the same catalog gives the same graph. The steps run
 * in this order because each reads what the one before made (films credit the contributors, offers and
 * social links need every title, popularity needs the social links). `index` is the catalog's own, checked
 * against its files (catalog/load.ts): the films' people, the titles' ids and signal, the editorial plan and the
 * offers without deriving them.
 */
export function buildCatalog(
  raw: RawCatalog,
  users: readonly UserSeed[],
  index?: CatalogIndex,
): BuiltCatalog {
  const { media, episodic, contributors, byGenre, images, rawOf } = titlesOf(raw, index)
  const traits = [...byGenre.values()]
  const sources = synthesizeOffers(media, rawOf, index?.offers)
  const social = synthesizeSocial({
    media,
    contributors,
    traits,
    sources,
    users,
    editorial: index?.editorial,
    tastes: index?.tastes,
  })
  const others: GraphNode[] = [...contributors, ...traits, ...sources]
  scorePopularity(media, contributors, others, social)

  return { media, episodic: episodic.nodes, contributors, traits, sources, images, ...social }
}

/** The {@link CatalogIndex} of a catalog, but for its seal (which covers the index's text: catalog/load.ts). */
export function deriveCatalogIndex(raw: RawCatalog): Omit<CatalogIndex, 'catalog'> {
  const { media, contributors, byGenre, rawOf, titleRows, peopleRows } = titlesOf(raw)
  const editorial = planEditorial({ media, contributors, traits: [...byGenre.values()] })
  return {
    people: peopleRows.people,
    credits: peopleRows.credits,
    titles: titleRows,
    editorial,
    offers: planOffers(media, rawOf),
    tastes: serviceUsersTastes({
      media,
      contributors,
      sourceCount: SOURCE_SPECS.length,
      editorialCount: editorial.length,
    }),
  }
}

/**
 * The titles, their people and traits, before anything synthetic: what the catalog's files alone decide, read
 * from the catalog's index when it has one (catalog/load.ts), else derived.
 */
function titlesOf(raw: RawCatalog, index?: CatalogIndex) {
  const peopleRows = index ?? derivePeople(raw)
  const { persons, contributors } = contributorsOf(peopleRows)
  const byGenre = genreTraits(raw)
  const titles = noTitles()
  const films = raw.movies.length
  const filmRows =
    'titles' in peopleRows
      ? peopleRows.titles.slice(0, films)
      : movieRows(raw.movies, persons, peopleRows.spellings)
  addMovies(raw.movies, persons, peopleRows.credits, byGenre, titles, filmRows)
  const titleRows = [...filmRows, ...addSeries(raw.series, byGenre, titles, index?.titles.slice(films))]
  const { media, images, rawOf } = titles
  // The series are the titles after the films (addSeries follows addMovies).
  const seriesByKey = new Map<string, MediaNode>()
  for (let i = films; i < media.length; i++)
    seriesByKey.set((media[i] as MediaNode).key, media[i] as MediaNode)
  const episodic = episodicOf(raw.episodes ?? [], seriesByKey)
  images.push(...episodic.images)
  listTitlesByTrait(media)
  return { media, episodic, contributors, byGenre, images, rawOf, titleRows, peopleRows }
}
