import { readFile, readdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import vsctm from 'vscode-textmate'
import oniguruma from 'vscode-oniguruma'

const require = createRequire(import.meta.url)

let loaded: ReturnType<typeof loadGrammarOnce> | undefined
const loadGrammar = () => (loaded ??= loadGrammarOnce())

async function loadGrammarOnce() {
  const wasm = await readFile(require.resolve('vscode-oniguruma/release/onig.wasm'))
  await oniguruma.loadWASM(wasm)
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async () =>
      vsctm.parseRawGrammar(await readFile('grammar/hql.tmLanguage.json', 'utf8'), 'hql.tmLanguage.json'),
  })
  const grammar = await registry.loadGrammar('source.hql')
  if (!grammar) throw new Error('grammar not loaded')
  return grammar
}

/** Each token of a text: its text and its innermost scope. */
async function tokenize(text: string) {
  const grammar = await loadGrammar()
  const out: { text: string; scope: string }[] = []
  let state = vsctm.INITIAL
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, state)
    for (const token of result.tokens)
      out.push({
        text: line.slice(token.startIndex, token.endIndex),
        scope: token.scopes[token.scopes.length - 1] ?? '',
      })
    state = result.ruleStack
  }
  return out
}

describe('the TextMate grammar', () => {
  it('classifies every character of every grammar example', async () => {
    const files = (await readdir('grammar/examples')).filter((name) => name.endsWith('.hql'))
    expect(files.length).toBeGreaterThanOrEqual(3)
    for (const file of files) {
      const tokens = await tokenize(await readFile(`grammar/examples/${file}`, 'utf8'))
      const unclassified = tokens.filter((token) => token.text.trim() !== '' && token.scope === 'source.hql')
      expect(unclassified, file).toEqual([])
    }
  })

  it('gives keywords, names, parameters, strings, numbers and comments their scopes', async () => {
    const tokens = await tokenize(
      '# movies\nquery byContributor($c: ContributorId, $n: Int = 20)\nexplore Movie where contributors = $c and traits in ["mhgnr-\\"x\\""] page size 1e-1 boost only true',
    )
    const scopeOf = (text: string) => tokens.find((token) => token.text === text)?.scope
    expect(scopeOf('# movies')).toBe('comment.line.number-sign.hql')
    expect(scopeOf('query')).toBe('keyword.control.query.hql')
    expect(scopeOf('byContributor')).toBe('entity.name.function.hql')
    expect(scopeOf('$c')).toBe('variable.parameter.hql')
    expect(scopeOf('ContributorId')).toBe('support.type.hql')
    expect(scopeOf('explore')).toBe('keyword.control.endpoint.hql')
    expect(scopeOf('where')).toBe('keyword.other.hql')
    expect(scopeOf('contributors')).toBe('variable.other.member.hql')
    expect(scopeOf('=')).toBe('keyword.operator.comparison.hql')
    expect(scopeOf('\\"')).toBe('constant.character.escape.hql')
    expect(scopeOf('1e-1')).toBe('constant.numeric.hql')
    expect(scopeOf('true')).toBe('constant.language.boolean.hql')
  })

  it('gives fragments and their spreads their scopes', async () => {
    const tokens = await tokenize(
      'fragment movieCard on Movie { primaryImage }\nexplore Movie with ...movieCard',
    )
    const scopes = (text: string) => tokens.filter((token) => token.text === text).map((token) => token.scope)
    expect(scopes('fragment')).toEqual(['keyword.control.fragment.hql'])
    expect(scopes('movieCard')).toEqual(['entity.name.type.fragment.hql', 'entity.name.type.fragment.hql'])
    expect(scopes('on')).toEqual(['keyword.other.hql'])
    expect(scopes('...')).toEqual(['keyword.operator.spread.hql'])
  })
})
