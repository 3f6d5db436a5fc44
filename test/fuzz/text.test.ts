// The text door under hostile input (issue 9): prototype names and odd strings in every position of a query,
// huge lists, deep nesting, hostile parameter values. Whatever the text: a query or an HqlTextError at a line
// and column, never anything else, never a change to a built-in, and quickly.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HqlTextError, parseQuery } from '../../src/text'
import { expectBuiltinsUntouched, fuzzRuns, hostileString, prototypeKeys } from './support'
import { briefReport } from './brief-report'

/** A generated text, shown in a failure report by its length and its start (it may be megabytes long). */
const shown = ([head, op]: [string, string]) => {
  const text = head + op
  return {
    text,
    [fc.toStringMethod]: () => `${text.length} characters: ${JSON.stringify(text.slice(0, 300))}`,
  }
}

// Generous for text of ordinary size; a huge text gets 1 ms more per 10 KB (parsing is linear, ~10-40 ns a
// character). A case over budget is run again, and then compared with a text of the same length known to parse
// in linear time, timed at the same moment: a garbage collection or a busy machine (CI under load) slows all
// three, a slow path only the case. It fails only if over budget twice and ten times slower than that text.
const budgetMs = (text: string) => 250 + text.length / 10_000

function timedParse(text: string, options: Parameters<typeof parseQuery>[1]): number {
  const started = performance.now()
  try {
    parseQuery(text, options)
  } catch (error) {
    if (!(error instanceof HqlTextError)) throw error
    expect(error.line).toBeGreaterThanOrEqual(1)
    expect(error.column).toBeGreaterThanOrEqual(1)
  }
  return performance.now() - started
}

/** A valid query of about `length` characters: a list default of short strings, parsed in linear time. */
function linearText(length: number): string {
  const items = Math.max(1, Math.ceil((length - 60) / 5))
  return `query q($x: [String] = [${'"ab", '.repeat(items - 1)}"ab"]) silos silo Explore(name: $x)`
}

function parsesOrFails(text: string, options: Parameters<typeof parseQuery>[1] = {}): void {
  if (timedParse(text, options) <= budgetMs(text)) return
  const again = timedParse(text, options)
  if (again <= budgetMs(text)) return
  const linear = timedParse(linearText(text.length), {})
  if (again > 10 * linear)
    throw new Error(
      `parseQuery took ${again.toFixed(0)} ms (twice) on ${text.length} characters, ` +
        `${(again / linear).toFixed(1)}x a linear text of that length: ${text.slice(0, 200)}`,
    )
}

// A name in the text: a prototype key, a word of the language, or anything shaped like a name.
const name = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...prototypeKeys) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'Movie',
      'traits',
      'returnType',
      'primaryImage',
      'keyContributors',
      'Explore',
      'Content',
      'releaseDate',
      'idsOrder',
      'name',
      'ids',
      'id',
      'none',
    ),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/) },
  { weight: 1, arbitrary: hostileString },
)
// A value: a string literal of anything, a number, a name, a list (sometimes huge), a parameter.
const scalar = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 2, arbitrary: fc.constantFrom('"mhmov-a"', '"mhgnr-a"', '"mhric-a"', '"mhals-current-user"') },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1e400', '0.5', '99999999999999999999') },
  { weight: 1, arbitrary: name },
  { weight: 1, arbitrary: name.map((n) => `$${n}`) },
)
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 2, arbitrary: fc.array(scalar, { maxLength: 4 }).map((items) => `[${items.join(', ')}]`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 900, max: 30_000 }), scalar)
      .map(([count, item]) => `[${Array(count).fill(item).join(', ')}]`),
  },
)
const operator = fc.constantFrom('=', '!=', 'in', 'contains all')

const condition = fc
  .tuple(name, operator, value, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1200 }))
  .map(([filter, op, v, shape, count]) => {
    const one = `${filter} ${op} ${v}`
    if (shape === 0) return one
    if (shape === 1) return `(${one} or ${filter} = ${v})`
    // Many alternatives of one small condition (a huge list stays in `value`, not repeated here).
    if (shape === 2) return `(${Array(count).fill(`${filter} = "mhgnr-a"`).join(' or ')})`
    return '('.repeat(count % 100) + one + ')'.repeat(count % 100)
  })
const where = fc
  .array(condition, { maxLength: 3 })
  .map((cs) => (cs.length === 0 ? '' : ` where ${cs.join(' and ')}`))
