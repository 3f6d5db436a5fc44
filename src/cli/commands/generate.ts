import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { checkCatalog, generateModule, loadCatalog } from '../../catalog'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { reportErrors } from '../report'

export interface GenerateCommandOptions {
  readonly out: string
  readonly check?: boolean
  readonly importFrom?: string
}

/** `hql generate <paths...> --out file.ts`: writes typed functions; `--check` fails when the file is stale. */
export async function generateCommand(
  io: CliIo,
  paths: readonly string[],
  options: GenerateCommandOptions,
): Promise<number> {
  const { errors, queries } = checkCatalog(await loadCatalog(paths))
  if (errors.length > 0) {
    reportErrors(io, errors)
    return exitCodes.problems
  }
  const code = generateModule(
    queries,
    options.importFrom === undefined ? {} : { importFrom: options.importFrom },
  )
  if (options.check) {
    const current = await readFile(options.out, 'utf8').catch(() => undefined)
    if (current === code) return exitCodes.ok
    io.stderr(
      `${options.out}: ${current === undefined ? 'missing' : 'stale'}; run hql generate ${paths.join(' ')} --out ${options.out}\n`,
    )
    return exitCodes.problems
  }
  await mkdir(dirname(options.out), { recursive: true })
  await writeFile(options.out, code)
  io.stdout(`wrote ${queries.length} functions to ${options.out}\n`)
  return exitCodes.ok
}
