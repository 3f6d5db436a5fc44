// Fragments in HQL text (issue 29): `fragment name on Type { … }` and `...name` spreads compile to the body of
// their components written out, the builder's fragment's too; parse → print → parse is stable; and unknown,
// unused, cyclic and misapplied fragments are reported with file:line:col and a code of their own.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compile,
  fromJSON,
  fragment,
  hql,
  keyContributors,
  primaryImage,
  returnType,
  socialMetrics,
  keyTraits,
  HqlTextError,
} from 'hql'
import type { ObjectTypeName } from 'hql'
import { componentCatalogue } from '../../src/schemas'
import { MadeComponent } from '../../src/model/core'
import type { ComponentRequest } from '../../src/model/core'
import {
  checkDocument,
  makeSource,
  parseDocument,
  parseQuery,
  printDocument,
  printQuery,
  resolveDefinition,
  withGivenFragments,
  checkFragments,
  fragmentsOf,
} from '../../src/text'
import { maxErrorsPerText } from '../../src/text/errors'
import type { ComponentItemNode, DocumentNode, FragmentDefinitionNode } from '../../src/text'
import { requestArbitrary } from './arbitraries'
import { caught } from '../support/caught'

const cards = `fragment personCard on Contributor { primaryImage, socialMetrics }
fragment movieCard on Movie { primaryImage, keyContributors size 3 { ...personCard } }
`

/** The problems `hql check` reports for `text`, as `line:col code`. */
function problems(text: string): string[] {
  const { errors } = checkDocument(makeSource(text, 'cards.hql'), parseDocument(text, 'cards.hql'))
  return errors
    .map((error) => `${error.line}:${error.column} ${error.code}`)
    .sort((a, b) => parseInt(a) - parseInt(b) || a.localeCompare(b))
}

