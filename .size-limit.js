// The size budgets `npm test` enforces (issues 6 and 26): browser bundles of builder, compile and client, taken from
// the built package (dist/, what users install), tree-shaken and minified by esbuild and gzipped, as
// size-limit's preset-small-lib measures it. `npm run bench:size` measures other libraries the same way.
import { fileURLToPath } from 'node:url'

const dist = fileURLToPath(new URL('./dist/index.js', import.meta.url))

/** Resolves `hql` to the build, not to src/ (which tsconfig's paths would otherwise give esbuild). */
export const fromDist = (config) => ({ ...config, alias: { ...config.alias, hql: dist } })

export default [
  {
    name: 'hql: builder + compile + client (browser, min+gzip)',
    path: 'bench/size/hql.ts',
    limit: '16 kB',
    gzip: true,
    modifyEsbuildConfig: fromDist,
  },
  {
    // Issue 26's stretch for this row, 5 kB, met in session 18 (4,954 B; docs/performance.md, "Round s18").
    name: 'hql: builder + compile of the quickstart query (browser, min+gzip)',
    path: 'bench/size/builder-compile.ts',
    limit: '5 kB',
    gzip: true,
    modifyEsbuildConfig: fromDist,
  },
  {
    // The playground `hql serve` answers at /playground/ (issue 13): CodeMirror, the language service, text,
    // compile and the client, as scripts/build-playground.ts bundles it (minified). docs/playground.md states it.
    name: 'hql playground: dist/playground/playground.js (min+gzip)',
    path: 'dist/playground/playground.js',
    limit: '158 kB',
    gzip: true,
  },
]

/**
 * Issue 26's table, not met yet (the issue stays open, its note says what stands in the way; its first row, the
 * builder and compile of the quickstart query alone, met its 6 kB, then its stretch of 5 kB, and is enforced
 * above): the client's core (a static token, one run, no optional piece); the quickstart program (password grant,
 * strict check, retries, items). `npm run bench:size` measures each
 * against its target; a row moves into the list above, which `npm test` enforces, when it meets it. Kept
 * apart rather than enforced at today's sizes: a budget raised to pass is no budget.
 */
export const pendingBudgets = [
  {
    name: 'hql: + createClient with staticTokenGrant, one run, no optional piece (browser, min+gzip)',
    path: 'bench/size/client-core.ts',
    limit: '8 kB',
    gzip: true,
    modifyEsbuildConfig: fromDist,
  },
  {
    name: 'hql: the quickstart program: password grant, strict check, retries, items (browser, min+gzip)',
    path: 'bench/size/quickstart.ts',
    limit: '12 kB',
    gzip: true,
    modifyEsbuildConfig: fromDist,
  },
]
