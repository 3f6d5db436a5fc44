// Where fromJSON's time goes, each part against JSON.parse in the same run (a profiling aid for
// bench/from-json-compile.bench.ts). Run: npx tsx bench/from-json-parts.ts
import { fromJSON } from '../src/compile/from-json'
import { checkRequestShape } from '../src/model/request-shape'
import { parseRequestFast } from '../src/model/request/fast-bodies'
import { typesOfBody } from '../src/model/query/returned-types'
import { checkComponentTree } from '../src/model/rules'
import { compare, report } from './harness'

const quickstart = JSON.stringify({
  filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
  sort: [{ type: 'property', property: 'releaseDate', order: 'descending' }],
  components: [{ name: 'primaryImage' }, { name: 'keyContributors', components: [{ name: 'primaryImage' }] }],
  pageSize: 10,
})
const json: unknown = JSON.parse(quickstart)
const body = parseRequestFast('explore', json)
if (body === undefined || body.components === undefined)
  throw new Error('the fast path refused the quickstart body')
const types = typesOfBody('explore', body)
const baseline = { name: 'JSON.parse', run: () => JSON.parse(quickstart) }
for (const [name, run] of [
  ['fromJSON', () => fromJSON('explore', json)],
  ['checkRequestShape', () => checkRequestShape(json)],
  ['parseRequestFast', () => parseRequestFast('explore', json)],
  ['typesOfBody', () => typesOfBody('explore', body)],
  ['checkComponentTree', () => checkComponentTree(body.components ?? [], types, ['components'])],
] as const)
  report(compare({ name, run }, baseline, { rounds: 7, iterations: 20_000, warmup: 30_000 }))
