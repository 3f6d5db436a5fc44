// JSON.parse + fromJSON + compile of the quickstart body against JSON.parse alone, in the same run: what
// validating an untrusted request costs on top of reading it. Run: npm run bench:from-json
import { compile, fromJSON } from 'hql'
import { compare, report } from './harness'

// The quickstart query's body (README), as it arrives: JSON text.
const quickstart = JSON.stringify({
  filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
  pageSize: 10,
})

if (JSON.stringify(compile(fromJSON('explore', JSON.parse(quickstart))).body) !== quickstart)
  throw new Error('fromJSON + compile does not give back the quickstart body')

console.log(`quickstart body: ${quickstart.length} chars`)
report(
  compare(
    {
      name: 'JSON.parse + fromJSON + compile',
      run: () => compile(fromJSON('explore', JSON.parse(quickstart))),
    },
    { name: 'JSON.parse', run: () => JSON.parse(quickstart) },
  ),
)
