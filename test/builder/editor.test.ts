// What the editor shows a user of the builder, through the TypeScript language service on an in-memory file
// (test/support/language-service.ts): completions of component names, signature help, and type errors that
// read as sentences.
import { describe, expect, test } from 'vitest'
import { completionsAt, hoverAt, signatureAt, typeErrors } from '../support/language-service'

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

describe('completing component names', () => {
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

describe('completing type names', () => {
  // The types returnType takes (src/model/ids.ts returnTypeNames), in its order.
  const returnTypes = [
    'Movie',
    'ShowSeries',
    'ShowSeason',
    'ShowEpisode',
    'MusicVideo',
    'Special',
    'Trailer',
    'MHGraphGroup',
    'Contributor',
    'User',
    'Trait',
    'Source',
    'Collection',
  ]

  // The refused names are written as sentences; while a name is written (empty, or the start of a name), the
  // editor still offers exactly the names, never a sentence.
  test.each([`returnType.eq('/*|*/')`, `returnType.eq('Mo/*|*/')`, `returnType.in('Movie', '/*|*/')`])(
    'inside %s it offers exactly the types returnType takes',
    (call) => {
      expect(completionsAt(`${imports}hql.explore().filter(${call})`)).toEqual(returnTypes)
    },
  )
})

describe('signature help of .with', () => {
  test('names the parameter and its components, never any', () => {
    const help = signatureAt(`${imports}${movies}.with('primaryImage', /*|*/)`)
    expect(help).toContain('with(')
    expect(help).toContain('"primaryImage"')
    expect(help).not.toMatch(/\bany\b/)
  })

  test('before the first argument, names what may come, not an empty list', () => {
    const help = signatureAt(`${imports}${movies}.with(/*|*/)`)
    expect(help).toMatch(/^with\(\.\.\.components: /)
    expect(help).toContain('ComponentSpec<MediaComponents')
    expect(help).not.toMatch(/\bany\b/)
  })
})

describe('type errors of component names', () => {
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

describe('hovers show fields, not helper types', () => {
  // The helpers the result types are computed with; none may appear where a user hovers on a result.
  const helpers =
    /\b(Item|ListResult|SilosResult|PairOf|Pair|Shaped|ComponentFields|Fields|TypedObjects?|ObjectOf|Checker|PagedList|ComponentSpec|Nesting|ListComponentSpec)\b/

  test("the quickstart result's item lists its fields at every depth", () => {
    const hover =
      hoverAt(`import { hql, returnType, contributors, releaseDate, primaryImage, keyContributors } from 'hql'
import type { ResultOf } from 'hql'
const q = hql
  .explore()
  .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)
declare const result: ResultOf<typeof q>
const mo/*|*/vie = result.content[0]`)
    // Every level, down to the key contributors' relationships: TypeScript elides a nested object as `{ ...; }`
    // once a hover grows past its length, so an image (nine fields, five renditions) is named `Image`.
    for (const field of [
      'object',
      'releaseDate',
      'primaryImage',
      'keyContributors',
      'content',
      'relationships',
      'contribution',
      'pagingInfo',
    ])
      expect(hover).toContain(`${field}`)
    expect(hover).toContain('mhid: `mhmov${string}`')
    expect(hover).toContain('readonly object: Image;')
    expect(hover).not.toContain('...')
    expect(hover).not.toMatch(helpers)
  })

  test('an image lists its fields, and its renditions theirs, when the hover is expanded', () => {
    const snippet = `import { hql, returnType, primaryImage } from 'hql'
import type { ResultOf } from 'hql'
const q = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
declare const result: ResultOf<typeof q>
const ima/*|*/ge = result.content[0]!.object.primaryImage.object`
    expect(hoverAt(snippet)).toBe('const image: Image')
    const once = hoverAt(snippet, 1)
    for (const field of [
      'mhid: `mhimg${string}`',
      'isDefault: boolean',
      'original: Rendition',
      'large: Rendition',
    ])
      expect(once).toContain(field)
    expect(hoverAt(snippet, 2)).toContain('url: string')
  })

  test('the whole result, and a page the client answers, list their fields', () => {
    const query = `import { hql, returnType, primaryImage, keyContributors, silo } from 'hql'
import type { Client, ResultOf } from 'hql'
const q = hql.explore().filter(returnType.eq('Movie')).with(primaryImage, keyContributors(primaryImage))
declare const client: Client
`
    // Each hover showed the helper the query type named its result with: `ListResult<"Movie", …>`.
    const whole = hoverAt(`${query}declare const res/*|*/ult: ResultOf<typeof q>`)
    const page = hoverAt(
      `${query}export async function f() { const pa/*|*/ge = await client.run(q); return page }`,
    )
    for (const hover of [whole, page]) {
      for (const field of ['content', 'pagingInfo', 'object', 'mhid', 'primaryImage', 'keyContributors'])
        expect(hover).toContain(field)
      expect(hover).not.toMatch(helpers)
    }
    const silos = hoverAt(`${query}const s = hql.silos(silo.explore()).with(primaryImage)
declare const res/*|*/ult: ResultOf<typeof s>`)
    for (const field of ['silos', 'title', 'content', 'primaryImage']) expect(silos).toContain(field)
    expect(silos).not.toMatch(helpers)
  })

  // Issue 31: a context's sorting showed as `{ readonly position: number; } & {}`; only the open strings'
  // `(string & {})` (which keeps the known values completing) may remain.
  test('the contexts of component pairs show no `& {}`', () => {
    const query = `import { hql, returnType, primaryImage, keyContributors, contributions, sources } from 'hql'
import type { ResultOf } from 'hql'
const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(contributions), sources)
declare const result: ResultOf<typeof q>
const object = result.content[0]!.object
`
    const hovers = [
      hoverAt(`${query}const con/*|*/text = object.keyContributors.content[0]!.context`),
      hoverAt(
        `${query}const con/*|*/text = object.keyContributors.content[0]!.object.contributions.content[0]!.context`,
      ),
      hoverAt(`${query}const con/*|*/text = object.sources.content[0]!.context`),
    ]
    for (const hover of hovers) {
      expect(hover).toContain('readonly sorting?: {')
      expect(hover.replaceAll('(string & {})', '')).not.toContain('& {}')
    }
  })

  test("a nested list's hover lists its items' fields", () => {
    const hover = hoverAt(`import { hql, returnType, primaryImage, keyContributors } from 'hql'
import type { ResultOf } from 'hql'
const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors('primaryImage'))
declare const result: ResultOf<typeof q>
const cast/*|*/ = result.content[0]!.object.keyContributors`)
    for (const field of ['content', 'pagingInfo', 'primaryImage', 'object: Image', 'mhid'])
      expect(hover).toContain(field)
    expect(hover).not.toMatch(helpers)
  })
})

// Each mistake of the list in docs/result-types.md ("What the types refuse"), compiled: the error names it.
describe('every mistake in the docs reads as a sentence', () => {
  const mistakes: [mistake: string, code: string, message: string][] = [
    [
      'a component on a type it does not apply to',
      `hql.explore().filter(returnType.eq('Movie')).with(allSubscriptions)`,
      `"component 'allSubscriptions' does not apply to Movie"`,
    ],
    [
      'a component by name on a type it does not apply to',
      `hql.explore().filter(returnType.eq('Movie')).with('allSubscriptions')`,
      `"component 'allSubscriptions' does not apply to Movie"`,
    ],
    [
      'narrowing returnType after .with() so that a component applies to none of them',
      `hql.explore().with(primaryImage, allSubscriptions).filter(returnType.eq('Movie'))`,
      `"component 'allSubscriptions' does not apply to Movie"`,
    ],
    [
      'nesting deeper than maxComponentDepth',
      `keyContributors(contributions(keyContributors(contributions(keyContributors(primaryImage)))))`,
      `"component 'contributions' nests deeper than 5 levels (components nest at most 5 levels deep)"`,
    ],
    [
      'an id literal the rule refuses',
      `hql.lookup('mhmovABC')`,
      `"'mhmovABC' is not an id: expected prefix-slug (an altId), an mhid (prefix and 39 letters or digits), or Source:Type:id"`,
    ],
    [
      'an id literal of the wrong type for its filter',
      `hql.explore().filter(contributors.eq('mhmov-gladiator'))`,
      `"'mhmov-gladiator' is the wrong type of id here (its prefix names another type)"`,
    ],
    [
      'an id literal of the wrong type for its factor',
      `hql.relate('mhsrc-netflix')`,
      `"'mhsrc-netflix' is the wrong type of id here (its prefix names another type)"`,
    ],
    [
      'an id literal of the wrong type for a Collection blueprint',
      `silo.collection({ id: 'mhmov-gladiator' })`,
      `"'mhmov-gladiator' is the wrong type of id here (its prefix names another type)"`,
    ],
    [
      'returnType of Subscription',
      `hql.explore().filter(returnType.eq('Subscription'))`,
      `"'Subscription' cannot be retrieved on its own (ask for it as a component of what owns it)"`,
    ],
    [
      'returnType of Image, among other types',
      `hql.explore().filter(returnType.in('Movie', 'Image'))`,
      `"'Image' cannot be retrieved on its own (ask for it as a component of what owns it)"`,
    ],
    [
      'returnType of a name that is no type',
      `hql.explore().filter(returnType.ne('Movei'))`,
      `"'Movei' is not a type returnType can ask for"`,
    ],
    [
      'a component an earlier .with() added',
      `hql.explore().filter(returnType.eq('Movie')).with(primaryImage).with(primaryImage)`,
      `"component 'primaryImage' is requested twice at this level"`,
    ],
    [
      'positions with probability',
      `silo.explore({ positions: [0], probability: 0.5 })`,
      `"positions and probability cannot be combined: choose fixed positions or a probability"`,
    ],
  ]
  const imports = `import { hql, returnType, primaryImage, keyContributors, contributions, contributors, allSubscriptions, silo } from 'hql'\n`

  test.each(mistakes)('%s', (_, code, message) => {
    const errors = typeErrors(`${imports}${code}`)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(message)
  })
})

// A hand-written fixture that misses fields: the error names them, never the checker helpers behind the type.
describe('type errors of fixtures', () => {
  test('a fixture missing default fields names the missing fields', () => {
    const errors = typeErrors(`import { hql, returnType } from 'hql'
import { fixture } from 'hql/testing'
fixture(hql.explore().filter(returnType.eq('Movie')), {
  content: [{ object: { mhid: 'mhmov-x', name: 'X' }, context: {} }],
  pagingInfo: { next: null },
})`)
    expect(errors).toHaveLength(1)
    for (const field of ['altId', 'releaseDate']) expect(errors[0]).toContain(field)
    expect(errors[0]).not.toMatch(/\b(ObjectOf|Checker|Infer|Shaped|ComponentFields|PairOf|Pair)\b/)
  })
})