describe('fragments in text', () => {
  it('a spread compiles to the body of its components written out, and of the builder fragment', () => {
    const spread = parseQuery(`${cards}explore Movie with ...movieCard, keyTraits page size 10`)
    const writtenOut = parseQuery(
      'explore Movie with primaryImage, keyContributors size 3 { primaryImage, socialMetrics }, keyTraits page size 10',
    )
    const personCard = fragment('Contributor', primaryImage, socialMetrics)
    const movieCard = fragment('Movie', primaryImage, keyContributors(...personCard).pageSize(3))
    const built = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(...movieCard, keyTraits)
      .pageSize(10)
    expect(compile(spread)).toEqual(compile(writtenOut))
    expect(compile(spread)).toEqual(compile(built))
  })

  it('spreads where a nested list takes components, and among other components', () => {
    const text = `${cards}query person\nlookup "mhmov-gladiator" with keyTraits, keyContributors { ...personCard }`
    expect(compile(parseQuery(text)).body.components).toEqual([
      { name: 'keyTraits' },
      { name: 'keyContributors', components: [{ name: 'primaryImage' }, { name: 'socialMetrics' }] },
    ])
  })

  it('prints fragments in their place with their comments, and reads the print back the same', () => {
    const text = `# the cards
${cards.trimEnd()}  # a card

query movies
explore Movie with ...movieCard page size 10
`
    const printed = printDocument(parseDocument(text))
    expect(printed).toBe(`# the cards
fragment personCard on Contributor { primaryImage, socialMetrics }

fragment movieCard on Movie { primaryImage, keyContributors size 3 { ...personCard } }  # a card

query movies
explore Movie
  with ...movieCard
  page size 10
`)
    expect(printDocument(parseDocument(printed))).toBe(printed)
  })

  it('reports an unknown fragment, with a suggestion, at the spread', () => {
    const text = `${cards}query movies\nexplore Movie with ...moviecard`
    expect(() => parseQuery(text, { source: 'cards.hql' })).toThrow(
      "cards.hql:4:23: unknown fragment 'moviecard'; did you mean 'movieCard'?",
    )
    expect(problems(text)).toContain('4:23 unknown_fragment')
  })

  it('reports a fragment spread where the objects are of none of its type', () => {
    const text = `${cards}query movies\nexplore Movie with ...personCard`
    const error = caught(() => parseQuery(text, { source: 'cards.hql' }), HqlTextError)
    expect([error.code, error.line, error.column]).toEqual(['fragment_not_applicable', 4, 23])
    expect(error.reason).toBe("fragment 'personCard' is on Contributor; the objects here are Movie")
    // Nested: the contributors of a movie take a person card, not a movie card.
    const nested = `${cards}query movies\nexplore Movie with keyContributors { ...movieCard }`
    expect(problems(nested)).toEqual(['4:41 fragment_not_applicable'])
  })

  it('reports cycles, unused and duplicate fragments, unknown types and components that do not apply', () => {
    const text = `fragment a on Movie { primaryImage, ...b }
fragment b on Movie { keyTraits, ...a }
fragment unused on Movie { keyTraits }
fragment typo on Movei { primaryName }
fragment wrong on Movie { contributions }
fragment wrong on Movie { keyTraits }
query one
explore Movie with ...a, ...typo, ...wrong
`
    expect(problems(text)).toEqual([
      '1:40 cyclic_fragment',
      '2:37 cyclic_fragment',
      '3:10 unused_fragment',
      '4:18 unknown_type',
      '5:27 component_not_applicable',
      '6:10 duplicate_fragment',
    ])
    const error = caught(() => parseQuery(text, { source: 'cards.hql' }), HqlTextError)
    expect(error.message).toMatch(/^cards\.hql:\d+:\d+: /)
  })

  it('stops spreads that multiply past the request limits, and chains deeper than it follows', () => {
    // Each fragment spreads the next twice: 2^40 components written out, were nothing to stop it.
    const doubling = Array.from(
      { length: 40 },
      (_, i) => `fragment f${i} on Movie { ...f${i + 1}, ...f${i + 1} }`,
    ).join('\n')
    const text = `${doubling}\nfragment f40 on Movie { primaryImage }\nexplore Movie with ...f0`
    const started = process.memoryUsage().heapUsed
    expect(caught(() => parseQuery(text), HqlTextError).code).toMatch(/^too_many_|duplicate_component/)
    expect(process.memoryUsage().heapUsed - started).toBeLessThan(200_000_000)
    const chain = Array.from({ length: 500 }, (_, i) => `fragment c${i} on Movie { ...c${i + 1} }`).join('\n')
    const deep = `${chain}\nfragment c500 on Movie { primaryImage }\nexplore Movie with ...c0`
    expect(caught(() => parseQuery(deep), HqlTextError).code).toBe('too_deep')
  })

  it('stops a level at its first spread too deep, as at the limits: one too_deep, not one per spread', () => {
    // c63's spreads are both 64 deep: the second is as deep as the first, and saying so again is noise.
    const chain = Array.from({ length: 63 }, (_, i) => `fragment c${i} on Movie { ...c${i + 1} }`)
    const text = [
      ...chain,
      'fragment c63 on Movie { ...c64, ...c65 }',
      'fragment c64 on Movie { primaryImage }',
      'fragment c65 on Movie { keyTraits }',
      'query deep explore Movie with ...c0',
    ].join('\n')
    const document = parseDocument(text)
    const resolved = resolveDefinition(makeSource(text), document.definitions[0]!, {}, fragmentsOf(document))
    expect(resolved.ok ? [] : resolved.errors.map((error) => error.code)).toEqual(['too_deep'])
  })

  it('reports at most maxErrorsPerText problems of fragments that spread one another past 64 levels', () => {
    // Each fragment spreads the one before twice: 4 KB of text made 362,020 problems, each an error with a code
    // frame (9.4 s of the language service's diagnostics on every edit).
    const lines = ['fragment f0 on Movie { primaryImage }']
    for (let i = 1; i < 100; i++) lines.push(`fragment f${i} on Movie { ...f${i - 1}, ...f${i - 1} }`)
    const text = [...lines, 'query q explore Movie with ...f99'].join('\n')
    const document = parseDocument(text)
    const fragmentProblems = checkFragments(document)
    expect(fragmentProblems.length).toBe(maxErrorsPerText)
    const { errors } = checkDocument(makeSource(text), document)
    expect(errors.length).toBe(maxErrorsPerText)
  })

  it('a fragment takes literal values only: a parameter inside one is refused', () => {
    const text = `fragment card on Movie { keyContributors size $n }
query movies($n: Int = 3)
explore Movie with ...card`
    expect(problems(text)).toEqual(['1:47 unknown_parameter', '2:14 unused_parameter'])
    expect(() => parseQuery(text)).toThrow(
      "<query>:1:47: a fragment's values are literals: $n is no parameter of fragment 'card'",
    )
  })
})

