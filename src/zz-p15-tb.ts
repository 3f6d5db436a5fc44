import { parse as parseGraphql } from 'graphql'
import { compile, fromJSON } from './compile'
import { parseDocument, makeSource, resolveDefinition } from './text'
import { Lowering } from './text/lower'
import { compare, report } from '../bench/harness'
const query = `explore Movie
  where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }`
const graphqlQuery = `query { movies(contributor: "mhric-brad-pitt", sources: ["mhsrc-itunes"], sort: RELEASE_DATE_DESC) {
  mhid name primaryImage { url } keyContributors { name primaryImage { url } } } }`
const g = { name: 'graphql', run: () => parseGraphql(graphqlQuery) }
const doc = parseDocument(query)
const def = doc.definitions[0]!
const source = makeSource(query, '<q>')
const lowered = new Lowering(new Map(), new Map(), false).lower(def.operation)
const body = JSON.parse(JSON.stringify(lowered.body))
report(compare({ name: 'parseDocument', run: () => parseDocument(query) }, g))
report(compare({ name: 'lower', run: () => new Lowering(new Map(), new Map(), false).lower(def.operation) }, g))
report(compare({ name: 'resolve', run: () => resolveDefinition(source, def) }, g))
report(compare({ name: 'fromJSON', run: () => fromJSON('explore', body) }, g))
report(compare({ name: 'makeSource', run: () => makeSource(query, '<q>') }, g))
