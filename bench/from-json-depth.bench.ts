// How validation grows with nesting depth: fromJSON of an explore body whose returnType filter nests `$or`
// d levels deep (the one part of a request that nests without a small cap: components stop at 5 levels,
// and the request at 48), against JSON.parse of the same text in the same run. Prints a table and the
// slope of time against depth (log-log: 1 is linear). Run: npm run bench:from-json-depth
import { fromJSON } from 'hql'
import { compare } from './harness'
import { printGrowth } from './growth'

/** `{ $or: [ { $or: [ … { $eq: 'Movie' } … ] }, { $eq: 'Show' } ] }`, `depth` operators deep. */
function nestedOr(depth: number): unknown {
  let operator: unknown = { $eq: 'Movie' }
  for (let level = 1; level < depth; level++) operator = { $or: [operator, { $eq: 'ShowSeries' }] }
  return operator
}

const rows = [1, 2, 4, 8, 16, 23].map((depth) => {
  const text = JSON.stringify({ filters: { returnType: nestedOr(depth) } })
  fromJSON('explore', JSON.parse(text))
  const iterations = Math.max(200, Math.round(20_000 / depth))
  const row = compare(
    { name: `fromJSON, $or ${depth} deep`, run: () => fromJSON('explore', JSON.parse(text)) },
    { name: 'JSON.parse', run: () => JSON.parse(text) },
    { rounds: 9, iterations, warmup: iterations * 2 },
  )
  return { size: depth, ns: row.candidateNs - row.baselineNs, baselineNs: row.baselineNs, ratio: row.ratio }
})
printGrowth('depth ($or levels)', 'fromJSON − JSON.parse', rows)
