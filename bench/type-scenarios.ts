// The queries whose type-checking cost is budgeted (bench/type-budgets.json), as user code: each
// builds a query and reads its result type. The prelude imports the library and loads its types once
// (a first query and its result), so that each count is the query's own cost, not the library's. This is
// the measure @ark/attest's bench took (bench.baseline, then each bench's function body), in the same words.

export const prelude = `
import {
  hql,
  returnType,
  contributors,
  releaseDate,
  primaryImage,
  keyContributors,
  keyTraits,
  sources,
  socialMetrics,
  images,
  silo,
  traits,
  hqlText,
} from 'hql'
import type { ResultOf } from 'hql'

export const baseline = () => {
  const warm = hql.explore().filter(returnType.eq('ShowSeries')).with(images)
  return {} as ResultOf<typeof warm>
}

`

/**
 * The prelude of the TanStack Query call site: the shared one, then hql/tanstack and react-query loaded and
 * warmed by one call site of another query, then the quickstart's query run through the client. The scenario
 * below counts what one more call site, `useQuery(h.queryOptions(q))`, adds over that `client.run(q)` (issue 29:
 * at most 700). Its own prelude, so that the shared one's counts stay what their budgets were set against.
 */
export const tanstackPrelude = `${prelude}
import { createClient, staticTokenGrant, paging } from 'hql'
import { hqlQueries } from 'hql/tanstack'
import { useQuery } from '@tanstack/react-query'

const client = createClient({ baseUrl: 'https://graph.example.com', auth: staticTokenGrant('t'), paging: paging() })
const h = hqlQueries(client)
export const warmSite = () => {
  const warm = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
  return [client.run(warm), useQuery(h.queryOptions(warm)).data]
}
const q = hql
  .explore()
  .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
  .sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage))
  .pageSize(10)
export const ran = client.run(q)
`

/**
 * The prelude of the fragment scenarios (issue 29): the shared one, then `fragment` and `FragmentOf` loaded and
 * warmed by another fragment (spread in a query whose objects a `FragmentOf` prop takes), and the quickstart's
 * components made a fragment, `movieCard`, used once spread and once written out in another query, as an app uses
 * a card's components in more than one query. Its own prelude, as the TanStack one is: the shared one's counts
 * stay what their budgets were set against. Against it, 'quickstart, written out' is the quickstart as it is, and
 * 'quickstart, fragment spread' the same query with `...movieCard` in place of its components, which costs no more
 * (test/builder/fragment-cost.test.ts holds the two counts to it); 'quickstart, FragmentOf prop' adds a card's
 * prop check of its items' objects to the spread, at most 500 more; 'fragment definition' is what making one
 * more fragment costs.
 */
export const fragmentPrelude = `${prelude}
import { fragment } from 'hql'
import type { FragmentOf } from 'hql'

const warmCard = fragment('ShowSeries', images, keyTraits)
export const warmFragment = () => {
  const warm = hql.explore().filter(returnType.eq('ShowSeries')).with(...warmCard)
  const show = (props: FragmentOf<typeof warmCard>) => props.mhid
  return show({} as ResultOf<typeof warm>['content'][number]['object'])
}
const movieCard = fragment('Movie', primaryImage, keyContributors(primaryImage))
export const spreadOnce = () => hql.lookup('mhmov-gladiator').with(...movieCard)
export const writtenOutOnce = () => hql.lookup('mhmov-gladiator').with(primaryImage, keyContributors(primaryImage))
`

/** The quickstart with `components` in its `.with()`, and what `extra` adds after the query. */
const quickstartWith = (components: string, extra = '') => `
export const quickstart = () => {
  const q = hql
    .explore()
    .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
    .sort(releaseDate.desc())
    .with(${components})
    .pageSize(10)
  ${extra}
  return {} as ResultOf<
    typeof q
  >['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']
}`

export const scenarios = [
  {
    name: 'quickstart',
    code: `
export const quickstart = () => {
  const q = hql
    .explore()
    .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
    .sort(releaseDate.desc())
    .with(primaryImage, keyContributors(primaryImage))
    .pageSize(10)
  return {} as ResultOf<
    typeof q
  >['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']
}`,
  },
  {
    name: 'six-component lookup',
    code: `
export const lookup = () => {
  const q = hql
    .lookup('mhmov-gladiator')
    .with(
      primaryImage,
      keyContributors(primaryImage),
      keyTraits,
      sources(primaryImage),
      socialMetrics,
      images,
    )
  return {} as ResultOf<typeof q>['content'][number]
}`,
  },
  {
    name: 'four-blueprint silos',
    code: `
export const silos = () => {
  const q = hql
    .silos(
      silo.recommendedForYou({ name: 'For you', positions: [0] }),
      silo.explore({ name: 'Popular', probability: 0.5 }),
      silo.basedOnItem({ nameGenerator: 'Because you liked $1', filters: [returnType.eq('Movie')] }),
      silo.graphLens({ filters: [traits.eq('mhgnr-drama')] }),
    )
    .ids('mhmov-gladiator')
    .with(primaryImage)
    .siloPageSize(10)
  return {} as ResultOf<typeof q>['silos'][number]
}`,
  },
  {
    // The builder's quickstart as typed inline text (issue 30: at most 3,000), its result read the same way. The
    // prelude warms no text: any text read there warms model types the builder's scenarios use too (their counts
    // fell by 20-65), so this count includes the first reading's cost of the inline types.
    name: 'quickstart text',
    code: `
export const quickstartText = () => {
  const q = hqlText('explore Movie where contributors = "mhric-brad-pitt" order by releaseDate desc with primaryImage, keyContributors { primaryImage } page size 10')
  return {} as ResultOf<
    typeof q
  >['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']
}`,
  },
  {
    name: 'useQuery call site',
    prelude: tanstackPrelude,
    code: `
export const site = () => useQuery(h.queryOptions(q)).data`,
  },
  {
    name: 'quickstart, written out',
    prelude: fragmentPrelude,
    code: quickstartWith('primaryImage, keyContributors(primaryImage)'),
  },
  {
    name: 'quickstart, fragment spread',
    prelude: fragmentPrelude,
    code: quickstartWith('...movieCard'),
  },
  {
    name: 'quickstart, FragmentOf prop',
    prelude: fragmentPrelude,
    code: quickstartWith(
      '...movieCard',
      `const card = (movie: FragmentOf<typeof movieCard>) => movie.primaryImage
  card({} as ResultOf<typeof q>['content'][number]['object'])`,
    ),
  },
  {
    // The quickstart text with its two components moved into a fragment given to it (issue 30: at most 3,000, as
    // the text itself). The fragment prelude's `movieCard` is those components; no text is read before it.
    name: 'quickstart text, fragment passed in',
    prelude: fragmentPrelude,
    code: `
export const quickstartText = () => {
  const q = hqlText('explore Movie where contributors = "mhric-brad-pitt" order by releaseDate desc with ...movieCard page size 10', { movieCard })
  return {} as ResultOf<
    typeof q
  >['content'][number]['object']['keyContributors']['content'][number]['object']['primaryImage']
}`,
  },
  {
    name: 'fragment definition',
    prelude: fragmentPrelude,
    code: `
export const personCard = fragment('Contributor', primaryImage, socialMetrics, images)`,
  },
] as const