const component: fc.Arbitrary<string> = fc.letrec<{ c: string }>((tie) => ({
  c: fc.oneof(
    { depthSize: 'small' },
    name,
    fc
      .tuple(name, fc.array(tie('c'), { maxLength: 3 }))
      .map(([n, nested]) => `${n} { ${nested.join(', ')} }`),
    fc.tuple(name, scalar).map(([n, size]) => `${n} size ${size}`),
  ),
})).c
const withClause = fc.oneof(
  fc.array(component, { maxLength: 4 }).map((cs) => (cs.length === 0 ? '' : ` with ${cs.join(', ')}`)),
  fc.integer({ min: 30, max: 200 }).map((count) => ` with ${Array(count).fill('primaryImage').join(', ')}`),
)
const orderBy = fc
  .array(fc.tuple(name, fc.option(value), fc.option(name)), { maxLength: 3 })
  .map((keys) =>
    keys.length === 0
      ? ''
      : ` order by ${keys.map(([k, ids, order]) => [k, ids, order].filter((p) => p !== null).join(' ')).join(', ')}`,
  )
const blueprint = fc
  .tuple(name, fc.array(fc.tuple(name, value), { maxLength: 3 }), fc.option(value), where)
  .map(
    ([type, params, positions, w]) =>
      `silo ${type}(${params.map(([k, v]) => `${k}: ${v}`).join(', ')})${positions === null ? '' : ` at ${positions}`}${w}`,
  )
const paging = fc
  .tuple(fc.option(scalar), fc.option(scalar))
  .map(
    ([page, size]) => `${page === null ? '' : ` page ${page}`}${size === null ? '' : ` page size ${size}`}`,
  )

const operation = fc.oneof(
  fc
    .tuple(fc.option(name), where, orderBy, withClause, paging)
    .map(([type, w, o, c, p]) => `explore${type === null ? '' : ` ${type}`}${w}${o}${c}${p}`),
  fc
    .tuple(
      fc.option(name),
      fc.array(scalar, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0, max: 300 }),
      where,
      withClause,
    )
    .map(([type, factors, extra, w, c]) => {
      const all = [...factors, ...Array(extra > 200 ? extra : 0).fill('"mhmov-a"')]
      return `relate${type === null ? '' : ` ${type}`} to ${all.map((f) => `${f} weight 0.5`).join(', ')}${w}${c}`
    }),
  fc
    .tuple(fc.array(scalar, { minLength: 1, maxLength: 3 }), withClause, paging)
    .map(([ids, c, p]) => `lookup ${ids.join(', ')}${c}${p}`),
  fc
    .tuple(
      fc.option(value),
      fc.array(blueprint, { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 0, max: 80 }),
      withClause,
    )
    .map(([seeds, bs, extra, c]) => {
      const all = [...bs, ...Array(extra > 50 ? extra : 0).fill('silo GraphLens')]
      return `silos${seeds === null ? '' : ` for ${seeds}`} ${all.join(' ')}${c}`
    }),
)

// Declared parameters (with hostile names and types), and the values given for them as own keys.
const params = fc.array(fc.tuple(name, name, fc.boolean(), fc.option(value)), { maxLength: 3 })
const header = params.map((ps) =>
  ps.length === 0
    ? ''
    : `query q(${ps.map(([n, type, list, d]) => `$${n}: ${list ? `[${type}]` : type}${d === null ? '' : ` = ${d}`}`).join(', ')})\n`,
)
const givenText = fc
  .array(fc.tuple(name, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }), fc.integer())), {
    maxLength: 3,
  })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`)

describe('parseQuery under hostile input', () => {
  it('hostile names and values in every position: a query or an HqlTextError at a line and column', () => {
    const untouched = expectBuiltinsUntouched()
    fc.assert(
      fc.property(
        fc.tuple(header, operation).map(shown),
        givenText,
        fc.boolean(),
        ({ text }, given, placeholders) => {
          parsesOrFails(text, { placeholders })
          parsesOrFails(text, { params: JSON.parse(given) as Record<string, unknown> })
          untouched()
        },
      ),
      briefReport(fuzzRuns(200)),
    )
  })

  it('a prototype name in each named position', () => {
    const untouched = expectBuiltinsUntouched()
    const templates = [
      'silos silo Explore(N: V)',
      'silos silo N(name: V) at [0] where N = V',
      'silos for [V] silo Content(ids: [V], N: [V])',
      'explore N where N = V order by N N with N { N size 2 }',
      'explore Movie where (traits = V or N in [V, V])',
      'relate N to V weight 1 boost only where returnType = N',
      'lookup V with N',
      'query N($N: N = V) explore Movie where traits = $N',
      'query q($N: [TraitId]) explore Movie where traits in $N',
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.constantFrom(...prototypeKeys),
        hostileString,
        (template, n, v) => {
          // One pass: the hostile string itself may be "N" or "V".
          const text = template.replace(/[NV]/g, (hole) => (hole === 'N' ? n : JSON.stringify(v)))
          parsesOrFails(text, { placeholders: true })
          parsesOrFails(text, {
            params: JSON.parse(`{${JSON.stringify(n)}:[${JSON.stringify(v)}]}`) as never,
          })
          untouched()
        },
      ),
      briefReport(fuzzRuns(300)),
    )
  })
})
