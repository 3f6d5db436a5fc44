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
  io.stdout(
    `${counted(queries.length, 'query', 'queries')} in ${counted(catalog.files.length, 'file', 'files')}: ok\n`,
  )
  return exitCodes.ok
}

// "1 query in 1 file", "2 queries in 1 file": a count with its noun in the number it takes.
const counted = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`
