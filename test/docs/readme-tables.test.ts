import { describe, expect, test } from 'vitest'
import { blueprintTable, componentTable, filterTable, sortTable } from '../support/doc-tables'
import { read } from './markdown'

// The builder's reference tables (docs/builder.md) are rendered from the model; prettier may realign their
// columns, so rows are compared cell by cell.
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

const builderPage = rowsOf(read('docs/builder.md'))

describe('docs/builder.md documents the model as it is', () => {
  test.each([
    ['components', componentTable],
    ['filters', filterTable],
    ['sorts', sortTable],
    ['blueprints', blueprintTable],
  ])('the %s table matches the model', (_, render) => {
    const missing = rowsOf(render()).filter((row) => !builderPage.includes(row))
    expect(missing).toEqual([])
  })
})
