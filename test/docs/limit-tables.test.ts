// The limit tables of docs/security.md and docs/limits.md repeat numbers that live in the code: the model's
// request limits and nesting rules, the reference service's defaults and the client's. Each documented value
// is read from its constant here, so that changing one without its docs fails.
import { describe, expect, it } from 'vitest'
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../src/client/client'
import { DEFAULT_MAX_PAGES, STALLED_PAGES } from '../../src/client/paging/pager'
import { MAX_TOKENS } from '../../src/client/secrets'
import { maxResponseDepth } from '../../src/client/checks'
import { requestLimits } from '../../src/model/limits'
import { maxJsonDepth } from '../../src/model/limits'
import { maxComponentDepth } from '../../src/model/rules'
import { DEFAULT_AUTH_FAILURE_LIMIT } from '../../src/service/auth/failures'
import {
  DEFAULT_CONNECTION_LIMITS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_RATE_LIMIT,
} from '../../src/service/create-service'
import { maxSortedJsonDepth } from '../../src/model/wire'
import { maxDepth as TEXT_DEPTH } from '../../src/text/reader'
import { maxErrorsPerText } from '../../src/text/errors'
import { echoedItems, echoedLength } from '../../src/model/shown'
import { MAX_COUNTED_KEYS } from '../../src/service/http/rate-limit'
import { TOKEN_BODY_LIMIT } from '../../src/service/http/server'
import { DEFAULT_LIMITS } from '../../src/service/query/context'
import {
  DEFAULT_COSTLY,
  FIRST_PASS_BODY_BYTES,
  FIRST_PASSES,
  LIGHT_WORK,
} from '../../src/service/http/admission'
import { PASSWORD_CHECKS } from '../../src/service/auth/password-checks'
import { read } from './markdown'

/** Each table row of a page by its first cell (backticks kept), with the cells after it. */
function rowsByLabel(markdown: string): Map<string, string[]> {
  const rows = new Map<string, string[]>()
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|') || /^\|[\s|:-]+\|$/.test(line)) continue
    const [label = '', ...cells] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    rows.set(label, cells)
  }
  return rows
}

const n = (value: number): string => value.toLocaleString('en-US')
const seconds = (ms: number): string => `${ms / 1000} s`
const mib = (bytes: number): string => `${bytes / 2 ** 20} MiB`
const kib = (bytes: number): string => `${bytes / 1024} KiB`
const L = requestLimits
const S = DEFAULT_LIMITS
const F = DEFAULT_AUTH_FAILURE_LIMIT
const C = DEFAULT_CONNECTION_LIMITS

/** Expects the row `label` of `rows` to have a cell (after the label) that starts with `value`. */
function expectRow(rows: Map<string, string[]>, label: string, ...values: string[]): void {
  const cells = rows.get(label)
  expect(cells, `no row "${label}"`).toBeDefined()
  for (const value of values)
    expect(
      cells?.some((cell) => cell.startsWith(value)),
      `row "${label}": ${JSON.stringify(cells)} does not start a cell with "${value}"`,
    ).toBe(true)
}

