import { compile } from '../compile'
import type { Query } from '../model/core'
import { parseDocumentCollecting, parseQuery } from '../text'
import type { DocumentNode } from '../text'

/** What the text compiles to: the query and its request, or the first error's message (line and column). */
export type Compiled =
  | { readonly ok: true; readonly name: string | undefined; readonly query: Query; readonly json: string }
  | { readonly ok: false; readonly message: string }

/**
 * The request of the query at `offset` (the cursor; the first query when the cursor is outside every
 * query) as `compile` writes it: the JSON beside the editor, and what Run sends. The editor holds a `.hql`
 * document, a catalog of named queries like any file the language server checks.
 */
export function compileText(text: string, offset = 0): Compiled {
  let name: string | undefined
  try {
    name = queryAt(text, offset)
  } catch (error) {
    return failed(error)
  }
  // The editor asks again on every cursor move: the same text and query give the same answer.
  if (last !== undefined && last.text === text && last.name === name) return last.compiled
  const compiled = compileQuery(text, name)
  last = { text, name, compiled }
  return compiled
}

let last: { text: string; name: string | undefined; compiled: Compiled } | undefined
let lastDefinitions: { text: string; definitions: DocumentNode['definitions'] } | undefined

function compileQuery(text: string, name: string | undefined): Compiled {
  try {
    const query = parseQuery(text, { source: 'playground', ...(name === undefined ? {} : { query: name }) })
    const { endpoint, body } = compile(query)
    return { ok: true, name, query, json: JSON.stringify({ endpoint, body }, null, 2) }
  } catch (error) {
    return failed(error)
  }
}

const failed = (error: unknown): Compiled => ({
  ok: false,
  message: error instanceof Error ? error.message : String(error),
})

/** The name of the query around `offset`, else of the first; undefined for a text of one query (or none). */
function queryAt(text: string, offset: number): string | undefined {
  if (lastDefinitions?.text !== text)
    lastDefinitions = { text, definitions: parseDocumentCollecting(text, 'playground').document.definitions }
  const { definitions } = lastDefinitions
  if (definitions.length < 2) return undefined
  const around = definitions.find((definition) => definition.start <= offset && offset <= definition.end)
  return (around ?? definitions[0])?.name?.value
}
