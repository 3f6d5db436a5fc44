import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'rolldown'

// The JavaScript build (`npm run build` runs this, then scripts/build-declarations.ts for the declarations: see
// below why two tools). ES modules only. The chunks are decided by the entries, as rolldown decides them by default: a module lands in
// the chunk of the set of entries that reach it (the entries' own files, and a shared chunk per set), and a
// dynamic import (`hql lsp`'s language server) starts a chunk of its own. No rule names a module or a layer, so
// moving a file changes no chunk by accident, and rolldown keeps the source's execution order (a grouping by
// regular expression once put a module before one it reads at load: `componentNames` before initialization).
//
// What this costs an app's bundle was measured against the grouping it replaces and against one file per
// module (docs/performance.md, "Size"): an app's bundler drops what it does not reach inside a chunk as well
// (the modules declare no side effects: "sideEffects": false, and their top-level values are plain objects and
// functions), and fewer files mean fewer lazy initialisers in a CommonJS app (bench:size-commonjs).
// No CommonJS build: Node 20.19 and later load these modules from `require()` (test/package/build.test.ts).
//
// Declarations: rolldown 1.2 writes none itself (its dts plugin, rolldown-plugin-dts, or tsdown built on it,
// would make this one tool; neither is a dependency yet), so scripts/build-declarations.ts writes them once with
// TypeScript and bundles them with rollup-plugin-dts, one per entry of `entries` below (the CLI aside).

/**
 * The public entries (dist/index.js, types.js, schemas.js, syntax.js, language.js, service.js, testing.js, redis.js,
 * tanstack.js, ts-plugin.js) and the CLI behind the `hql` bin (cli.js).
 */
export const entries = {
  index: 'src/index.ts',
  types: 'src/types.ts',
  schemas: 'src/schemas.ts',
  syntax: 'src/syntax.ts',
  language: 'src/language-service.ts',
  service: 'src/service/index.ts',
  testing: 'src/testing/index.ts',
  redis: 'src/redis/index.ts',
  tanstack: 'src/tanstack/index.ts',
  'ts-plugin': 'src/ts-plugin/index.ts',
  cli: 'src/cli/main.ts',
} as const

/**
 * The dependencies only the CLI and `hql lsp` use: bundled into the chunks that use them (so that a library
 * install carries none of them: package.json lists them as devDependencies, docs/architecture.md); every other
 * dependency (zod, redis…) and Node's modules stay imports.
 */
export const bundledDependencies = ['commander', 'vscode-languageserver', 'vscode-jsonrpc'] as const

/** Whether `id` is a package import (not a relative path or a virtual module) this build leaves to Node. */
function isExternal(id: string): boolean {
  if (/^[./\\\0]/.test(id)) return false
  const name = id.split('/')[0] as string
  return !bundledDependencies.some((bundled) => name === bundled || name.startsWith(`${bundled}-`))
}

const root = fileURLToPath(new URL('.', import.meta.url))
const entryNames = new Map<string, string>(Object.entries(entries).map(([name, file]) => [file, name]))

export default defineConfig({
  input: Object.values(entries),
  external: isExternal,
  platform: 'node',
  transform: { target: 'es2022' },
  output: {
    dir: 'dist',
    format: 'esm',
    // Each entry at dist/<name>.js, where package.json's exports point; the chunks under dist/chunks/.
    entryFileNames: (chunk) => {
      const source = chunk.facadeModuleId && relative(root, chunk.facadeModuleId).replaceAll('\\', '/')
      return `${(source && entryNames.get(source)) || chunk.name}.js`
    },
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
    cleanDir: true,
  },
})
