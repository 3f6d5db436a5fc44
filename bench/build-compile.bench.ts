// Build + compile of the quickstart query against the same request written as an object literal, each
// followed by JSON.stringify (what sending the request costs either way). Run: npm run bench
//
// Where the builder's own time goes (issue 15, measured with --cpu-prof and in-process ratios): it is spread
// thin over the calls (the component tree check, the filter check, the query copies), with no hot spot left;
// the largest single share is Object.freeze, ~25 ns per object against ~7 ns to create it, eight times per
// quickstart build (the two filter operators, the filters, the sort list, a component and its list, the
// component list, the body). With freezing switched off for the measurement only, builder + compile against
// the bare literal went from 3.4x to 2.3x in the same run: freezing is a third of the builder's cost. It is
// kept: a caller cannot change a query through a spec or a body it holds.
import { hql, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from 'hql'
import { compare, report } from './harness'

const quickstart = () =>
  hql
    .explore()
    .filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'))
    .sort(releaseDate.desc())
    .with(primaryImage, keyContributors(primaryImage))
    .pageSize(10)

const viaBuilder = () => JSON.stringify(compile(quickstart()).body)

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

// The split of the ratio above: Node 20's JSON.stringify writes a frozen array by its slow, element-by-element
// path (V8 takes its fast path only for arrays of the plain packed kinds, and freezing changes the kind), so the
// builder's body, whose three arrays are frozen, costs more to stringify than the same JSON unfrozen. That share
// of the ratio is the price of immutability, paid in the caller's stringify and not in hql's code.
const frozenBody = compile(quickstart()).body
const unfrozenBody: unknown = JSON.parse(JSON.stringify(frozenBody))
report(
  compare(
    { name: 'stringify of the built body (frozen)', run: () => JSON.stringify(frozenBody) },
    { name: 'stringify of the same JSON, unfrozen', run: () => JSON.stringify(unfrozenBody) },
  ),
)
