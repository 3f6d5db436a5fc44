// hql/ts-plugin in builder code (issue 31): TypeScript's completions as an editor ranks them (by sortText, then
// name), with and without the plugin, through the language service API over the built package (dist/), as a
// user's editor reads it. After `.filter(` the filter helpers come first, imported or still to import; after an
// id operator's quote nothing is offered, where TypeScript offered the type error's sentence; after a query's dot,
// its methods without its data.
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, test } from 'vitest'
import { cursor, snippetService } from '../support/language-service'

const root = fileURLToPath(new URL('../..', import.meta.url))
const snippetPath = path.join(root, 'test', '__plugin_editor__.ts')
const filterHelpers = ['collections', 'contributors', 'contributorsOf', 'returnType', 'sources', 'traits']

const { service: plain, load } = snippetService(snippetPath)
// The plugin as tsserver loads it: require() of the built module, its factory handed this TypeScript.
const init = createRequire(import.meta.url)(path.join(root, 'dist', 'ts-plugin.js')) as (modules: {
  typescript: typeof ts
}) => { create(info: object): ts.LanguageService }
const plugged = init({ typescript: ts }).create({ languageService: plain, config: {} })

/** The names completed at the cursor, in the editor's order; auto-imports offered, as VS Code does. */
function completions(service: ts.LanguageService, snippet: string): string[] {
  const at = load(snippet)
  const info = service.getCompletionsAtPosition(snippetPath, at, {
    includeCompletionsForModuleExports: true,
    includeCompletionsWithInsertText: true,
  })
  return [...(info?.entries ?? [])]
    .sort((a, b) =>
      a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : a.name.localeCompare(b.name),
    )
    .map((entry) => entry.name)
}

