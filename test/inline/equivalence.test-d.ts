// Every query of the repository's .hql files, through hqlText, has the result type and the parameter type of
// the function `hql generate` writes for it (examples/catalog/queries.ts; grammar-queries.ts for
// grammar/examples), which is the builder's. equivalence.test.ts holds the compiled requests equal.
import { describe, expectTypeOf, test } from 'vitest'
import { hqlText } from 'hql'
import type { Query, ResultOf } from 'hql'
import * as catalog from '../../examples/catalog/queries'
import * as grammar from './grammar-queries'
import { catalogTexts, grammarTexts } from './hql-texts'
import { cardQueries, cardTexts, cards } from './cards'

// A query's result, or the result of the query a function of parameters returns.
type ResultOfEither<Q> = Q extends (...args: never[]) => infer R
  ? ResultOf<R>
  : Q extends Query<unknown>
    ? ResultOf<Q>
    : never
type ParamsOf<Q> = Q extends (...args: infer A) => unknown ? A : []

describe('typed inline text: the same types as the builder and hql generate', () => {
  test('examples/catalog', () => {
    const home = hqlText(catalogTexts.home)
    expectTypeOf<ResultOfEither<typeof home>>().toEqualTypeOf<ResultOfEither<typeof catalog.home>>()
    expectTypeOf<ParamsOf<typeof home>>().toEqualTypeOf<ParamsOf<typeof catalog.home>>()
    const moviesByContributor = hqlText(catalogTexts.moviesByContributor)
    expectTypeOf<ResultOfEither<typeof moviesByContributor>>().toEqualTypeOf<
      ResultOfEither<typeof catalog.moviesByContributor>
    >()
    expectTypeOf<ParamsOf<typeof moviesByContributor>>().toEqualTypeOf<
      ParamsOf<typeof catalog.moviesByContributor>
    >()
    const dramas = hqlText(catalogTexts.dramas)
    expectTypeOf<ResultOfEither<typeof dramas>>().toEqualTypeOf<ResultOfEither<typeof catalog.dramas>>()
    expectTypeOf<ParamsOf<typeof dramas>>().toEqualTypeOf<ParamsOf<typeof catalog.dramas>>()
    const similarTo = hqlText(catalogTexts.similarTo)
    expectTypeOf<ResultOfEither<typeof similarTo>>().toEqualTypeOf<ResultOfEither<typeof catalog.similarTo>>()
    expectTypeOf<ParamsOf<typeof similarTo>>().toEqualTypeOf<ParamsOf<typeof catalog.similarTo>>()
    const details = hqlText(catalogTexts.details)
    expectTypeOf<ResultOfEither<typeof details>>().toEqualTypeOf<ResultOfEither<typeof catalog.details>>()
    expectTypeOf<ParamsOf<typeof details>>().toEqualTypeOf<ParamsOf<typeof catalog.details>>()
  })

  test('grammar/examples', () => {
    const moviesByContributor = hqlText(grammarTexts.moviesByContributor)
    expectTypeOf<ResultOfEither<typeof moviesByContributor>>().toEqualTypeOf<
      ResultOfEither<typeof grammar.moviesByContributor>
    >()
    expectTypeOf<ParamsOf<typeof moviesByContributor>>().toEqualTypeOf<
      ParamsOf<typeof grammar.moviesByContributor>
    >()
    const operators = hqlText(grammarTexts.operators)
    expectTypeOf<ResultOfEither<typeof operators>>().toEqualTypeOf<ResultOfEither<typeof grammar.operators>>()
    const sorts = hqlText(grammarTexts.sorts)
    expectTypeOf<ResultOfEither<typeof sorts>>().toEqualTypeOf<ResultOfEither<typeof grammar.sorts>>()
    expectTypeOf<ParamsOf<typeof sorts>>().toEqualTypeOf<ParamsOf<typeof grammar.sorts>>()
    const similar = hqlText(grammarTexts.similar)
    expectTypeOf<ResultOfEither<typeof similar>>().toEqualTypeOf<ResultOfEither<typeof grammar.similar>>()
    expectTypeOf<ParamsOf<typeof similar>>().toEqualTypeOf<ParamsOf<typeof grammar.similar>>()
    const anything = hqlText(grammarTexts.anything)
    expectTypeOf<ResultOfEither<typeof anything>>().toEqualTypeOf<ResultOfEither<typeof grammar.anything>>()
    const details = hqlText(grammarTexts.details)
    expectTypeOf<ResultOfEither<typeof details>>().toEqualTypeOf<ResultOfEither<typeof grammar.details>>()
    const home = hqlText(grammarTexts.home)
    expectTypeOf<ResultOfEither<typeof home>>().toEqualTypeOf<ResultOfEither<typeof grammar.home>>()
    expectTypeOf<ParamsOf<typeof home>>().toEqualTypeOf<ParamsOf<typeof grammar.home>>()
  })
})

describe('typed inline text given builder fragments: the result of the builder with the fragments spread', () => {
  test('...movieCard, nested ...personCard, and the function form', () => {
    const movies = hqlText(cardTexts.movies, cards)
    expectTypeOf<ResultOf<typeof movies>>().toEqualTypeOf<ResultOf<ReturnType<typeof cardQueries.movies>>>()
    const people = hqlText(cardTexts.people, { personCard: cards.personCard })
    expectTypeOf<ResultOf<typeof people>>().toEqualTypeOf<ResultOf<ReturnType<typeof cardQueries.people>>>()
    const byContributor = hqlText(cardTexts.byContributor, cards)
    expectTypeOf<ResultOfEither<typeof byContributor>>().toEqualTypeOf<
      ResultOf<ReturnType<typeof cardQueries.byContributor>>
    >()
    expectTypeOf<ParamsOf<typeof byContributor>>().toEqualTypeOf<
      Parameters<typeof cardQueries.byContributor>
    >()
  })
})
