import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { catalogFixtures, checkCatalog, loadCatalog } from '../../catalog'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { reportErrors } from '../report'

/**
 * `hql fixtures <paths...> --out dir`: writes each query's request JSON, and removes the `.json` files of
 * queries that are gone (the `--out` directory is generated output: a leftover fixture would keep testing a
 * request nothing sends any more). `--check` fails on a stale, missing or leftover file.
 */
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
  const again = `run hql fixtures ${paths.join(' ')} --out ${options.out}`
  // Only `*.json` files directly in the directory are fixtures; anything else there is left alone.
  const leftovers = (await jsonFilesIn(options.out)).filter((name) => !fixtures.has(name))
  let code: number = exitCodes.ok
  if (options.check) {
    for (const [name, json] of fixtures) {
      const path = join(options.out, name)
      if ((await readFile(path, 'utf8').catch(() => undefined)) !== json) {
        io.stderr(`${path}: stale or missing; ${again}\n`)
        code = exitCodes.problems
      }
    }
    for (const name of leftovers) {
      io.stderr(`${join(options.out, name)}: no query of the catalog writes it; ${again}\n`)
      code = exitCodes.problems
    }
    return code
  }
  await mkdir(options.out, { recursive: true })
  for (const [name, json] of fixtures) await writeFile(join(options.out, name), json)
  for (const name of leftovers) {
    await rm(join(options.out, name))
    io.stdout(`removed ${join(options.out, name)}: no query of the catalog writes it\n`)
  }
  io.stdout(`wrote ${fixtures.size} fixtures to ${options.out}\n`)
  return code
}

/** The names of the `.json` files in `directory`; none when it does not exist yet. */
async function jsonFilesIn(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name)
    .sort()
}
