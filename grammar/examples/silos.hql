# The home screen: carousels seeded by what the user liked.
query home($liked: [MediaId], $title: String = "Because you liked $1")
silos for $liked
  where returnType in [Movie, ShowSeries]
  silo RecommendedForYou(name: "For you") at [0, 4]
  silo BasedOnItem(nameGenerator: $title) probability 0.5
  silo Explore(name: "Popular dramas") probability 0.3
    where traits = "mhgnr-drama"
      and sources in ["mhsrc-netflix", "mhsrc-hulu"]
  silo GraphLens
  silo ExploreGraphLens(nameGenerator: "More $1")
  silo Content(name: "Picks \"of the week\"", ids: ["mhmov-gladiator", "mhmov-se7en"]) at [2]
  silo Collection(name: "Essential westerns", id: "mhcol-essential-western")
  with primaryImage, keyTraits
  page size 6
  silo size 12
