import { defineConfig } from 'rolldown'

// The JavaScript build (`npm run build` runs this, then tsup for the declarations): ES modules only, one file
// per source module (rolldown's own preserveModules, relative imports written with their `.js`). Bundled into
// one file, the core would defeat tree-shaking: an app's bundler could no longer drop the modules it does not
// reach ("sideEffects": false), and fromJSON's top-level schema constructions would ride along into every
// browser bundle (21.8 kB instead of 12 kB gzip, measured with bench/size/hql.ts). One file per module also
// keeps one copy of each class (HqlError, the query class) shared by all entries.
// No CommonJS build: Node 20.19 and later load these modules from `require()` (test/package/build.test.ts).

/** The public entries (dist/index.js, service.js, testing.js, redis.js) and the CLI behind the `hql` bin (cli.js). */
export const entries = {
  index: 'src/index.ts',
  service: 'src/service/index.ts',
  testing: 'src/testing/index.ts',
  redis: 'src/redis/index.ts',
  cli: 'src/cli/main.ts',
} as const

// preserveModules names each file after its module (service/index.js); the entries keep their short names.
const entryNames = new Map<string, string>(
  Object.entries(entries).map(([name, file]) => [`${file.slice('src/'.length, -'.ts'.length)}`, name]),
)

export default defineConfig({
  input: Object.values(entries),
  // Dependencies (zod, commander, msw) and Node's modules stay imports; only our own modules are emitted.
  external: /^[^./]/,
  platform: 'node',
  transform: { target: 'es2022' },
  output: {
    dir: 'dist',
    format: 'esm',
    preserveModules: true,
    preserveModulesRoot: 'src',
    entryFileNames: (chunk) => `${entryNames.get(chunk.name) ?? chunk.name}.js`,
    sourcemap: true,
    cleanDir: true,
  },
})
