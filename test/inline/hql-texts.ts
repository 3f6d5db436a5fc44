// The queries of the repository's .hql files as literals, for hqlText (equivalence.test.ts checks they are
// the files' text, definition by definition: change a .hql file and this one with it).

/** The queries of examples/catalog/*.hql, by name. */
export const catalogTexts = {
  home: 'query home($liked: [MediaId])\nsilos for $liked\n  where returnType in [Movie, ShowSeries]\n  silo RecommendedForYou(name: "For you") at [0]\n  silo BasedOnItem(nameGenerator: "Because you liked $1") probability 0.5\n  silo Explore(name: "Popular dramas") probability 0.3\n    where traits = "mhgnr-drama"\n  silo Collection(name: "Essential westerns", id: "mhcol-essential-western") at [3]\n  with primaryImage\n  page size 6\n  silo size 12',
  moviesByContributor:
    'query moviesByContributor($contributor: ContributorId, $size: Int = 20)\nexplore Movie\n  where contributors = $contributor\n    and sources in ["mhsrc-itunes", "mhsrc-googleplay"]\n  order by releaseDate desc\n  with primaryImage, keyContributors { primaryImage }\n  page size $size',
  dramas:
    'query dramas($page: Int = 0)\nexplore Movie\n  where (traits = "mhgnr-drama" or traits contains all ["mhgnr-war", "mhgnr-historical"])\n  order by name asc\n  with keyTraits size 3\n  page $page size 10',
  similarTo:
    'query similarTo($seed: MediaId, $contributor: ContributorId, $weight: Float = 0.5)\nrelate Movie to $seed, $contributor weight $weight\n  with primaryImage, sources\n  page size 10',
  details:
    'query details($ids: [Id])\nlookup $ids\n  with primaryImage, keyContributors size 5 { primaryImage }, keyTraits',
} as const

/** The queries of grammar/examples/*.hql, by name. */
export const grammarTexts = {
  moviesByContributor:
    'query moviesByContributor($contributor: ContributorId, $size: Int = 20)\nexplore Movie\n  where contributors = $contributor\n    and sources in ["mhsrc-itunes", "mhsrc-googleplay"]\n  order by releaseDate desc\n  with primaryImage, keyContributors { primaryImage }\n  page size $size',
  operators:
    'query operators\nexplore\n  where returnType in [Movie, ShowSeries]\n    and contributors != "mhric-steve-buscemi"\n    and (traits contains all ["mhgnr-war", "mhgnr-historical"] or (traits = "mhgnr-drama" or traits = "mhgnr-noir"))\n    and collections = "mhcol-essential-western"\n  order by popularity desc, name asc\n  with none',
  sorts:
    'query sorts($ids: [Id])\nexplore Contributor\n  where contributorsOf = "mhmov-gladiator"\n  order by idsOrder $ids, collectionOrder asc, likeOrder desc, followOrder, random, releaseDate\n  with primaryImage, contributions size 5 { primaryImage, keyTraits size 2 }\n  page 1 size 50',
  similar:
    'query similar($seed: MediaId, $boost: Boolean = true)\nrelate Movie to $seed, "mhric-russell-crowe" weight 0.5, "mhals-current-user" weight 0.1 boost only $boost\n  where sources = "mhsrc-netflix"\n  with primaryImage, sources\n  page 0 size 10',
  anything: 'query anything\nrelate to "mhmov-gladiator" boost only false\n  where none',
  details:
    'query details\nlookup "mhmov-gladiator", "mhmovPeR81SeVnIPqEFsr36NYUqfqHuXzO9lDuQkq72G", "iTunes:Movie:569220589"\n  with primaryImage, images {}, keyContributors size 5 { primaryImage, contributions size 3 }\n  page size 3',
  home: 'query home($liked: [MediaId], $title: String = "Because you liked $1")\nsilos for $liked\n  where returnType in [Movie, ShowSeries]\n  silo RecommendedForYou(name: "For you") at [0, 4]\n  silo BasedOnItem(nameGenerator: $title) probability 0.5\n  silo Explore(name: "Popular dramas") probability 0.3\n    where traits = "mhgnr-drama"\n      and sources in ["mhsrc-netflix", "mhsrc-hulu"]\n  silo GraphLens\n  silo ExploreGraphLens(nameGenerator: "More $1")\n  silo Content(name: "Picks \\"of the week\\"", ids: ["mhmov-gladiator", "mhmov-se7en"]) at [2]\n  silo Collection(name: "Essential westerns", id: "mhcol-essential-western")\n  with primaryImage, keyTraits\n  page size 6\n  silo size 12',
} as const
