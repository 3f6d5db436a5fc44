import * as model from './model'
const body = JSON.parse(JSON.stringify({
  filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
  pageSize: 10,
}))
const text = JSON.stringify(body)
import { compare, report } from '../bench/harness'
report(compare({ name: 'fast', run: () => model.parseRequestFast('explore', body) }, { name: 'parse', run: () => JSON.parse(text) }))
