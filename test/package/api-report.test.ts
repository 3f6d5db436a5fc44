// The public API is chosen, not leaked: each entry lists its exports by name, and api/report.md (every name
// with its kind) changes in review whenever the surface does.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { apiReport, ENTRIES, REPORT_FILE } from '../../scripts/api-report'

describe('the API report', () => {
  test('api/report.md is what the entries export today', () => {
    expect(
      readFileSync(REPORT_FILE, 'utf8'),
      'the public API changed: run `npm run api:report` and commit',
    ).toBe(apiReport())
  })

  test('names each kind of export', () => {
    const report = apiReport([{ specifier: 'fixture', source: 'test/package/fixtures/api-kinds.ts' }])
    expect(report.split('\n').filter((line) => line.startsWith('- '))).toEqual([
      '- `AClass`: class',
      '- `aConst`: const',
      '- `aFunction`: function',
      '- `aLet`: let',
      '- `AnEnum`: enum',
      '- `AnInterface`: interface',
      '- `AType`: type',
      '- `renamed`: function',
      '- `Shared`: const + type',
      '- `types`: namespace',
    ])
  })

  test.each(ENTRIES)('$specifier names its exports: no `export *`', ({ source }) => {
    const text = readFileSync(new URL(`../../${source}`, import.meta.url), 'utf8')
    expect(text).not.toMatch(/^export (type )?\*/m)
  })
})
