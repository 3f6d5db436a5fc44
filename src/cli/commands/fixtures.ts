import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { catalogFixtures, checkCatalog, loadCatalog } from '../../catalog'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { reportErrors } from '../report'

/** `hql fixtures <paths...> --out dir`: writes each query's request JSON; `--check` fails on a stale one. */
export async function fixturesCommand(
  io: CliIo,
  paths: readonly string[],
  options: { out: string; check?: boolean },
): Promise<number> {
  const { errors, queries } = checkCatalog(await loadCatalog(paths))
  if (errors.length > 0) {
    reportErrors(io, errors)
    return exitCodes.problems
  }
  const fixtures = catalogFixtures(queries)
  let code: number = exitCodes.ok
  if (!options.check) await mkdir(options.out, { recursive: true })
  for (const [name, json] of fixtures) {
    const path = join(options.out, name)
    if (options.check) {
      if ((await readFile(path, 'utf8').catch(() => undefined)) !== json) {
        io.stderr(`${path}: stale or missing; run hql fixtures ${paths.join(' ')} --out ${options.out}\n`)
        code = exitCodes.problems
      }
    } else await writeFile(path, json)
  }
  if (!options.check) io.stdout(`wrote ${fixtures.size} fixtures to ${options.out}\n`)
  return code
}
