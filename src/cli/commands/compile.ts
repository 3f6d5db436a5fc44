import { compile } from '../../compile'
import { parseQuery } from '../../text'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { findDefinition, paramsFromArgs } from '../params'
import { readTextFile } from '../system-errors'

export interface CompileOptions {
  readonly query?: string
  readonly param?: readonly string[]
  readonly body?: boolean
}

/** `hql compile <file>`: prints the request JSON of one query. */
export async function compileCommand(io: CliIo, file: string, options: CompileOptions): Promise<number> {
  const text = await readTextFile(file)
  const definition = findDefinition(text, file, options.query)
  const params = definition ? paramsFromArgs(definition, options.param ?? []) : {}
  const request = compile(
    parseQuery(text, {
      source: file,
      params,
      ...(options.query === undefined ? {} : { query: options.query }),
    }),
  )
  io.stdout(JSON.stringify(options.body ? request.body : request, null, 2) + '\n')
  return exitCodes.ok
}
