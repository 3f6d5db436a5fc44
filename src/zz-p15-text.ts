import { compile } from './compile'
import { parseQuery } from './text'
const query = `explore Movie
  where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }`
let s: unknown
for (let r = 0; r < 3; r++) { const t = performance.now(); for (let i = 0; i < 100000; i++) s = compile(parseQuery(query)).body; console.log(((performance.now()-t)/100000*1e6).toFixed(0)) }