describe('fragments given to the text (builder fragments, parseQuery’s fragments option)', () => {
  const personCard = fragment('Contributor', primaryImage, socialMetrics)
  const movieCard = fragment('Movie', primaryImage, keyContributors(...personCard).pageSize(3))

  it('a spread of a given fragment compiles as the builder’s spread, nested ones too', () => {
    const text = parseQuery('explore Movie with ...movieCard, keyTraits page size 10', {
      fragments: { movieCard, personCard },
    })
    const built = hql
      .explore()
      .filter(returnType.eq('Movie'))
      .with(...movieCard, keyTraits)
      .pageSize(10)
    expect(compile(text)).toEqual(compile(built))
    const nested = parseQuery('lookup "mhmov-gladiator" with keyContributors size 3 { ...personCard }', {
      fragments: { personCard },
    })
    expect(compile(nested)).toEqual(compile(hql.lookup('mhmov-gladiator').with(...movieCard.slice(1))))
    // Beside the text's own fragments, which may spread a given one.
    const mixed = parseQuery(
      'fragment movieCard on Movie { primaryImage, keyContributors size 3 { ...personCard } }\nexplore Movie with ...movieCard, keyTraits page size 10',
      { fragments: { personCard } },
    )
    expect(compile(mixed)).toEqual(compile(built))
  })

  it('refuses a spread of a fragment neither given nor defined, with a suggestion, at the spread', () => {
    const error = caught(
      () => parseQuery('explore Movie with ...movieCrd', { fragments: { movieCard } }),
      HqlTextError,
    )
    expect([error.code, error.line, error.column]).toEqual(['unknown_fragment', 1, 23])
    expect(error.reason).toBe("unknown fragment 'movieCrd'; did you mean 'movieCard'?")
  })

  it('refuses a given fragment spread where the objects are of none of its type, once, at the spread', () => {
    const top = caught(() => parseQuery('explore Movie with ...personCard', { fragments: { personCard } }))
    expect(top.message).toBe(
      "<query>:1:23: fragment 'personCard' is on Contributor; the objects here are Movie",
    )
    expect(top.code).toBe('fragment_not_applicable')
    // What the model then says of its components (keyContributors does not apply to Contributor) is that mistake.
    const text = 'explore Movie with keyContributors { ...movieCard }'
    const document = parseDocument(text)
    const resolved = resolveDefinition(
      makeSource(text),
      document.definitions[0]!,
      {},
      withGivenFragments(document, { movieCard }, makeSource(text)),
    )
    expect(resolved.ok ? [] : resolved.errors.map((error) => error.code)).toEqual(['fragment_not_applicable'])
    const nested = caught(() =>
      parseQuery('explore Movie with keyContributors { ...movieCard }', { fragments: { movieCard } }),
    )
    expect([nested.code, nested.message]).toEqual([
      'fragment_not_applicable',
      "<query>:1:41: fragment 'movieCard' is on Movie; the objects here are Contributor",
    ])
  })

  it('places what the model says of a given fragment’s components at its spread', () => {
    const twice = caught(
      () => parseQuery('explore Movie with primaryImage, ...movieCard', { fragments: { movieCard } }),
      HqlTextError,
    )
    expect([twice.code, twice.line, twice.column]).toEqual(['duplicate_component', 1, 37])
    const deep = caught(
      () =>
        parseQuery(
          'explore Movie with keyContributors { contributions { keyContributors { contributions { ...movieCard } } } }',
          { fragments: { movieCard } },
        ),
      HqlTextError,
    )
    expect([deep.code, deep.column]).toEqual(['too_deep', 91])
  })

  it('refuses a value that fragment() did not make, a name the text defines too, and fragments not an object', () => {
    const notMade = caught(() =>
      parseQuery('explore Movie with ...movieCard', { fragments: { movieCard: [primaryImage] } }),
    )
    expect([notMade.code, notMade.path, notMade.message]).toEqual([
      'invalid_argument',
      ['fragments', 'movieCard'],
      "$.fragments.movieCard: 'movieCard' is not a fragment: make it with fragment(type, ...components)",
    ])
    // A copy carries no type: the type is read from what fragment() recorded.
    expect(caught(() => parseQuery('explore Movie', { fragments: { movieCard: [...movieCard] } })).code).toBe(
      'invalid_argument',
    )
    const twice = caught(
      () =>
        parseQuery('fragment movieCard on Movie { keyTraits }\nexplore Movie with ...movieCard', {
          fragments: { movieCard },
        }),
      HqlTextError,
    )
    expect([twice.code, twice.line, twice.column]).toEqual(['duplicate_fragment', 1, 10])
    expect(caught(() => parseQuery('explore Movie', { fragments: [movieCard] as never })).path).toEqual([
      'fragments',
    ])
  })

  it('takes a given fragment no query spreads (one set of cards may be given to every text)', () => {
    const given = { movieCard, personCard, showCard: fragment('ShowSeries', keyTraits) }
    expect(compile(parseQuery('explore Movie with ...movieCard', { fragments: given }))).toEqual(
      compile(
        hql
          .explore()
          .filter(returnType.eq('Movie'))
          .with(...movieCard),
      ),
    )
  })
})

