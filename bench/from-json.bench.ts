// The cost of fromJSON's guard (depth, sizes and prototype keys, before the body rule) and of fromJSON as a whole, on a
// typical body and on a body at the id limit. Run: npx tsx bench/from-json.bench.ts
import { fromJSON } from 'hql'
import * as model from '../src/model'
import { compare, report } from './harness'

const typical = {
  filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
  pageSize: 10,
}
const manyIds = { ids: Array.from({ length: 1000 }, (_, i) => `mhmov-title-${i}`) }

// The guard fromJSON runs first: checkRequestShape where it exists, checkJsonDepth before it.
const guard = ((model as Record<string, unknown>).checkRequestShape ?? model.checkJsonDepth) as (
  value: unknown,
) => void
const nothing = { name: 'empty function', run: () => undefined }

report(compare({ name: 'guard, typical body', run: () => guard(typical) }, nothing))
report(compare({ name: 'guard, 1000 ids', run: () => guard(manyIds) }, nothing, { iterations: 2000 }))
report(compare({ name: 'fromJSON, typical body', run: () => fromJSON('explore', typical) }, nothing))
report(
  compare({ name: 'fromJSON, 1000 ids', run: () => fromJSON('lookup', manyIds) }, nothing, {
    iterations: 200,
    warmup: 500,
  }),
)
