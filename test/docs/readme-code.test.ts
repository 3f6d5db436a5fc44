import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

// Every code block of the README is checked, so the docs cannot rot:
// - ts blocks are type-checked as modules, against the sources ('hql' resolves through tsconfig paths);
// - json blocks must parse; sh blocks' npm commands must name scripts package.json has;
// - text blocks (diagrams) are exempt, and any other language fails, so a new kind of block gets a check.
const root = fileURLToPath(new URL('../..', import.meta.url))
const readme = readFileSync(`${root}README.md`, 'utf8')

interface Block {
  readonly lang: string
  readonly code: string
  readonly line: number
}

function blocks(markdown: string): Block[] {
  const found: Block[] = []
  const fence = /^```(\S*)[^\n]*\n([\s\S]*?)^```\s*$/gm
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown))
    found.push({
      lang: match[1] ?? '',
      code: match[2] ?? '',
      line: markdown.slice(0, match.index).split('\n').length,
    })
  return found
}

const all = blocks(readme)
const checked = new Set(['ts', 'json', 'sh', 'text', 'hql'])

describe('README code blocks', () => {
  test('every block has a language this test checks', () => {
    expect(
      all.filter((b) => !checked.has(b.lang)).map((b) => `line ${b.line}: ${b.lang || '(none)'}`),
    ).toEqual([])
  })

  test('ts blocks type-check', () => {
    const dir = `${root}test/docs/.readme-blocks`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = all
      .filter((b) => b.lang === 'ts')
      .map((b) => {
        const file = `block-line-${b.line}.ts`
        // Blocks import repository files as a reader at the root would: './examples/…'.
        writeFileSync(`${dir}/${file}`, `${b.code.replaceAll("from './", "from '../../../")}\nexport {}\n`)
        return file
      })
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({
        extends: '../../../tsconfig.json',
        compilerOptions: { noUnusedLocals: false },
        include: files,
      }),
    )
    const tsc = `${root}node_modules/typescript/bin/tsc`
    let output = ''
    try {
      execFileSync(process.execPath, [tsc, '-p', `${dir}/tsconfig.json`], { encoding: 'utf8' })
    } catch (error) {
      output = String((error as { stdout?: string }).stdout)
    }
    rmSync(dir, { recursive: true, force: true })
    // Names the README line of each failing block: block-line-N.ts is the block opening at line N.
    expect(output).toBe('')
    expect(files.length).toBeGreaterThan(2)
  }, 60_000)

  test('json blocks parse', () => {
    for (const block of all.filter((b) => b.lang === 'json'))
      expect(() => JSON.parse(block.code), `README line ${block.line}`).not.toThrow()
  })

  test('npm commands in sh blocks name existing scripts', () => {
    const scripts = Object.keys(JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts as object)
    const builtIn = new Set(['ci', 'install', 'test', 'start', 'pack'])
    const named = all
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => [...b.code.matchAll(/\bnpm (?:run )?([\w:-]+)/g)].map((m) => m[1] ?? ''))
    expect(named.length).toBeGreaterThan(0)
    const missing = named.filter(
      (name) => !scripts.includes(name) && !(builtIn.has(name) && name !== 'test' && name !== 'start'),
    )
    expect(missing).toEqual([])
  })
})
