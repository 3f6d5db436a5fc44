// `npm run bench:size`: docs/performance.md's size table. Measures, in one run and the way `npm test` checks our budget
// (size-limit with preset-small-lib: esbuild bundle, tree-shaken and minified, gzip), the browser bundle of
// hql (bench/size/hql.ts, from the build in dist/) next to small programs that do a comparable job with other
// libraries (bench/size/*.ts). Run `npm run build` first (the npm script does).
import { fileURLToPath } from 'node:url'
import preset from '@size-limit/preset-small-lib'
import sizeLimit from 'size-limit'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const dist = here('../dist/index.js')

const rows = [
  { what: '**hql**: builder + compile of the quickstart query', file: 'builder-compile.ts' },
  { what: '**hql**: + the client core (static token, one run, no piece)', file: 'client-core.ts' },
  { what: '**hql**: builder + compile + client (password grant, strict response check)', file: 'hql.ts' },
  {
    what: '**hql**: the quickstart program (password grant, `recommended()`: strict check, retries, items)',
    file: 'quickstart.ts',
  },
  { what: 'ky: one JSON POST', file: 'ky.ts' },
  { what: 'openapi-fetch: one typed POST', file: 'openapi-fetch.ts' },
  { what: 'graphql-request: one query', file: 'graphql-request.ts' },
  { what: "zod: `import { z } from 'zod'`, one small schema", file: 'zod.ts' },
  { what: 'zod/mini: the same schema', file: 'zod-mini.ts' },
]

const checks = rows.map((row) => ({
  name: row.file,
  files: [here(`size/${row.file}`)],
  gzip: true,
  // As in .size-limit.js: `hql` is the build, not src/ (which tsconfig's paths would give esbuild).
  modifyEsbuildConfig: (config: { alias?: Record<string, string> }) => ({
    ...config,
    alias: { ...config.alias, hql: dist },
  }),
}))
const results = (await sizeLimit(preset, { checks, cwd: here('..') })) as { size: number }[]

const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`
console.log('| bundle (esbuild, minified, gzip) | size |')
console.log('| --- | --- |')
rows.forEach((row, i) => console.log(`| ${row.what} | ${kb(results[i]?.size ?? Number.NaN)} |`))
console.log(
  `\nhql: ${rows
    .slice(0, 4)
    .map((row, i) => `${row.file} ${results[i]?.size} B`)
    .join(', ')} (npm test checks the budgets in .size-limit.js)`,
)

// Issue 26's targets, not enforced until met (.size-limit.js's pendingBudgets): each row against its target.
const configPath: string = '../.size-limit.js'
const { pendingBudgets } = (await import(configPath)) as {
  pendingBudgets: { name: string; path: string; limit: string }[]
}
const sizeOf = new Map(rows.map((row, i) => [`bench/size/${row.file}`, results[i]?.size ?? Number.NaN]))
console.log('\n| pending budget (issue 26) | size | target | met |')
console.log('| --- | --- | --- | --- |')
for (const { name, path, limit } of pendingBudgets) {
  const size = sizeOf.get(path) ?? Number.NaN
  const target = Number.parseFloat(limit) * 1000
  console.log(`| ${name} | ${kb(size)} | ${limit} | ${size <= target ? 'yes' : 'no'} |`)
}
