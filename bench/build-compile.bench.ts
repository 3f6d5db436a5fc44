// Build + compile of the quickstart query against the same request written as an object literal, each
// followed by JSON.stringify (what sending the request costs either way). Run: npm run bench
import { hql, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from 'hql'
import { compare, report } from './harness'

const viaBuilder = () =>
  JSON.stringify(
    compile(
      hql
        .explore()
        .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
        .sort(releaseDate.desc())
        .with(primaryImage, keyContributors(primaryImage))
        .pageSize(10),
    ).body,
  )

const viaLiteral = () =>
  JSON.stringify({
    filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
    sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
    components: [
      { name: 'primaryImage' },
      { name: 'keyContributors', components: [{ name: 'primaryImage' }] },
    ],
    pageSize: 10,
  })

if (viaBuilder() !== viaLiteral()) throw new Error('the two sides do not produce the same request')

report(
  compare(
    { name: 'builder + compile + stringify', run: viaBuilder },
    { name: 'literal + stringify', run: viaLiteral },
  ),
)