describe('fragments, property-tested', () => {
  // Any request's top components, some of them moved into a fragment on one of its types that they all apply to.
  const withFragment = requestArbitrary
    .filter(({ body }) => (componentsOf(body)?.length ?? 0) > 0)
    .chain(({ endpoint, body }) => {
      const count = (componentsOf(body) as unknown[]).length
      return fc.record({
        endpoint: fc.constant(endpoint),
        body: fc.constant(body),
        from: fc.nat({ max: count - 1 }),
        to: fc.integer({ min: 1, max: count }),
      })
    })

  it('a document spreading a fragment (its own, or the builder’s given) compiles as the request, and prints back the same', () => {
    fc.assert(
      fc.property(withFragment, ({ endpoint, body, from, to }) => {
        const query = fromJSON(endpoint, body)
        const types = (query as unknown as { types: readonly ObjectTypeName[] }).types
        const text = printQuery(query) + '\n'
        const parsed = parseDocument(text)
        const definition = parsed.definitions[0]
        const items = definition?.operation.with?.components ?? []
        const moved = items.slice(Math.min(from, to - 1), Math.max(from + 1, to))
        const on = types.find((type) =>
          moved.every(
            (item) =>
              item.kind === 'Component' &&
              (componentCatalogue[item.name.value as 'primaryImage'].appliesTo as readonly string[]).includes(
                type,
              ),
          ),
        )
        fc.pre(definition !== undefined && on !== undefined && moved.length > 0)
        const document = spreading(parsed, on as ObjectTypeName, items, moved)
        const printed = printDocument(document)
        expect(compile(parseQuery(printed))).toEqual(compile(query))
        expect(printDocument(parseDocument(printed))).toBe(printed)
        // The same components given as the builder's fragment instead of written in the text.
        const requests = (compile(query).body.components as ComponentRequest[]).slice(
          items.indexOf(moved[0] as ComponentItemNode),
          items.indexOf(moved[0] as ComponentItemNode) + moved.length,
        )
        const card = fragment(on as ObjectTypeName, ...(requests.map((r) => new MadeComponent(r)) as never[]))
        const given = printDocument({ ...document, fragments: [] })
        expect(compile(parseQuery(given, { fragments: { card } }))).toEqual(compile(query))
      }),
      { numRuns: 300 },
    )
  })
})

const none = { start: -1, end: -1 }

const componentsOf = (body: object): readonly unknown[] | undefined =>
  (body as { components?: readonly unknown[] }).components

/** `document` with `moved` (some of `items`, its query's components) in a fragment `card` on `on`, spread in their place. */
function spreading(
  document: DocumentNode,
  on: ObjectTypeName,
  items: readonly ComponentItemNode[],
  moved: readonly ComponentItemNode[],
): DocumentNode {
  const definition = document.definitions[0] as DocumentNode['definitions'][number]
  const card: FragmentDefinitionNode = {
    kind: 'FragmentDefinition',
    name: { kind: 'Name', value: 'card', ...none },
    on: { kind: 'Name', value: on, ...none },
    components: moved,
    comments: document.comments,
    ...none,
  }
  const at = items.indexOf(moved[0] as ComponentItemNode)
  const spread: ComponentItemNode = { kind: 'Spread', name: card.name, ...none }
  const components = [...items.slice(0, at), spread, ...items.slice(at + moved.length)]
  const operation = definition.operation
  return {
    ...document,
    definitions: [{ ...definition, operation: { ...operation, with: { ...operation.with!, components } } }],
    fragments: [card],
  }
}
