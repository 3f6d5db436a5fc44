import { hql, compile, returnType, contributors, releaseDate, primaryImage, keyContributors } from './index'
const viaBuilder = () =>
  JSON.stringify(compile(hql.explore().filter(returnType.eq('Movie'), contributors.eq('mhric-brad-pitt')).sort(releaseDate.desc()).with(primaryImage, keyContributors(primaryImage)).pageSize(10)).body)
let s: unknown
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let i = 0; i < 300000; i++) s = viaBuilder(); console.log(((performance.now()-t)/300000*1e6).toFixed(0)) }
