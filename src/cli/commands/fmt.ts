import { writeFile } from 'node:fs/promises'
import { loadCatalog } from '../../catalog'
import { printDocument } from '../../text'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { reportErrors } from '../report'

/** `hql fmt <paths...>`: rewrites .hql files in the canonical layout; `--check` only lists the ones that differ. */
export async function fmtCommand(
  io: CliIo,
  paths: readonly string[],
  options: { check?: boolean },
): Promise<number> {
  const catalog = await loadCatalog(paths)
  let code: number = exitCodes.ok
  for (const file of catalog.files) {
    if (file.syntaxErrors.length > 0) {
      reportErrors(io, file.syntaxErrors)
      code = exitCodes.problems
      continue
    }
    const formatted = printDocument(file.document)
    if (formatted === file.text) continue
    if (options.check) {
      io.stderr(`${file.path}: not formatted (run hql fmt ${file.path})\n`)
      code = exitCodes.problems
    } else {
      await writeFile(file.path, formatted)
      io.stdout(`formatted ${file.path}\n`)
    }
  }
  return code
}
