import { describe, expect, it } from 'vitest'
import { parseDocument, printDocument } from '../../src/text'

const format = (text: string) => printDocument(parseDocument(text))

describe('formatting keeps every comment on its line', () => {
  it('keeps own-line and trailing comments, and formats to a fixed point', () => {
    const text = `# The catalog of movie queries.

# Movies by a contributor, newest first.
query moviesByContributor($contributor: ContributorId, $size: Int = 20)   # the header
explore   Movie
  # only where they can be bought
  where contributors = $contributor and sources in ["mhsrc-itunes"]  # stores
  order by releaseDate desc
  with primaryImage,
    # a comment inside the list moves above it
    keyContributors { primaryImage }
  page size $size
# after everything
`
    const formatted = format(text)
    expect(formatted).toBe(`# The catalog of movie queries.
# Movies by a contributor, newest first.
query moviesByContributor($contributor: ContributorId, $size: Int = 20)  # the header
explore Movie
  # only where they can be bought
  where contributors = $contributor
    and sources in ["mhsrc-itunes"]  # stores
  order by releaseDate desc
  # a comment inside the list moves above it
  with primaryImage, keyContributors { primaryImage }
  page size $size

# after everything
`)
    expect(format(formatted)).toBe(formatted)
  })

  it('keeps comments between queries with the query they lead', () => {
    const text = 'query a explore\n# about b\nquery b explore Movie # trailing\n'
    expect(format(text)).toBe('query a\nexplore\n\n# about b\nquery b\nexplore Movie  # trailing\n')
  })
})
