import { compile } from '../compile'
import type { Query } from '../model/core'
import { parseDocumentCollecting, parseQuery } from '../text'

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
  try {
    const name = queryAt(text, offset)
    const query = parseQuery(text, { source: 'playground', ...(name === undefined ? {} : { query: name }) })
    const { endpoint, body } = compile(query)
    return { ok: true, name, query, json: JSON.stringify({ endpoint, body }, null, 2) }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

/** The name of the query around `offset`, else of the first; undefined for a text of one query (or none). */
function queryAt(text: string, offset: number): string | undefined {
  const { definitions } = parseDocumentCollecting(text, 'playground').document
  if (definitions.length < 2) return undefined
  const around = definitions.find(
    (definition) => definition.loc.start <= offset && offset <= definition.loc.end,
  )
  return (around ?? definitions[0])?.name?.value
}
