import { parseDocument, makeSource, resolveDefinition } from './text'
const query = `explore Movie
  where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }`
const def = parseDocument(query).definitions[0]!
const source = makeSource(query, '<q>')
let s: unknown
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let i = 0; i < 200000; i++) s = resolveDefinition(source, def); console.log(((performance.now()-t)/200000*1e6).toFixed(0)) }
