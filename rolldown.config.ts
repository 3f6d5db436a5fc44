import { defineConfig } from 'rolldown'

// The JavaScript build (`npm run build` runs this, then scripts/build-declarations.ts for the declarations): ES modules only, in two
// kinds of file.
//
// - The browser core, the zod-free modules of model/, builder/, compile/compile and client/, comes as one
//   chunk per layer (dist/core/model.js, builder.js, compile.js, client.js). An app's bundler wraps every
//   ES module it reaches in a lazy initialiser when the app is CommonJS (esbuild, for a "type": "commonjs"
//   app importing without exporting): one file per module cost such an app ~0.85 kB gzip over the same app
//   as an ES module (1.053x), four files cost ~0.4 kB (docs/performance.md, "Size";
//   `npm run bench:size-commonjs`). Those four chunks import only each other (model ← builder, compile ←
//   client): no cycle between chunks, so execution order is the source's.
// - Every other module keeps a file of its own (dist/model/request/bodies.js, dist/text/parser.js, …), as
//   preserveModules would give it: an app's bundler drops the files it does not reach ("sideEffects": false).
//   Bundled into the core, fromJSON's top-level schema constructions would ride along into every browser
//   bundle (21.8 kB instead of 12 kB gzip, measured with bench/size/hql.ts).
// One copy of each module either way, so one copy of each class (HqlError, the query class) for all entries.
// No CommonJS build: Node 20.19 and later load these modules from `require()` (test/package/build.test.ts).

/** The public entries (dist/index.js, service.js, testing.js, redis.js, tanstack.js, ts-plugin.js) and the CLI behind the `hql` bin (cli.js). */
export const entries = {
  index: 'src/index.ts',
  service: 'src/service/index.ts',
  testing: 'src/testing/index.ts',
  redis: 'src/redis/index.ts',
  tanstack: 'src/tanstack/index.ts',
  'ts-plugin': 'src/ts-plugin/index.ts',
  cli: 'src/cli/main.ts',
} as const

/** Path inside src/ without `.ts` (`model/request/bodies`), or undefined for a module outside src/. */
function sourcePath(id: string): string | undefined {
  return /[\\/]src[\\/](.+)\.ts$/.exec(id)?.[1]?.replaceAll('\\', '/')
}

const entryNames = new Map<string, string>(
  Object.entries(entries).map(([name, file]) => [file.slice('src/'.length, -'.ts'.length), name]),
)

// Modules of the core layers that stay files of their own: they import zod (the request schemas, fromJSON,
// the issue mapping), are tables only the language service and docs read, or build checkers when they load (the
// response checks and the token's: in the model chunk a bundler kept their top-level constructions in every
// program, builder + compile 6.86 → 5.81 kB gzip once they left it).
const notCore =
  /^(?:model\/(?:request\/|issues$|response\/|token$|error-codes$|component-docs$)|compile\/(?!compile$)|builder\/dual$|client\/budget$)/

/** The core chunk a module belongs to (`core/model`), or null. */
export function coreChunk(id: string): string | null {
  const path = sourcePath(id)
  if (path === undefined || notCore.test(path)) return null
  const layer = /^(model|builder|compile|client)\//.exec(path)?.[1]
  return layer === undefined ? null : `core/${layer}`
}

/** One chunk per module (`text/parser`) for the rest of src/, entries aside (they are named below). */
function ownChunk(id: string): string | null {
  const path = sourcePath(id)
  return path === undefined || entryNames.has(path) ? null : path
}

export default defineConfig({
  input: Object.values(entries),
  // Dependencies (zod, commander, msw) and Node's modules stay imports; only our own modules are emitted.
  external: /^[^./]/,
  platform: 'node',
  transform: { target: 'es2022' },
  // Groups below take a module without the modules it imports (each is grouped on its own), which rolldown
  // allows only if an entry chunk may export more than its module does.
  preserveEntrySignatures: 'allow-extension',
  output: {
    dir: 'dist',
    format: 'esm',
    entryFileNames: (chunk) => {
      const path = chunk.facadeModuleId === null ? undefined : sourcePath(chunk.facadeModuleId)
      return `${(path !== undefined && entryNames.get(path)) || chunk.name}.js`
    },
    chunkFileNames: '[name].js',
    codeSplitting: {
      includeDependenciesRecursively: false,
      groups: [
        { name: coreChunk, debugName: 'core', priority: 2 },
        { name: ownChunk, debugName: 'own', priority: 1 },
      ],
    },
    sourcemap: true,
    cleanDir: true,
  },
})
