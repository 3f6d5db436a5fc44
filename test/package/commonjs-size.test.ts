import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appBundle, type AppBundle } from '../../bench/size-commonjs-apps'

// Issue 15's CommonJS row: the browser program of bench/size/hql.ts, bundled by esbuild in a "type": "commonjs"
// app, within 5 % of the same app as an ES module. Both apps install the package's build (dist/, made once per
// run by test/support/built-package.ts). Sizes are deterministic: no timing here.
const root = fileURLToPath(new URL('../..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'hql-commonjs-size-'))
let esm: AppBundle
let cjs: AppBundle

/** Puts the package under the app's node_modules (esbuild resolves zod from the package's real path). */
function install(app: string): void {
  mkdirSync(join(app, 'node_modules'), { recursive: true })
  symlinkSync(root, join(app, 'node_modules', 'hql'), 'dir')
}

beforeAll(async () => {
  esm = await appBundle(work, 'module', install)
  cjs = await appBundle(work, 'commonjs', install)
}, 120_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the browser bundle of a CommonJS app', () => {
  test('is within 5 % of the same app as an ES module', () => {
    expect(cjs.gzip / esm.gzip).toBeLessThanOrEqual(1.05)
  })

  test('carries no zod, in either app (the request rules it checks with are its own)', () => {
    for (const app of [esm, cjs]) expect(app.inputs.filter((f) => /zod/.test(f))).toEqual([])
  })
})

describe('the built chunks', () => {
  // Chunks that import each other run in an order rolldown cannot promise; the grouping must not create any.
  test('import one another without a cycle', () => {
    const dist = join(root, 'dist')
    const files = readdirSync(dist, { recursive: true })
      .map((f) => join(dist, String(f)))
      .filter((f) => f.endsWith('.js'))
    const imports = new Map(
      files.map((file) => [
        file,
        [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from\s*"(\.[^"]+)"/gm)].map((m) =>
          resolve(dirname(file), m[1] ?? ''),
        ),
      ]),
    )
    const done = new Set<string>()
    const cycles: string[] = []
    const visit = (file: string, path: string[]): void => {
      if (done.has(file)) return
      if (path.includes(file)) return void cycles.push([...path.slice(path.indexOf(file)), file].join(' -> '))
      for (const next of imports.get(file) ?? []) visit(next, [...path, file])
      done.add(file)
    }
    for (const file of files) visit(file, [])
    expect(files.length).toBeGreaterThan(10)
    expect(cycles).toEqual([])
  })
})
