import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { blueprintTable, componentTable, filterTable, sortTable } from '../support/doc-tables'

// The README's reference tables are rendered from the model; prettier may realign their columns, so rows are
// compared cell by cell.
const rowsOf = (markdown: string): string[] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim())
        .join(' | '),
    )

const readme = rowsOf(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'))

describe('the README documents the model as it is', () => {
  test.each([
    ['components', componentTable],
    ['filters', filterTable],
    ['sorts', sortTable],
    ['blueprints', blueprintTable],
  ])('the %s table matches the model', (_, render) => {
    const missing = rowsOf(render()).filter((row) => !readme.includes(row))
    expect(missing).toEqual([])
  })
})
