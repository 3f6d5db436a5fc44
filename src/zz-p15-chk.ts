import { parseDocument } from './text'
import { Lowering } from './text/lower'
import { parseRequestFast } from './model'
const query = `explore Movie
  where contributors = "mhric-brad-pitt" and sources in ["mhsrc-itunes"]
  order by releaseDate desc
  with primaryImage, keyContributors { primaryImage }`
const def = parseDocument(query).definitions[0]!
const lowered = new Lowering(new Map(), new Map(), false).lower(def.operation)
console.log(JSON.stringify(lowered.body), parseRequestFast('explore', lowered.body))
