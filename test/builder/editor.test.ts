// What the editor shows a user of the builder, through the TypeScript language service on an in-memory file
// (test/support/language-service.ts): completions of component names, signature help, and type errors that
// read as sentences.
import { describe, expect, test } from 'vitest'
import { completionsAt, signatureAt, typeErrors } from '../support/language-service'

const imports = `import { hql, returnType, primaryImage, keyContributors } from 'hql'\n`
const movies = `hql.explore().filter(returnType.eq('Movie'))`

// The catalogue's components of a media type, and of a Contributor (src/model/components.ts).
const mediaComponents = [
  'collections',
  'contributors',
  'images',
  'keyContributors',
  'keySuitabilities',
  'keyTraits',
  'primaryGroup',
  'primaryImage',
  'primaryName',
  'secondaryImage',
  'socialMetrics',
  'sources',
  'userSocial',
]
const contributorComponents = [
  'collections',
  'contributions',
  'followers',
  'images',
  'likers',
  'primaryImage',
  'primaryName',
  'secondaryImage',
  'socialMetrics',
  'userSocial',
]

describe('completing component names', { timeout: 60_000 }, () => {
  test("after .with(' the editor offers exactly the components of the query's types", () => {
    expect(completionsAt(`${imports}${movies}.with('/*|*/')`).sort()).toEqual(mediaComponents)
  })

  test('after a first component, the second name completes the same way', () => {
    expect(completionsAt(`${imports}${movies}.with(primaryImage, '/*|*/')`).sort()).toEqual(mediaComponents)
  })

  test("inside keyContributors(' it offers the components of a Contributor", () => {
    expect(completionsAt(`${imports}${movies}.with(keyContributors('/*|*/'))`).sort()).toEqual(
      contributorComponents,
    )
  })

  test('a lookup completes the components of the types its ids name', () => {
    expect(completionsAt(`${imports}hql.lookup('mhsrc-netflix').with('/*|*/')`).sort()).toEqual([
      'allMediums',
      'allSubscriptions',
      'primaryImage',
      'primaryName',
      'secondaryImage',
      'socialMetrics',
      'userSocial',
    ])
  })
})

describe('signature help of .with', { timeout: 60_000 }, () => {
  test('names the parameter and its components, never any', () => {
    const help = signatureAt(`${imports}${movies}.with('primaryImage', /*|*/)`)
    expect(help).toContain('with(')
    expect(help).toContain('"primaryImage"')
    expect(help).not.toMatch(/\bany\b/)
  })
})

describe('type errors of component names', { timeout: 60_000 }, () => {
  test('a name that does not apply reads as a sentence, top-level and nested', () => {
    expect(typeErrors(`${imports}${movies}.with('allSubscriptions', keyContributors('allMediums'))`)).toEqual(
      [
        `Argument of type '"allSubscriptions"' is not assignable to parameter of type '"component 'allSubscriptions' does not apply to Movie"'.`,
        `Argument of type '"allMediums"' is not assignable to parameter of type '"component 'allMediums' does not apply to Contributor"'.`,
      ],
    )
  })

  test('the page size before nesting type-checks', () => {
    expect(typeErrors(`${imports}${movies}.with(keyContributors.pageSize(3)(primaryImage))`)).toEqual([])
  })
})
