import { compare, report } from '../bench/harness'
import { hql, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from './index'
const lit = () => ({
    filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
    sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
    components: [ { name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] } ],
    pageSize: 10,
  })
const deepFreeze = (v: any): any => { if (v && typeof v === 'object') { for (const k in v) deepFreeze(v[k]); Object.freeze(v) } return v }
const a = lit(), f = deepFreeze(lit())
const b = compile(hql.explore().filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt')).sort(releaseDate.desc()).with(primaryImage, keyContributors(primaryImage)).pageSize(10)).body
report(compare({ name: 'stringify frozen', run: () => JSON.stringify(f) }, { name: 'stringify plain', run: () => JSON.stringify(a) }))
report(compare({ name: 'stringify builder body', run: () => JSON.stringify(b) }, { name: 'stringify plain', run: () => JSON.stringify(a) }))
report(compare({ name: 'literal+stringify', run: () => JSON.stringify(lit()) }, { name: 'stringify plain', run: () => JSON.stringify(a) }))
