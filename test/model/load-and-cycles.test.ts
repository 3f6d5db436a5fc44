// The model as a source of truth (issue 27): it declares, and nothing in it checks itself when it loads, and
// its modules form no import cycle (a rule's module never imports what reads the rule). The key orders that
// the model once checked at load are held here instead.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { bodyKeys, endpointNames, filterNames, filterOperatorRules, requestRules } from '../../src/model'
import { bodyOf } from '../../src/model/query/value'
import { filterSlots, filtersOfSlots } from '../../src/model/query/check-filters'

const model = resolve(__dirname, '../../src/model')

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

const sources = new Map(
  files(model).map((file) => [
    file,
    ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true),
  ]),
)

/** The model files `file` imports (values and types alike: a type-only cycle is a cycle of ideas too). */
function importsOf(file: string): string[] {
  const source = sources.get(file) as ts.SourceFile
  const out: string[] = []
  for (const statement of source.statements) {
    const from =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier
        ? (statement.moduleSpecifier as ts.StringLiteral).text
        : undefined
    if (from === undefined || !from.startsWith('.')) continue
    const base = resolve(dirname(file), from)
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => sources.has(candidate))
    if (target !== undefined) out.push(target)
  }
  return out
}

describe('src/model', () => {
  it('has no import cycle', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const visit = (file: string, trail: string[]): void => {
      if (state.get(file) === 'done') return
      if (state.get(file) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(file)), file].map((f) => relative(model, f)).join(' → '))
        return
      }
      state.set(file, 'open')
      for (const target of importsOf(file)) visit(target, [...trail, file])
      state.set(file, 'done')
    }
    for (const file of sources.keys()) visit(file, [])
    expect(cycles).toEqual([])
  })

  it('runs nothing at load but making its values: no statement at the top of a module checks anything', () => {
    const runs: string[] = []
    for (const [file, source] of sources)
      for (const statement of source.statements)
        if (
          !ts.isImportDeclaration(statement) &&
          !ts.isExportDeclaration(statement) &&
          !ts.isFunctionDeclaration(statement) &&
          !ts.isClassDeclaration(statement) &&
          !ts.isInterfaceDeclaration(statement) &&
          !ts.isTypeAliasDeclaration(statement) &&
          !ts.isVariableStatement(statement)
        )
          runs.push(`${relative(model, file)}: ${statement.getText(source).slice(0, 60)}`)
    expect(runs).toEqual([])
  })
})

describe('the canonical key orders, declared once', () => {
  it("the body rules' keys are bodyKeys', and the query value writes each endpoint's keys in that order", () => {
    const everyPart = bodyOf({
      ids: [],
      factors: [],
      filters: {},
      sort: [],
      blueprints: [],
      components: [],
      page: 0,
      pageSize: 1,
      siloPageSize: 1,
    })
    for (const endpoint of endpointNames) {
      const rule = requestRules[endpoint]
      expect(rule.kind === 'object' && Object.keys(rule.fields)).toEqual(bodyKeys[endpoint])
      const keys: readonly string[] = bodyKeys[endpoint]
      expect(Object.keys(everyPart).filter((key) => keys.includes(key))).toEqual(keys)
    }
  })

  it("the filters' rule, slots and written-out object follow filterNames", () => {
    expect(Object.keys(filterOperatorRules)).toEqual(filterNames)
    const everyFilter = Object.fromEntries(filterNames.map((name) => [name, name]))
    expect(filterSlots(everyFilter)).toEqual(filterNames)
    const written = filtersOfSlots(filterSlots(everyFilter))
    expect(Object.keys(written)).toEqual(filterNames)
    expect(Object.values(written)).toEqual(filterNames)
  })
})
