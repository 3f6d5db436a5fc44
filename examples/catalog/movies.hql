# Movie queries of the example app. `hql check examples/catalog` checks them;
# `hql generate examples/catalog --out examples/catalog/queries.ts` writes their typed functions.
# A contributor's movies on the big stores, newest first.
query moviesByContributor($contributor: ContributorId, $size: Int = 20)
explore Movie
  where contributors = $contributor
    and sources in ["mhsrc-itunes", "mhsrc-googleplay"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }
  page size $size

# Dramas or war-and-history films, by name.
query dramas($page: Int = 0)
explore Movie
  where (traits = "mhgnr-drama" or traits contains all ["mhgnr-war", "mhgnr-historical"])
  order by name asc
  with keyTraits size 3
  page $page size 10

# Titles like a seed, with a contributor as a lighter second factor.
query similarTo($seed: MediaId, $contributor: ContributorId, $weight: Float = 0.5)
relate Movie to $seed, $contributor weight $weight
  with primaryImage, sources
  page size 10

# Details of given titles.
query details($ids: [Id])
lookup $ids
  with primaryImage, keyContributors size 5 { primaryImage }, keyTraits
