import { idIndex, idTypes, listedEntry } from '../../language'
import type { IdEntry, IdProvider } from '../../language'
import { createQueryEngine } from '../../service'
import type { CliIo } from '../io'
import { exitCodes } from '../io'

/** `hql lsp --stdio`: the language server for .hql files, speaking the protocol on stdin/stdout. */
export async function lspCommand(io: CliIo, options: { stdio?: boolean }): Promise<number> {
  if (options.stdio !== true) {
    io.stderr('error: hql lsp speaks the protocol over stdin/stdout only: pass --stdio\n')
    return exitCodes.usage
  }
  // Loaded here, not with the CLI: the language server and its protocol library are for `hql lsp` alone.
  const { startLanguageServer } = await import('../../lsp')
  await startLanguageServer(sampleIds())
  return exitCodes.ok
}

/**
 * Ids and names of the embedded sample catalog, read through the reference service's query engine (explore
 * each type, every page) the first time completion or hover asks, so starting the server stays fast.
 */
export function sampleIds(): IdProvider {
  let index: IdProvider | undefined
  const load = (): IdProvider => {
    const engine = createQueryEngine()
    const entries: IdEntry[] = []
    for (const type of idTypes)
      for (let page = 0; page < 200; page++) {
        const answer = engine.answer('explore', {
          filters: { returnType: { $eq: type } },
          sort: [{ type: 'property', property: 'name', order: 'ascending' }],
          page,
          pageSize: 100,
        })
        const body = answer.body as { content?: Parameters<typeof listedEntry>[0][] }
        const content = answer.status === 200 ? (body.content ?? []) : []
        // The same entry a configured service's ids give (the language core's readIds).
        for (const pair of content) entries.push(listedEntry(pair, type).entry)
        if (content.length < 100) break
      }
    return idIndex(entries)
  }
  return {
    search: (text, types, limit) => (index ??= load()).search(text, types, limit),
    nameOf: (id) => (index ??= load()).nameOf(id),
  }
}
