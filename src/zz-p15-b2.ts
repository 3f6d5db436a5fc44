import { compare, report } from '../bench/harness'
import { hql, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from './index'
const lit = () => ({
    filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
    sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
    components: [ { name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] } ],
    pageSize: 10,
  })
const a = lit()
const base = { name: 'literal+stringify', run: () => JSON.stringify(lit()) }
report(compare({ name: 'build+compile', run: () => compile(hql.explore().filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt')).sort(releaseDate.desc()).with(primaryImage, keyContributors(primaryImage)).pageSize(10)).body }, base))
report(compare({ name: 'explore()', run: () => hql.explore() }, base))
const e = hql.explore()
report(compare({ name: 'filter', run: () => e.filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt')) }, base))
report(compare({ name: 'specs', run: () => [returnType.eq('Movie'), contributors.eq('mhric-brad-pitt'), keyContributors(primaryImage)] }, base))
report(compare({ name: 'sort', run: () => e.sort(releaseDate.desc()) }, base))
report(compare({ name: 'with', run: () => e.with(primaryImage, keyContributors(primaryImage)) }, base))
report(compare({ name: 'pageSize+body', run: () => e.pageSize(10).body }, base))
