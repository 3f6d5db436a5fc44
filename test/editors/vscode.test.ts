// The VS Code extension folder (editors/vscode): built and packed with vsce as `npm run vscode:pack` does, then
// the .vsix read back: manifest, grammar (the repository's own file), language configuration, bundled client.
import { execFile } from 'node:child_process'
import { builtinModules } from 'node:module'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverCommand } from '../../editors/vscode/src/server-command'
import { readZip } from './zip'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../../', import.meta.url))
const folder = join(root, 'editors/vscode')
const temp = mkdtempSync(join(tmpdir(), 'hql-vscode-'))
let vsix: Map<string, () => Buffer>

beforeAll(async () => {
  const out = join(temp, 'hql.vsix')
  await run(process.execPath, [join(folder, 'build.mjs'), '--pack', out], { cwd: root })
  vsix = readZip(readFileSync(out))
}, 120_000)

afterAll(() => rmSync(temp, { recursive: true, force: true }))

const text = (name: string) => {
  const entry = vsix.get(name)
  if (entry === undefined) throw new Error(`${name} is not in the .vsix: ${[...vsix.keys()].join(', ')}`)
  return entry().toString('utf8')
}

describe('editors/vscode packed with vsce package --no-dependencies', () => {
  it('holds the manifest, the grammar of grammar/, the language configuration and the bundled client', () => {
    const manifest = JSON.parse(text('extension/package.json'))
    expect(manifest.contributes.languages).toEqual([
      expect.objectContaining({
        id: 'hql',
        extensions: ['.hql'],
        configuration: './language-configuration.json',
      }),
    ])
    const [grammar] = manifest.contributes.grammars
    expect(grammar).toMatchObject({ language: 'hql', scopeName: 'source.hql' })
    // The very file of grammar/, copied at pack time: not a fork.
    expect(text(`extension/${grammar.path.replace(/^\.\//, '')}`)).toBe(
      readFileSync(join(root, 'grammar/hql.tmLanguage.json'), 'utf8'),
    )
    const configuration = JSON.parse(text('extension/language-configuration.json'))
    expect(configuration.comments).toEqual({ lineComment: '#' })
    expect(configuration.brackets).toEqual([
      ['{', '}'],
      ['[', ']'],
      ['(', ')'],
    ])
    expect(manifest.main).toBe('./dist/extension.js')
    expect(text('extension/dist/extension.js')).toBe(readFileSync(join(folder, 'dist/extension.js'), 'utf8'))
    expect(Object.keys(manifest.contributes.configuration.properties)).toEqual([
      'hql.server.path',
      'hql.service',
    ])
    expect(text('extension/readme.md')).toContain('hql.service')
    expect(text('extension/LICENSE.txt')).toContain('MIT License')
    // The sources stay out: the bundle is what runs.
    expect([...vsix.keys()].filter((name) => /src\/|\.ts$|build\.mjs/.test(name))).toEqual([])
  })

  it('bundles the client so that it loads nothing but vscode and Node built-ins at run time', async () => {
    const bundle = text('extension/dist/extension.js')
    const required = new Set([...bundle.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1] as string))
    const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)])
    expect([...required].filter((name) => name !== 'vscode' && !builtins.has(name))).toEqual([])
    expect(required).toContain('vscode')
    // Loaded for real in Node with a stand-in for vscode: any other package would fail to resolve (the
    // bundle sits in a folder without node_modules), and activate/deactivate must be exported.
    const alone = join(temp, 'alone')
    mkdirSync(alone, { recursive: true })
    writeFileSync(join(alone, 'extension.js'), bundle)
    const probe = `
      const Module = require('node:module')
      const load = Module._load
      Module._load = function (request, ...rest) {
        if (request === 'vscode') return new Proxy({}, { get: () => function () {} })
        return load.call(this, request, ...rest)
      }
      const extension = require(${JSON.stringify(join(alone, 'extension.js'))})
      console.log(typeof extension.activate, typeof extension.deactivate)`
    const { stdout } = await run(process.execPath, ['-e', probe], { cwd: alone })
    expect(stdout.trim()).toBe('function function')
  })

  it('type-checks against @types/vscode with its own tsconfig', async () => {
    const tsc = join(root, 'node_modules/typescript/bin/tsc')
    await expect(run(process.execPath, [tsc, '-p', folder, '--noEmit'], { cwd: root })).resolves.toBeDefined()
  }, 120_000)

  it('stays out of the npm package', () => {
    const files: string[] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).files
    expect(files.filter((entry) => entry.startsWith('editors'))).toEqual([])
    expect(files).toContain('grammar')
  })
})

describe('the command the extension starts', () => {
  it('is hql.server.path when set', () => {
    expect(serverCommand(' /opt/hql/bin/hql ', ['/work'])).toEqual({
      command: '/opt/hql/bin/hql',
      args: ['lsp', '--stdio'],
      cwd: '/work',
    })
  })

  it("is the workspace's node_modules/.bin/hql, else hql on the PATH", () => {
    const project = join(temp, 'project')
    const empty = join(temp, 'empty')
    mkdirSync(join(project, 'node_modules/.bin'), { recursive: true })
    mkdirSync(empty, { recursive: true })
    writeFileSync(join(project, 'node_modules/.bin/hql'), '')
    expect(serverCommand('', [empty, project])).toEqual({
      command: join(project, 'node_modules/.bin/hql'),
      args: ['lsp', '--stdio'],
      cwd: project,
    })
    expect(serverCommand(undefined, [empty], 'linux').command).toBe('hql')
    expect(serverCommand(undefined, [project], 'win32').command).toBe('hql')
    expect(serverCommand(undefined, [], 'linux')).toEqual({
      command: 'hql',
      args: ['lsp', '--stdio'],
      cwd: undefined,
    })
  })
})
