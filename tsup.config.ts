import { dirname, join, relative } from 'node:path'
import { buildSync, type Plugin } from 'esbuild'
import { defineConfig } from 'tsup'

// The public entry points: the core (`hql`, no Node imports), the Node-only reference service and testing
// helpers, each emitted as dist/<name>.js, .cjs, .d.ts and .d.cts; and the CLI behind the `hql` bin.
const entries: Record<string, string> = {
  index: 'src/index.ts',
  service: 'src/service/index.ts',
  testing: 'src/testing/index.ts',
}
const bins: Record<string, string> = { cli: 'src/cli/main.ts' }

// Every module the entries reach is emitted as its own file (dist/builder/query-value.js, …), its relative
// imports kept as imports. Bundled into one file, the core would defeat tree-shaking: an app's bundler
// could no longer drop the modules it does not reach ("sideEffects": false), and fromJSON's top-level schema
// constructions would ride along into every browser bundle (21.8 kB instead of 12.0 kB gzip, measured with
// bench/size/hql.ts). One file per module also keeps one copy of each class (HqlError, the query class)
// shared by all entries, as code splitting did.
const reached = buildSync({
  entryPoints: [...Object.values(entries), ...Object.values(bins)],
  bundle: true,
  write: false,
  metafile: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  outdir: 'dist',
  logLevel: 'silent',
}).metafile.inputs
const outputOf = new Map<string, string>(
  Object.entries({ ...entries, ...bins }).map(([name, file]) => [file, name]),
)
for (const file of Object.keys(reached))
  if (file.startsWith('src/') && !outputOf.has(file)) outputOf.set(file, file.slice(4).replace(/\.ts$/, ''))

/** Marks each relative import external, rewritten to the emitted file of the module it names. */
const keepModules: Plugin = {
  name: 'keep-modules',
  setup(build) {
    const extension = build.initialOptions.format === 'cjs' ? '.cjs' : '.js'
    build.onResolve({ filter: /^\.\.?(\/|$)/ }, ({ path, importer, kind }) => {
      if (kind === 'entry-point') return undefined
      const from = outputOf.get(relative(process.cwd(), importer))
      const base = join(dirname(relative(process.cwd(), importer)), path)
      const target = [`${base}.ts`, join(base, 'index.ts')].find((file) => outputOf.has(file))
      if (from === undefined || target === undefined) return undefined
      const spec = relative(dirname(from), outputOf.get(target) as string)
      return { path: `${spec.startsWith('.') ? '' : './'}${spec}${extension}`, external: true }
    })
  },
}

export default defineConfig({
  entry: Object.fromEntries([...outputOf].map(([file, name]) => [name, file])),
  format: ['esm', 'cjs'],
  dts: { entry: entries },
  esbuildPlugins: [keepModules],
  clean: true,
  sourcemap: true,
  target: 'es2022',
})
