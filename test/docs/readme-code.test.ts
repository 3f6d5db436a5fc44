import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { catalogFile, checkCatalog } from '../../src/catalog'
import { builtPackagePaths } from '../support/built-package'
import { blocks, docFiles, read, root } from './markdown'

// Every code block of the README, of docs/*.md and of grammar/README.md is checked, so the docs cannot rot:
// - ts blocks are type-checked as modules, against the built package's declarations (what users install);
// - json blocks must parse; sh blocks' npm commands must name scripts package.json has;
// - hql blocks must pass `hql check` (parse, resolve, validate every query, as a catalog);
// - hql lines in sh blocks name subcommands and flags the CLI has (test/docs/cli-lines.test.ts);
// - blocks that are not code say what they are, and are exempt: text (diagrams), console (what a program
//   prints), lua and toml (an editor's settings); http (a request, which test/docs/responses.test.ts sends).
//   Any other language fails, so a new kind of block gets a check.
const all = docFiles.flatMap((file) => blocks(file))
const checked = new Set(['ts', 'json', 'sh', 'hql', 'text', 'console', 'lua', 'toml', 'http'])
const where = (b: { file: string; line: number }): string => `${b.file}:${b.line}`

describe('code blocks of the README and docs/', () => {
  test('every block has a language this test checks', () => {
    expect(all.filter((b) => !checked.has(b.lang)).map((b) => `${where(b)}: ${b.lang || '(none)'}`)).toEqual(
      [],
    )
  })

  test('ts blocks type-check', () => {
    const dir = `${root}test/docs/.readme-blocks`
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const files = all
      .filter((b) => b.lang === 'ts')
      .map((b) => {
        // docs/client.md's block at line 16 is docs-client.md-line-16.ts.
        const file = `${b.file.replaceAll('/', '-')}-line-${b.line}.ts`
        // Blocks import repository files as a reader at the root would: './examples/…'.
        writeFileSync(`${dir}/${file}`, `${b.code.replaceAll("from './", "from '../../../")}\nexport {}\n`)
        return file
      })
    writeFileSync(
      `${dir}/tsconfig.json`,
      JSON.stringify({
        extends: '../../../tsconfig.json',
        compilerOptions: { noUnusedLocals: false, paths: builtPackagePaths(dir) },
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
    // Names the page and line of each failing block: README.md-line-N.ts is the README's block opening at line N.
    expect(output).toBe('')
    expect(files.length).toBeGreaterThan(10)
  }, 120_000)

  test('json blocks parse', () => {
    for (const block of all.filter((b) => b.lang === 'json'))
      expect(() => JSON.parse(block.code), where(block)).not.toThrow()
  })

  test('hql blocks pass `hql check`', () => {
    const hql = all.filter((b) => b.lang === 'hql')
    expect(hql.length).toBeGreaterThan(1)
    for (const block of hql) {
      const { errors } = checkCatalog({ files: [catalogFile(where(block), where(block), block.code)] })
      expect(
        errors.map((e) => e.message),
        where(block),
      ).toEqual([])
    }
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

describe('the README', () => {
  const readme = read('README.md')

  test('has no line longer than 120 characters', () => {
    const long = readme
      .split('\n')
      .map((line, i) => ({ line: i + 1, length: line.length }))
      .filter(({ length }) => length > 120)
    expect(long).toEqual([])
  })

  test('stays short: the depth is in docs/', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12_500)
  })

  test('opens with the commands a new user runs, and the test command is the one CI runs', () => {
    const [first] = blocks('README.md', readme)
    expect(first?.line).toBe(3)
    expect(first?.code).toMatch(/^npm ci && npm start +#/m)
    expect(first?.code).toMatch(/^npm test +#/m)
    expect(read('.ci/run')).toMatch(/^npm ci\nnpm test$/m)
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>
    expect(scripts['start']).toBe('tsx examples/demo.ts')
  })
})
