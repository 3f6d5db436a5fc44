// Each mistake's sentence, as the type of hqlText's argument (test/inline/mistakes.ts lists them).
import { describe, expectTypeOf, test } from 'vitest'
import { hqlText } from 'hql'
import type { TextArg, TextQuery } from '../../src/inline'
import type { Given, GivenTextArg } from '../../src/inline'
import { fragment, primaryImage } from 'hql'
import { cards } from './cards'
import { fragmentMistakes, mistakes } from './mistakes'

// Mapped over the list as a type parameter, so that each stays a tuple of its entries.
type SentencesOf<M extends readonly (readonly [string, string])[]> = { [I in keyof M]: TextArg<M[I][0]> }
type ExpectedOf<M extends readonly (readonly [string, string])[]> = { [I in keyof M]: M[I][1] }
type Sentences = SentencesOf<typeof mistakes>
type Expected = ExpectedOf<typeof mistakes>
// The same, of texts given the cards (hqlText's second argument).
type GivenSentencesOf<M extends readonly (readonly [string, string])[]> = {
  [I in keyof M]: GivenTextArg<M[I][0], Given<typeof cards>>
}

describe('typed inline text: mistakes read as sentences', () => {
  test('every mistake of the list becomes its sentence', () => {
    expectTypeOf<Sentences>().toEqualTypeOf<Expected>()
  })

  test('a refused text is a type error on the argument, and its query type is never', () => {
    // @ts-expect-error hql: unknown component 'primaryImag'; did you mean 'primaryImage'? (unknown_component)
    const refused = hqlText('explore Movie with primaryImag')
    expectTypeOf(refused).toBeNever()
    expectTypeOf<TextQuery<'explore Movie with primaryImag'>>().toBeNever()
  })

  test('a string that is not a literal points to parseQuery and hql generate', () => {
    const notLiteral =
      'hql: hqlText types a literal string only; for text known at run time use parseQuery, or write the query in a .hql file and run hql generate' as const
    expectTypeOf<TextArg<string>>().toEqualTypeOf<typeof notLiteral>()
    expectTypeOf<TextArg<`explore ${string}`>>().toEqualTypeOf<typeof notLiteral>()
    const typeName: string = 'Movie'
    // @ts-expect-error a template with a hole is no literal
    hqlText(`explore ${typeName}`)
    // @ts-expect-error nor is a string known at run time
    hqlText(typeName)
  })

  test('the same text accepted has its query type', () => {
    expectTypeOf(hqlText('explore Movie with primaryImage').endpoint).toEqualTypeOf<'explore'>()
  })

  test('every mistake of a text given fragments becomes its sentence', () => {
    expectTypeOf<GivenSentencesOf<typeof fragmentMistakes>>().toEqualTypeOf<
      ExpectedOf<typeof fragmentMistakes>
    >()
  })

  test('given fragments: a refused spread is a type error on the text, a value not a fragment one on its spread', () => {
    // @ts-expect-error hql: unknown fragment 'movieCrd'; did you mean 'movieCard'? (unknown_fragment)
    const refused = hqlText('explore Movie with ...movieCrd', cards)
    expectTypeOf(refused).toBeNever()
    expectTypeOf(
      hqlText('explore Movie with ...movieCard', { movieCard: cards.movieCard }).endpoint,
    ).toEqualTypeOf<'explore'>()
    // A fragment with nothing nested may be spread at the fifth level (mistakes.ts: one that nests may not).
    const flat = fragment('Movie', primaryImage)
    expectTypeOf(
      hqlText(
        'explore Movie with keyContributors { contributions { keyContributors { contributions { ...flat } } } }',
        { flat },
      ).endpoint,
    ).toEqualTypeOf<'explore'>()
    expectTypeOf<
      GivenTextArg<'explore Movie with ...movieCard', Given<{ movieCard: readonly [typeof primaryImage] }>>
    >().toEqualTypeOf<"hql: 'movieCard' is not a fragment: make it with fragment(type, ...components) (invalid_argument)">()
  })
})
