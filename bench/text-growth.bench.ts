// How text parsing grows with input size: parseDocument of a catalog of named queries from 1 KB to 1 MB,
// with graphql-js parsing a GraphQL document of the same size in the same run, and parse + resolve +
// compile (every query validated) on the same catalogs. Prints a table and the slope of time against size
// (log-log: 1 is linear). Run: npm run bench:text-growth
//
// Each run returns a count, not the tree, so the previous 1 MB tree is not kept alive while the next one is
// built, as a user drops a tree before parsing the next text. What remains above slope 1 is the garbage
// collector copying the tree still being built out of V8's young generation and promoting it (the parser
// itself keeps only three tokens); with a young generation big enough to hold it the slope is 1.0:
//   NODE_OPTIONS=--max-semi-space-size=256 npm run bench:text-growth
import { parse as parseGraphql } from 'graphql'
import { compile } from 'hql'
import { makeSource, parseDocument, resolveDefinition } from '../src/text'
import { compare } from './harness'
import { printGrowth } from './growth'
import { graphqlDocument, hqlCatalog } from './text-catalogs'

const sizes = [1_000, 10_000, 100_000, 1_000_000]

function checkCatalog(text: string): unknown[] {
  const source = makeSource(text, 'bench.hql')
  const bodies: unknown[] = []
  for (const definition of parseDocument(text).definitions) {
    const resolved = resolveDefinition(source, definition, { placeholders: true })
    if (!resolved.ok) throw resolved.errors[0]
    bodies.push(compile(resolved.query).body)
  }
  return bodies
}

const parseRows = []
const checkRows = []
for (const size of sizes) {
  const text = hqlCatalog(size)
  const graphql = graphqlDocument(size)
  // About 0.2 s of work per side and round at every size.
  const iterations = Math.max(3, Math.round(2_000_000 / size))
  const options = { rounds: 5, iterations, warmup: iterations }
  const parse = compare(
    { name: 'hql parse', run: () => parseDocument(text).definitions.length },
    { name: 'graphql parse', run: () => parseGraphql(graphql).definitions.length },
    options,
  )
  parseRows.push({ size: text.length, ns: parse.candidateNs, ratio: parse.ratio })
  const check = compare(
    { name: 'hql parse + validate + compile', run: () => checkCatalog(text).length },
    { name: 'graphql parse', run: () => parseGraphql(graphql).definitions.length },
    options,
  )
  checkRows.push({ size: text.length, ns: check.candidateNs, ratio: check.ratio })
}
console.log('hql parseDocument (vs graphql-js parse of the same size):')
printGrowth('chars', 'time', parseRows)
console.log('\nhql parse + validate + compile (vs graphql-js parse of the same size):')
printGrowth('chars', 'time', checkRows)
