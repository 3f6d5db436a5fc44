// The texts the text benches parse: a catalog of named HQL queries and a GraphQL document of the same size
// and the same queries, as near as GraphQL can say them.

/** A catalog of named queries with parameters, `size` characters or a little more. */
export function hqlCatalog(size: number): string {
  const parts: string[] = []
  // The length is kept as it grows: joining at every step would make a 1 MB catalog quadratic to build.
  for (let i = 0, length = 0; length < size; i++, length += (parts.at(-1)?.length ?? 0) + 1)
    parts.push(`# Query ${i}: a contributor's titles on given stores.
query byContributor${i}($contributor: ContributorId, $size: Int = ${10 + (i % 40)})
explore Movie
  where contributors = $contributor
    and sources in ["mhsrc-itunes", "mhsrc-googleplay"]
    and (traits = "mhgnr-drama" or traits contains all ["mhgnr-war", "mhgnr-historical"])
  order by releaseDate desc, name
  with primaryImage, keyContributors size 5 { primaryImage }, keyTraits
  page size $size
`)
  return parts.join('\n')
}

export function graphqlDocument(size: number): string {
  const parts: string[] = []
  // The length is kept as it grows: joining at every step would make a 1 MB catalog quadratic to build.
  for (let i = 0, length = 0; length < size; i++, length += (parts.at(-1)?.length ?? 0) + 1)
    parts.push(`# Query ${i}: a contributor's titles on given stores.
query byContributor${i}($contributor: ID!, $size: Int = ${10 + (i % 40)}) {
  movies(contributor: $contributor, sources: ["mhsrc-itunes", "mhsrc-googleplay"], traits: { anyOf: ["mhgnr-drama"], allOf: ["mhgnr-war", "mhgnr-historical"] }, sort: [RELEASE_DATE_DESC, NAME], first: $size) {
    mhid name primaryImage { url } keyContributors(first: 5) { name primaryImage { url } } keyTraits { name }
  }
}
`)
  return parts.join('\n')
}
