// hql/ts-plugin as an editor loads it: tsserver's own project service (in this process) opens a file of a
// project whose tsconfig.json lists `{ "name": "hql/ts-plugin" }`; tsserver finds the plugin in the project's
// node_modules (hql is the built package, linked there) and loads it with require(), as in VS Code. Then
// completion, diagnostics and hover inside `hqlText('…')` strings come from hql's language service.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const code = [
  `import { fragment, hqlText } from 'hql'`,
  `export const a = hqlText('explore Movie with primaryIm')`,
  `export const b = hqlText("explore Movie where contributors = \\"mhric-brad-pitt\\" with primaryImag")`,
  `export const c = hqlText(\`query byContributor($c: ContributorId)`,
  `  explore Movie where contributors = $c with keyContributors\`)`,
  `export const d = hqlText('explore Movie with \\u0070rimaryImage, keyContributors { primaryImage }')`,
  `export const e = 'explore Movie with primaryImag'`,
  `const movieCard = fragment('Movie', 'keyTraits')`,
  `const personCard = fragment('Contributor', 'socialMetrics')`,
  `export const f = hqlText('explore Movie with ...movieCard', { movieCard, personCard })`,
].join('\n')

let project: string
let service: ts.server.ProjectService
let language: ts.LanguageService
const log: string[] = []
const file = () => join(project, 'app.ts')

beforeAll(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), 'hql-ts-plugin-')))
  mkdirSync(join(project, 'node_modules'))
  symlinkSync(root, join(project, 'node_modules', 'hql'), 'dir')
  symlinkSync(join(root, 'node_modules', 'typescript'), join(project, 'node_modules', 'typescript'), 'dir')
  writeFileSync(join(project, 'package.json'), JSON.stringify({ type: 'module' }))
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    target: 'es2022',
    skipLibCheck: true,
    noEmit: true,
    types: [],
    plugins: [{ name: 'hql/ts-plugin' }],
  }
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }))
  writeFileSync(file(), code)
  const host: ts.server.ServerHost = {
    ...ts.sys,
    // tsserver looks for plugins next to itself (…/node_modules/typescript/lib/tsserver.js → …/node_modules),
    // which is the project's own TypeScript in an editor set to use the workspace's version.
    getExecutingFilePath: () => join(project, 'node_modules', 'typescript', 'lib', 'tsserver.js'),
    setTimeout,
    clearTimeout,
    setImmediate,
    clearImmediate,
  } as ts.server.ServerHost
  service = new ts.server.ProjectService({
    host,
    logger: logger(log),
    cancellationToken: ts.server.nullCancellationToken,
    useSingleInferredProject: false,
    useInferredProjectPerProjectRoot: false,
    typingsInstaller: ts.server.nullTypingsInstaller,
    session: undefined,
  })
  service.openClientFile(file())
  language = service.getDefaultProjectForFile(ts.server.toNormalizedPath(file()), true)!.getLanguageService()
})

afterAll(() => {
  service?.closeClientFile(file())
  if (project) rmSync(project, { recursive: true, force: true })
})

/** The file position just after `marker` (its first occurrence). */
function after(marker: string): number {
  const at = code.indexOf(marker)
  if (at < 0) throw new Error(`no ${marker} in the file`)
  return at + marker.length
}

describe('hql/ts-plugin loaded by tsserver', () => {
  test('tsserver finds and loads it', () => {
    expect(log.join('\n')).toContain('Plugin validation succeeded')
  })

  test('completes inside a string: components after `with`, replacing the word typed', () => {
    const info = language.getCompletionsAtPosition(file(), after('primaryIm'), {})
    expect(info?.entries.map((entry) => entry.name)).toEqual(['primaryImage'])
    const [entry] = info!.entries
    expect(entry?.replacementSpan).toEqual({ start: after('primaryIm') - 'primaryIm'.length, length: 9 })
  })

  test('completes in a template over lines: the clauses that may come after the where clause', () => {
    const names = language
      .getCompletionsAtPosition(file(), after('contributors = $c '), {})
      ?.entries.map((entry) => entry.name)
    expect(names).toEqual(['and', 'order by', 'with', 'page'])
  })

  test('completes after `...` the fragments the call is given, for the objects there', () => {
    const info = language.getCompletionsAtPosition(file(), after('with ...'), {})
    expect(info?.entries.map((entry) => [entry.name, entry.labelDetails?.description])).toEqual([
      ['movieCard', 'fragment on Movie'],
    ])
  })

  test('hover over the spread of a given fragment names it and its type', () => {
    const spread = language.getQuickInfoAtPosition(file(), after('with ...movie'))
    expect(spread?.documentation?.map((part) => part.text).join('')).toBe(
      '**movieCard**: a fragment on Movie, given to the call',
    )
    expect(spread?.textSpan).toEqual({ start: after('with ...'), length: 'movieCard'.length })
  })

  test('outside an hqlText string, TypeScript answers as usual', () => {
    const names = language.getCompletionsAtPosition(file(), after("export const e = 'explore"), {})
    expect(names?.entries.map((entry) => entry.name) ?? []).not.toContain('primaryImage')
    expect(language.getQuickInfoAtPosition(file(), after('export const '))?.displayParts).not.toEqual([])
  })

  test("a mistake's diagnostic lies on its word, past the literal's escapes, in place of the type error", () => {
    const found = language.getSemanticDiagnostics(file())
    const hql = found.filter((diagnostic) => diagnostic.source === 'hql')
    expect(hql.map((d) => [code.slice(d.start, d.start! + d.length!), d.messageText])).toEqual([
      ['primaryIm', "hql: unknown component 'primaryIm'; did you mean 'primaryName'? (unknown_component)"],
      [
        'primaryImag',
        "hql: unknown component 'primaryImag'; did you mean 'primaryImage'? (unknown_component)",
      ],
    ])
    // hqlText's type errors over the whole arguments say the same (the sentence ends with the same code):
    // they are left out, and nothing else in the file is wrong.
    expect(found.filter((diagnostic) => diagnostic.source !== 'hql')).toEqual([])
  })

  test('hover over a component says what it adds; over another word, the result type', () => {
    const component = language.getQuickInfoAtPosition(file(), after('with keyContr'))
    const text = component?.documentation?.map((part) => part.text).join('') ?? ''
    expect(text).toMatch(/^\*\*keyContributors\*\* \(list\): /)
    expect(component?.textSpan).toEqual({
      start: after('with keyContributors') - 'keyContributors'.length,
      length: 'keyContributors'.length,
    })
    // A word written with an escape: the span covers it as written (`\u0070rimaryImage`, 17 characters).
    const escaped = language.getQuickInfoAtPosition(file(), after('with \\u0070ri'))
    expect(escaped?.documentation?.[0]?.text).toMatch(/^\*\*primaryImage\*\* \(pair\): /)
    expect(escaped?.textSpan).toEqual({ start: after("d = hqlText('explore Movie with "), length: 17 })
    const result = language.getQuickInfoAtPosition(file(), after("d = hqlText('exp"))
    expect(result?.documentation?.[0]?.text).toContain("TypedObject<'Movie'> & { primaryImage: ")
  })
})

function logger(lines: string[]): ts.server.Logger {
  return {
    close: () => {},
    hasLevel: () => true,
    loggingEnabled: () => true,
    perftrc: () => {},
    info: (message) => lines.push(message),
    startGroup: () => {},
    endGroup: () => {},
    msg: (message) => lines.push(message),
    getLogFileName: () => undefined,
  }
}
