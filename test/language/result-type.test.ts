// Hover's result type against the library's own: for each query, the text hover shows and `ResultOf` of the
// same query written with the builder must be assignable to each other, checked by the TypeScript compiler.
import { describe, expect, it } from 'vitest'
import { resultTypeAt } from '../../src/language'
import { typeErrors } from '../support/language-service'

const imports = `import { hql, returnType, primaryImage, keyContributors, silo } from 'hql'
import type { ResultOf } from 'hql'
import type { TypedObject, ItemContext } from 'hql/types'
import type { PagedList, Pair, ContributorContext, EmptyContext, Silo, PagingInfo } from 'hql/schemas'
`

const queries: readonly (readonly [text: string, builder: string])[] = [
  [
    'explore Movie with keyContributors { primaryImage }, primaryImage',
    "hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage), primaryImage)",
  ],
  ['relate Movie to "mhmov-gladiator"', "hql.relate('mhmov-gladiator').filter(returnType.eq('Movie'))"],
  ['lookup "mhmov-gladiator" with primaryImage', "hql.lookup('mhmov-gladiator').with(primaryImage)"],
  [
    'silos silo Explore(name: "Popular") with primaryImage',
    "hql.silos(silo.explore({ name: 'Popular' })).with(primaryImage)",
  ],
  // A blueprint's own returnType decides what its silo holds, beside one that keeps the query's.
  [
    'silos where returnType = Movie silo Explore where returnType = ShowSeries silo GraphLens with primaryImage',
    "hql.silos(silo.explore({ filters: [returnType.eq('ShowSeries')] }), silo.graphLens()).filter(returnType.eq('Movie')).with(primaryImage)",
  ],
]

describe('hover’s result type', () => {
  it.each(queries)(
    'for `%s` is what ResultOf says',
    (text, builder) => {
      const shown = resultTypeAt(text, 0)
      expect(shown).toBeDefined()
      const snippet = `${imports}
const query = ${builder}
type Shown = ${shown}
type Result = ResultOf<typeof query>
export const shownIsResult: [Shown] extends [Result] ? true : false = true
export const resultIsShown: [Result] extends [Shown] ? true : false = true
`
      expect(typeErrors(snippet)).toEqual([])
      // The first check loads the library's types into the compiler: seconds on a busy machine.
    },
    60_000,
  )
})
