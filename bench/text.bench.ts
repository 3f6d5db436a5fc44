// Parsing HQL text against graphql-js parsing GraphQL documents of the same sizes, in the same run: a
// ~150-character query, and a ~16 KB catalog file. HQL's side is parse + resolve + compile (the request is
// validated by the model, as `hql check` does); parse alone is shown too. Run: npx tsx bench/text.bench.ts
import { parse as parseGraphql } from 'graphql'
import { compile } from 'hql'
import { parseDocument, parseQuery, resolveDefinition, makeSource } from '../src/text'
import { compare, report } from './harness'
import { graphqlDocument, hqlCatalog } from './text-catalogs'

const query = `explore Movie
  where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }`

const graphqlQuery = `query { movies(contributor: "mhric-brad-pitt", sources: ["mhsrc-itunes"], sort: RELEASE_DATE_DESC) {
  mhid name primaryImage { url } keyContributors { name primaryImage { url } } } }`

const catalog = hqlCatalog(16_000)
const graphqlCatalog = graphqlDocument(16_000)

const parseAndCompile = () => compile(parseQuery(query)).body
const checkCatalogText = () => {
  const source = makeSource(catalog, 'bench.hql')
  const bodies = []
  for (const definition of parseDocument(catalog).definitions) {
    const resolved = resolveDefinition(source, definition, { placeholders: true })
    if (!resolved.ok) throw resolved.errors[0]
    bodies.push(compile(resolved.query).body)
  }
  return bodies
}

console.log(
  `sizes: query ${query.length} vs ${graphqlQuery.length} chars; catalog ${catalog.length} vs ${graphqlCatalog.length} chars`,
)
const rows = [
  compare(
    { name: 'hql parse+compile, query', run: parseAndCompile },
    { name: 'graphql parse', run: () => parseGraphql(graphqlQuery) },
  ),
  compare(
    { name: 'hql parse only, query', run: () => parseDocument(query) },
    { name: 'graphql parse', run: () => parseGraphql(graphqlQuery) },
  ),
  compare(
    { name: 'hql parse+compile, 16 KB catalog', run: checkCatalogText },
    { name: 'graphql parse', run: () => parseGraphql(graphqlCatalog) },
    { rounds: 9, iterations: 100, warmup: 300 },
  ),
  compare(
    { name: 'hql parse only, 16 KB catalog', run: () => parseDocument(catalog) },
    { name: 'graphql parse', run: () => parseGraphql(graphqlCatalog) },
    { rounds: 9, iterations: 100, warmup: 300 },
  ),
]
for (const row of rows) {
  report(row)
  const chars = row.candidate.includes('catalog') ? catalog.length : query.length
  console.log(`  hql: ${((chars / row.candidateNs) * 1e3).toFixed(1)} million chars/s`)
}
