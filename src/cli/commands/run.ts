import { parseQuery } from '../../text'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { decimalOption, findDefinition, paramsFromArgs } from '../params'
import { readTextFile } from '../system-errors'
import { renderTable } from '../table'
import { connect } from './connect'

export interface RunOptions {
  readonly query?: string
  readonly param?: readonly string[]
  readonly baseUrl?: string
  readonly authUrl?: string
  readonly maxPages: string
  readonly all?: boolean
  readonly json?: boolean
}

/**
 * `hql run <file>`: runs a query, following pages up to `--max-pages` (or all of them with `--all`), against
 * the service `connect` chooses, and says on stderr when it stopped with pages left.
 */
export async function runCommand(io: CliIo, file: string, options: RunOptions): Promise<number> {
  const maxPages = options.all ? Infinity : (decimalOption(options.maxPages) ?? NaN)
  if (maxPages !== Infinity && (!Number.isSafeInteger(maxPages) || maxPages < 1)) {
    io.stderr(`error: --max-pages expects a whole number of 1 or more, got '${options.maxPages}'\n`)
    return exitCodes.usage
  }
  const text = await readTextFile(file)
  const definition = findDefinition(text, file, options.query)
  const params = definition ? paramsFromArgs(definition, options.param ?? []) : {}
  const query = parseQuery(text, {
    source: file,
    params,
    ...(options.query === undefined ? {} : { query: options.query }),
  })

  const target = await connect(io, options)
  if (typeof target === 'number') return target
  try {
    const items: Record<string, unknown>[] = []
    let pages = 0
    let last: unknown
    for await (const page of target.client.pages(query, { maxPages })) {
      pages++
      last = page
      items.push(...itemsOf(page))
      if (io.interactive) io.stderr(`\rpage ${pages}, ${items.length} items`)
    }
    if (io.interactive) io.stderr('\n')
    io.stdout(options.json ? JSON.stringify(items, null, 2) + '\n' : renderTable(items))
    // The pager stops quietly at the caller's maxPages: a result cut short must not pass for a whole one.
    if (pages >= maxPages && hasNext(last))
      io.stderr(`stopped after ${pages} page${pages === 1 ? '' : 's'}; more exist: --max-pages N or --all\n`)
    return exitCodes.ok
  } finally {
    await target.close()
  }
}

/** Whether a page says another follows (the `pagingInfo.next` the pager would have followed). */
function hasNext(page: unknown): boolean {
  const pagingInfo = (page as { pagingInfo?: { next?: unknown } } | undefined)?.pagingInfo
  return typeof pagingInfo?.next === 'object' && pagingInfo.next !== null
}

/** The items of a page: its content, or each silo's content tagged with the silo's title. */
function itemsOf(page: unknown): Record<string, unknown>[] {
  const value = page as { content?: unknown[]; silos?: { title?: string; content?: unknown[] }[] }
  if (Array.isArray(value.silos))
    return value.silos.flatMap((silo) =>
      (silo.content ?? []).map((item) => ({ ...(item as Record<string, unknown>), silo: silo.title ?? '' })),
    )
  return (value.content ?? []) as Record<string, unknown>[]
}