describe('docs/security.md', () => {
  const rows = rowsByLabel(read('docs/security.md'))

  it('gives the model request limits of src/model', () => {
    expectRow(rows, 'ids in one list (lookup, silos seeds, idsOrder, Content)', n(L.ids))
    expectRow(rows, 'factors of a relate request', n(L.factors))
    expectRow(rows, 'blueprints of a silos request', n(L.blueprints))
    expectRow(rows, 'values in one `$in`, `$all` or `$or`', n(L.values))
    expectRow(rows, 'components at one level', n(L.componentsPerLevel))
    expectRow(rows, 'JSON values in the whole body', n(L.nodes))
    expectRow(
      rows,
      'nesting of the body / of components / of text',
      `${maxJsonDepth} / ${maxComponentDepth} / ${TEXT_DEPTH}`,
    )
  })

  it('gives how much of a value a message echoes', () => {
    const page = read('docs/security.md')
    expect(page).toContain(`at most ${echoedLength} characters of one value or key`)
    expect(page).toContain(`the first ${echoedItems} items of a list`)
  })

  it("gives the reference service's defaults", () => {
    expectRow(rows, '`limits.maxBlueprints`', `${n(S.maxBlueprints)} per silos request`)
    expectRow(rows, '`limits.maxFactors`', `${n(S.maxFactors)} per relate request`)
    expectRow(rows, '`limits.maxIds`', n(S.maxIds))
    expectRow(rows, '`limits.maxWork`', `${n(S.maxWork)} units per request`)
    expectRow(rows, '`limits.maxObjects`', `${n(S.maxObjects)} objects per response`)
    expectRow(
      rows,
      'request body / token request',
      `${kib(DEFAULT_MAX_BODY_BYTES)} / ${kib(TOKEN_BODY_LIMIT)}`,
    )
    expectRow(
      rows,
      'rate per client id',
      `${n(DEFAULT_RATE_LIMIT.requests)} per ${DEFAULT_RATE_LIMIT.windowSeconds} s`,
    )
    expectRow(rows, 'failed authentication per address', `${F.perAddress} per ${F.windowSeconds} s`)
    expectRow(rows, 'wrong passwords per username', `${F.perUsername} per ${F.windowSeconds} s`)
    expectRow(rows, 'failure counters', `${n(MAX_COUNTED_KEYS)} keys each`)
    expectRow(rows, '`timeouts.headersMs` / `requestMs`', `${seconds(C.headersMs)} / ${seconds(C.requestMs)}`)
    expectRow(rows, '`timeouts.keepAliveMs`', seconds(C.keepAliveMs))
    expectRow(rows, '`maxConnections`', n(C.maxConnections))
    expectRow(rows, '`maxConnectionsPerAddress`', n(C.maxPerAddress))
    expectRow(
      rows,
      'first pass of a graph request',
      `${n(LIGHT_WORK)} units, one at a time, ${FIRST_PASSES.perKey} per address`,
    )
    expectRow(
      rows,
      'costly graph requests (`admission`)',
      `${DEFAULT_COSTLY.perKey} per address, ${DEFAULT_COSTLY.waiting} waiting`,
    )
    expectRow(rows, 'body with no first pass', `over ${kib(FIRST_PASS_BODY_BYTES)}`)
    expectRow(
      rows,
      'password checks (scrypt) at once',
      `${PASSWORD_CHECKS.concurrency}, and ${PASSWORD_CHECKS.runningPerKey} per address`,
    )
  })

  it("gives the client's defaults", () => {
    expectRow(rows, '`maxResponseBytes`', mib(DEFAULT_MAX_RESPONSE_BYTES))
    expectRow(rows, 'pages followed', `${n(DEFAULT_MAX_PAGES)} when neither`)
    expectRow(rows, 'stalled paging', `${STALLED_PAGES} empty pages in a row`)
    expectRow(rows, 'depth of a response', `${maxResponseDepth} levels`)
    expectRow(rows, 'depth of a `next.body`', `${maxSortedJsonDepth}`)
    expectRow(rows, 'tokens kept to scrub', `the newest ${MAX_TOKENS} issued tokens`)
  })
})

describe('docs/limits.md', () => {
  const rows = rowsByLabel(read('docs/limits.md'))

  it('gives the same limits', () => {
    expectRow(rows, 'nesting of a request body', `${maxJsonDepth} levels`)
    expectRow(rows, 'nesting of components', `${maxComponentDepth} levels`)
    expectRow(rows, 'nesting in `.hql` text', `${TEXT_DEPTH} levels; ${maxErrorsPerText} errors per file`)
    expectRow(rows, '`pageSize`', `${S.defaultPageSize} by default, at most ${S.maxPageSize}`)
    expectRow(rows, 'objects rendered in one response', n(S.maxObjects))
    expectRow(rows, 'request body', kib(DEFAULT_MAX_BODY_BYTES))
    expectRow(
      rows,
      'rate',
      `${n(DEFAULT_RATE_LIMIT.requests)} requests per ${DEFAULT_RATE_LIMIT.windowSeconds} s`,
    )
    expectRow(
      rows,
      'ids, factors, blueprints per request',
      `${n(L.ids)} / ${n(L.factors)} / ${n(L.blueprints)} (`,
    )
    const ids = rows.get('ids, factors, blueprints per request')?.[0] ?? ''
    expect(ids).toContain(`the service: ${n(S.maxIds)} / ${n(S.maxFactors)} / ${n(S.maxBlueprints)}`)
    expectRow(
      rows,
      'values in one `$in`/`$all`/`$or`; components per level; JSON values per body',
      `${n(L.values)} / ${n(L.componentsPerLevel)} / ${n(L.nodes)}`,
    )
    expectRow(rows, 'work per request', `${n(S.maxWork)} units`)
    expectRow(
      rows,
      'response body; pages followed',
      `${mib(DEFAULT_MAX_RESPONSE_BYTES)} (\`LimitExceededError\`); ${n(DEFAULT_MAX_PAGES)} pages when no bound is given, ${STALLED_PAGES} empty pages`,
    )
  })
})
