# A contributor's movies on the big stores, newest first.
query moviesByContributor($contributor: ContributorId, $size: Int = 20)
explore Movie
  where contributors = $contributor
    and sources in ["mhsrc-itunes", "mhsrc-googleplay"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }
  page size $size

# Every operator: =, !=, in, contains all, and or-groups that nest.
query operators
explore
  where returnType in [Movie, ShowSeries]
    and contributors != "mhric-steve-buscemi"
    and (traits contains all ["mhgnr-war", "mhgnr-historical"] or (traits = "mhgnr-drama" or traits = "mhgnr-noir"))
    and collections = "mhcol-essential-western"
  order by popularity desc, name asc
  with none

# Every sort type.
query sorts($ids: [Id])
explore Contributor
  where contributorsOf = "mhmov-gladiator"
  order by idsOrder $ids, collectionOrder asc, likeOrder desc, followOrder, random, releaseDate
  with primaryImage, contributions size 5 { primaryImage, keyTraits size 2 }
  page 1 size 50
