import { checkCatalog, loadCatalog } from '../../catalog'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { reportErrors } from '../report'

/** `hql check <paths...>`: reports every problem of a catalog at once, as file:line:col. */
export async function checkCommand(io: CliIo, paths: readonly string[]): Promise<number> {
  const catalog = await loadCatalog(paths)
  const { errors, queries } = checkCatalog(catalog)
  if (errors.length > 0) {
    reportErrors(io, errors)
    return exitCodes.problems
  }
  io.stdout(`${queries.length} queries in ${catalog.files.length} files: ok\n`)
  return exitCodes.ok
}
