// A runtime dependency nothing imports is weight every install carries (ts-pattern was one): each package in
// `dependencies` must be imported by some file of src/, and each package src/ imports must be declared.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { builtinModules } from 'node:module'
import { describe, expect, test } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
  peerDependencies: Record<string, string>
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  )
}

/** The package a specifier names (`@scope/name/sub` → `@scope/name`), or undefined for a relative or Node one. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) return
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
  // Code that writes code (catalog/builder-code.ts) holds template specifiers; a package name has none of that.
  return /^(@[a-z0-9-~][\w.~-]*\/)?[a-z0-9-~][\w.~-]*$/.test(name) ? name : undefined
}

// Static imports and exports, and `import('…')` with a literal (the CLI loads node-redis that way).
const importPattern = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm

const imported = new Set(
  sourceFiles(join(root, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(importPattern)]
      .map((match) => packageOf(match[1]!))
      .filter((name): name is string => name !== undefined),
  ),
)

describe('runtime dependencies', () => {
  test('the import reader sees packages, not paths', () => {
    expect(packageOf('zod/mini')).toBe('zod')
    expect(packageOf('@codemirror/view')).toBe('@codemirror/view')
    expect(packageOf('vscode-languageserver/node')).toBe('vscode-languageserver')
    expect(packageOf('../model')).toBeUndefined()
    expect(packageOf('node:fs')).toBeUndefined()
    expect(packageOf('${options.importFrom}')).toBeUndefined()
  })

  test.each(Object.keys(manifest.dependencies))('%s is imported by src/', (name) => {
    expect(imported.has(name), `${name} is a dependency that nothing in src/ imports`).toBe(true)
  })

  test('every package src/ imports is declared', () => {
    const declared = new Set([
      manifest.name, // generated modules import hql itself
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.devDependencies),
      ...Object.keys(manifest.peerDependencies),
    ])
    expect([...imported].filter((name) => !declared.has(name))).toEqual([])
  })
})
