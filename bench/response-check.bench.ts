// Time per page of the client's strict check: the per-query check (what the query promises, the checker
// found in its cache) against the generic check it replaced (`responseSchemas`, one schema per endpoint), on
// the same realistic pages: movies with their primaryImage and five keyContributors with theirs. Target: the
// per-query check costs at most 1.15x the generic one.
// Run: npx tsx bench/response-check.bench.ts
import { hql, keyContributors, primaryImage, returnType } from 'hql'
import { responseCheckOf, responseSchemas } from '../src/model/core'
import { compare, report } from './harness'

const CONTRIBUTORS = 5
const query = hql
  .explore()
  .filter(returnType.eq('Movie'))
  .with(primaryImage, keyContributors(primaryImage).pageSize(CONTRIBUTORS))

const id = (prefix: string, n: number) => `${prefix}${String(n).padStart(39, '0')}`
const rendition = (n: number, size: number) => ({
  url: `https://images.example.com/${n}/${size}.jpg`,
  height: size,
  width: Math.round(size * 1.5),
})
const image = (n: number) => ({
  object: {
    mhid: id('mhimg', n),
    name: null,
    isDefault: true,
    averageColor: '#203040',
    original: rendition(n, 2000),
    thumbnail: rendition(n, 100),
    small: rendition(n, 300),
    medium: rendition(n, 600),
    large: rendition(n, 1200),
  },
  context: {},
})
const contributor = (n: number, position: number) => ({
  object: {
    mhid: id('mhric', n),
    name: `Contributor ${n}`,
    altId: `mhric-contributor-${n}`,
    primaryImage: image(n),
  },
  context: { relationships: [{ contribution: 'Actor', role: `Role ${n}` }], sorting: { position } },
})
const movie = (n: number) => ({
  object: {
    mhid: id('mhmov', n),
    name: `Movie ${n}`,
    altId: `mhmov-movie-${n}`,
    releaseDate: 946684800 + n * 86400,
    description: 'A film.',
    primaryImage: image(n),
    keyContributors: {
      content: Array.from({ length: CONTRIBUTORS }, (_, i) => contributor(n * 100 + i, i + 1)),
      pagingInfo: { next: { endpoint: '/graph/lookup', method: 'POST', body: { ids: [id('mhmov', n)] } } },
    },
  },
  context: {},
})
// Parsed from text, as the client gets it.
const pageOf = (items: number) =>
  JSON.parse(
    JSON.stringify({
      content: Array.from({ length: items }, (_, n) => movie(n)),
      pagingInfo: { next: { endpoint: '/graph/explore', method: 'POST', body: { ...query.body, page: 1 } } },
    }),
  ) as unknown

for (const items of [20, 100]) {
  const page = pageOf(items)
  // Both must pass the page, or the comparison measures an error path.
  if (!responseCheckOf(query).safeParse(page).success || !responseSchemas.explore.safeParse(page).success)
    throw new Error('the bench page does not pass both checks')
  const iterations = Math.round(20_000 / items)
  report(
    compare(
      { name: `per-query check, ${items} movies`, run: () => responseCheckOf(query).safeParse(page) },
      { name: 'generic check', run: () => responseSchemas.explore.safeParse(page) },
      { rounds: 15, iterations, warmup: iterations * 2 },
    ),
  )
}