/** The type errors of a snippet, each message flattened to one string. */
function errors(service: ts.LanguageService, snippet: string): string[] {
  load(snippet)
  return service
    .getSemanticDiagnostics(snippetPath)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

describe('hql/ts-plugin ranks and cleans completions in builder code', () => {
  test('after .filter( the filter helpers come first, imported or still to import', () => {
    const snippet = `import { hql } from 'hql'\nhql.explore().filter(${cursor})`
    const before = completions(plain, snippet)
    // TypeScript alone: its globals first, the helpers (offered for import) after them.
    expect(before.indexOf('returnType')).toBeGreaterThan(before.indexOf('AbortController'))
    const after = completions(plugged, snippet)
    expect(after.slice(0, filterHelpers.length).sort()).toEqual(filterHelpers)
    expect(after.length).toBe(before.length)
  })

  test('an imported helper first of all, on every query type, at a later argument too', () => {
    for (const query of [
      `hql.explore().filter(returnType.eq('Movie'), ${cursor})`,
      `hql.relate('mhmov-gladiator').filter(${cursor})`,
      `hql.silos(silo.explore()).filter(${cursor})`,
    ]) {
      const after = completions(plugged, `import { hql, returnType, silo } from 'hql'\n${query}`)
      expect(after[0]).toBe('returnType')
      expect(after.slice(0, filterHelpers.length).sort()).toEqual(filterHelpers)
    }
  })

  test("another .filter( (an array's) keeps TypeScript's order", () => {
    const snippet = `import { hql } from 'hql'\nconst kept = [1, 2].filter(${cursor})`
    expect(completions(plugged, snippet)).toEqual(completions(plain, snippet))
  })

  test("after an id operator's quote it offers nothing, not the type error's sentence", () => {
    for (const call of [
      `traits.eq('${cursor}')`,
      `contributors.eq('mhric-${cursor}')`,
      `traits.in('${cursor}')`,
    ]) {
      const snippet = `import { hql, traits, contributors } from 'hql'\nhql.explore().filter(${call})`
      expect(completions(plain, snippet).join()).toContain('is not an id')
      expect(completions(plugged, snippet)).toEqual([])
    }
  })

  test("after a query's dot, its methods without its body and endpoint; any other object keeps them", () => {
    const methods = ['filter', 'page', 'pageSize', 'sort', 'with']
    const snippet = `import { hql } from 'hql'\nhql.explore().${cursor}`
    expect(completions(plain, snippet)).toEqual(['body', 'endpoint', ...methods])
    expect(completions(plugged, snippet)).toEqual(methods)
    expect(completions(plugged, `import { hql } from 'hql'\nhql.lookup('mhmov-x').${cursor}`)).toEqual([
      'page',
      'pageSize',
      'with',
    ])
    const other = `const own = { body: 1, endpoint: 2 }\nown.${cursor}`
    expect(completions(plugged, other)).toEqual(['body', 'endpoint'])
  })

  test('names still complete after a quote: returnType and components', () => {
    const snippet = `import { hql, returnType } from 'hql'\nhql.explore().filter(returnType.eq('${cursor}'))`
    expect(completions(plugged, snippet)).toEqual(completions(plain, snippet))
    expect(completions(plugged, snippet)).toContain('Movie')
  })
})

describe('hql/ts-plugin says a name that is no component as the run time does', () => {
  const imports = `import { hql, returnType, keyContributors, primaryImage, allSubscriptions } from 'hql'\n`
  const movies = `hql.explore().filter(returnType.eq('Movie'))`

  test(".with('primaryImg') and a nesting call suggest the name, where TypeScript listed the union", () => {
    const snippet = `${imports}${movies}.with('primaryImg', keyContributors('primaryImg'), keyContributors.pageSize(3)('x'))`
    for (const message of errors(plain, snippet)) expect(message).toMatch(/ComponentSpec<|" \| "/)
    expect(errors(plugged, snippet)).toEqual([
      "hql: unknown component 'primaryImg'; did you mean 'primaryImage'? (unknown_component)",
      "hql: unknown component 'primaryImg'; did you mean 'primaryImage'? (unknown_component)",
      "hql: unknown component 'x' (unknown_component)",
    ])
  })

  test("a component that does not apply keeps the types' own sentence; other errors are TypeScript's", () => {
    const snippet = `${imports}${movies}.with('allSubscriptions', allSubscriptions)\nconst n: number = 'one'`
    expect(errors(plugged, snippet)).toEqual(errors(plain, snippet))
  })
})

describe('hql/ts-plugin names the prefixes a place takes for an id of the wrong type', () => {
  test('a filter, a relate factor and a Collection blueprint say what `hql check` says', () => {
    const snippet = `import { hql, contributors, contributorsOf, traits, silo } from 'hql'
hql.explore().filter(contributors.eq('mhmov-gladiator'), traits.in('mhgnr-drama', 'mhric-y'), contributorsOf.eq('mhals-current-user'))
hql.relate('mhsrc-netflix')
silo.collection({ id: 'mhmov-gladiator' })
`
    for (const message of errors(plain, snippet)) expect(message).toContain('is the wrong type of id here')
    expect(errors(plugged, snippet)).toEqual([
      "hql: expected a Contributor id (mhric…, mhrgc…, mhfic…, mhfgc…), got 'mhmov-gladiator' (wrong_id_prefix)",
      "hql: expected a Trait id (mhgnr…, mhsgn…, mhmod…, mhsmd…, …), got 'mhric-y' (wrong_id_prefix)",
      "hql: expected a media (Movie, ShowSeries, ShowEpisode, …) id (mhmov…, mhsss…, mhssn…, mhsep…, …), got 'mhals-current-user' (wrong_id_prefix)",
      "hql: expected a user, a contributor or media (Movie, ShowSeries, ShowEpisode, …) id (mhusr…, mhmov…, mhsss…, mhssn…, …), got 'mhsrc-netflix' (wrong_id_prefix)",
      "hql: expected a Collection id (mhcol…), got 'mhmov-gladiator' (wrong_id_prefix)",
    ])
  })

  test("a malformed id keeps the types' sentence", () => {
    const snippet = `import { hql } from 'hql'\nhql.lookup('mhmovABC')`
    expect(errors(plugged, snippet)).toEqual(errors(plain, snippet))
    expect(errors(plugged, snippet)[0]).toContain("'mhmovABC' is not an id")
  })
})
