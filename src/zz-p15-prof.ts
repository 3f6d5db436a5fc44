import { fromJSON } from './compile'
import { compile } from './compile'
const quickstart = JSON.stringify({
  filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
  pageSize: 10,
})
let s: unknown
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let i = 0; i < 300000; i++) s = compile(fromJSON('explore', JSON.parse(quickstart))); console.log(((performance.now()-t)/300000*1e6).toFixed(0)) }
