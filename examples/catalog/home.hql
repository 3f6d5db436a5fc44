# The home screen: carousels seeded by what the user liked.
query home($liked: [MediaId])
silos for $liked
  where returnType in [Movie, ShowSeries]
  silo RecommendedForYou(name: "For you") at [0]
  silo BasedOnItem(nameGenerator: "Because you liked $1") probability 0.5
  silo Explore(name: "Popular dramas") probability 0.3
    where traits = "mhgnr-drama"
  silo Collection(name: "Essential westerns", id: "mhcol-essential-western") at [3]
  with primaryImage
  page size 6
  silo size 12
