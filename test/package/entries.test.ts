// A lean package (issue 27): the root entry exports a chosen list of at most 150 names, the rest lives under
// subpaths named for what they are, no name means two things across the entries, and an app that installs hql
// gets the library's runtime dependencies only (the CLI and the language server carry theirs in their build).
import { readFileSync } from 'node:fs'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ENTRIES } from '../../scripts/api-report'

const root = new URL('../../', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  exports: Record<string, unknown>
}

const program = ts.createProgram(
  ENTRIES.map((entry) => `${root}${entry.source}`),
  {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
)
const checker = program.getTypeChecker()

/** Each entry's exported names, with the declaration each stands for. */
const exported = new Map(
  ENTRIES.map((entry) => {
    const file = program.getSourceFile(`${root}${entry.source}`) as ts.SourceFile
    const module = checker.getSymbolAtLocation(file) as ts.Symbol
    const names = new Map<string, ts.Declaration | undefined>()
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
      names.set(symbol.name, target.declarations?.[0])
    }
    return [entry.specifier, names] as const
  }),
)

describe('the package entries', () => {
  it('the root entry exports at most 150 names', () => {
    expect(exported.get('hql')?.size).toBeLessThanOrEqual(150)
  })

  it('the schemas, the syntax tree and the language service live under subpaths named for them', () => {
    for (const subpath of ['./types', './schemas', './syntax', './language'])
      expect(Object.keys(manifest.exports)).toContain(subpath)
    const has = (specifier: string, name: string) => exported.get(specifier)?.has(name)
    expect(has('hql/schemas', 'MovieSchema') && !has('hql', 'MovieSchema')).toBe(true)
    expect(has('hql/schemas', 'requestRules') && !has('hql', 'requestRules')).toBe(true)
    expect(has('hql/syntax', 'QueryDefinitionNode') && !has('hql', 'QueryDefinitionNode')).toBe(true)
    expect(has('hql/language', 'complete') && !has('hql', 'complete')).toBe(true)
  })

  it('no name means two things: a name in two entries is the same declaration', () => {
    const meanings = new Map<string, Set<ts.Declaration | undefined>>()
    for (const names of exported.values())
      for (const [name, declaration] of names)
        meanings.set(name, (meanings.get(name) ?? new Set()).add(declaration))
    expect([...meanings].filter(([, declarations]) => declarations.size > 1).map(([name]) => name)).toEqual(
      [],
    )
  })

  it('installs the library runtime dependencies only: the CLI and the language server bundle theirs', () => {
    expect(Object.keys(manifest.dependencies)).toEqual(['zod'])
    expect(manifest.dependencies['zod']).toMatch(/^\^/)
  })

  it('runs nothing at install: no script npm runs when the package is installed, from the registry or git', () => {
    // npm's install scripts, and prepare, which it runs for a git dependency (the build is prepack's).
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare'])
      expect(manifest.scripts[script], script).toBeUndefined()
  })
})
