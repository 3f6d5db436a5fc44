// `npm run build && npx tsx bench/size-pieces.ts`: docs/performance.md's table of what each client piece costs
// (issue 26). Bundles the client core program (bench/size/client-core.ts: the quickstart query, createClient with
// a static token, one run) from dist/ as size-limit does (esbuild: bundle, tree-shake, minify; gzip level 9,
// deterministic, so one run is enough), then the same program with one piece added at a time, and prints each
// variant's min+gzip bytes over the core's (and the core's over builder + compile alone).
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))

const query = `hql.explore().filter(returnType.eq('Movie')).sort(releaseDate.desc())
  .with(primaryImage, keyContributors(primaryImage)).pageSize(10)`
const names =
  'hql, compile, createClient, staticTokenGrant, returnType, releaseDate, primaryImage, keyContributors'
const password = `passwordGrant({ authUrl: 'https://auth.example.com', clientId: 'id', clientSecret: 'secret',
  username: 'user', password: 'password', scope: ['public_profile'] })`

/** A program: the core's, with `imports` added, `auth` as the grant, `options` spread into createClient, `use` run. */
function program(piece: { imports?: string; auth?: string; options?: string; use?: string } = {}): string {
  return `import { ${names}${piece.imports ? `, ${piece.imports}` : ''} } from 'hql'
const query = ${query}
const client = createClient({ baseUrl: 'https://graph.example.com', auth: ${piece.auth ?? "staticTokenGrant('token')"}${
    piece.options ? `, ${piece.options}` : ''
  } })
console.log(compile(query))
${piece.use ?? 'client.run(query).then((page) => console.log(page.content.length))'}
`
}

const builderCompile = `import { hql, compile, returnType, releaseDate, primaryImage, keyContributors } from 'hql'
console.log(compile(${query}))
`

/** Each row: what is added to the core program, and the program. */
const pieces: [string, string][] = [
  [
    '`passwordGrant` (token store, margin, token endpoint)',
    program({ imports: 'passwordGrant', auth: password }),
  ],
  [
    '`paging()` (`items`, …)',
    program({
      imports: 'paging',
      options: 'paging: paging()',
      use: 'void (async () => { for await (const { object } of client.items(query, { maxItems: 50 })) console.log(object.name) })()',
    }),
  ],
  [
    '`strictCheck` (the model’s per-query check)',
    program({ imports: 'strictCheck', options: 'check: strictCheck' }),
  ],
  ['`looseCheck`', program({ imports: 'looseCheck', options: 'check: looseCheck' })],
  [
    '`rateLimit(memoryRateBudget(…))`',
    program({
      imports: 'rateLimit, memoryRateBudget',
      options: 'middleware: [rateLimit(memoryRateBudget({ requests: 5, windowSeconds: 1 }))]',
    }),
  ],
  ['`retries()`', program({ imports: 'retries', options: 'retry: retries()' })],
  [
    '`hooks({…})`',
    program({
      imports: 'hooks',
      options: 'middleware: [hooks({ afterResponse: (info) => console.log(info.status) })]',
    }),
  ],
  [
    '`recommended()` (`strictCheck`, `retries()`, `paging()`)',
    program({
      imports: 'recommended',
      options: '...recommended()',
      use: 'void (async () => { for await (const { object } of client.items(query, { maxItems: 50 })) console.log(object.name) })()',
    }),
  ],
]

/**
 * The floor under the core (issue 26's "what stands in the way"): two of the promises the issue asks of the core,
 * the redaction of secrets in every encoding and errors that carry the service's answer, bundled with builder +
 * compile before a line of the call is added. From src/ (neither `Secrets` nor the error base is an export of its
 * own), so each row is compared with builder + compile bundled from src/ too; these programs start with
 * `explore()`, as the size rows' do.
 */
// As bench/size/builder-compile.ts writes it (\`explore()\`, not \`hql.explore()\`: the size rows' programs).
const fromSource = (
  more: string,
) => `import { explore, compile, returnType, releaseDate, primaryImage, keyContributors } from 'hql'
${more}
console.log(compile(${query.replace('hql.explore()', 'explore()')}))
`
const redaction = `import { Secrets, redactFields } from '../src/client/secrets'
const secrets = new Secrets()
secrets.add('secret')
console.log(secrets.scrub('text'), secrets.redact({}), redactFields({}, secrets))`
const errors = `import { AbortedError, ClientConfigError, HttpError, InvalidResponseError, LimitExceededError, NetworkError, TimeoutError } from '../src/client/errors'
console.log(AbortedError, ClientConfigError, HttpError, InvalidResponseError, LimitExceededError, NetworkError, TimeoutError)`

/** Min+gzip bytes of a program bundled from dist/ (or from src/). */
async function size(source: string, from = '../dist/index.js'): Promise<number> {
  const result = await build({
    stdin: { contents: source, loader: 'ts', resolveDir: here('.') },
    alias: { hql: here(from) },
    bundle: true,
    treeShaking: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  })
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length
}

const fmt = (bytes: number) => bytes.toLocaleString('en-US')
const base = await size(builderCompile)
const core = await size(program())
console.log('| piece | bytes (min+gzip) |')
console.log('| --- | --- |')
console.log(
  `| the core: \`createClient\`, \`staticTokenGrant\`, \`run\` | ${fmt(core - base)} over builder + compile |`,
)
for (const [what, source] of pieces) console.log(`| ${what} | +${fmt((await size(source)) - core)} |`)
console.log(`\nbuilder + compile ${fmt(base)} B, the core program ${fmt(core)} B`)
const sourceBase = await size(fromSource(''), '../src/index.ts')
const withRedaction = await size(fromSource(redaction), '../src/index.ts')
const withErrors = await size(fromSource(`${redaction}\n${errors}`), '../src/index.ts')
console.log(
  `the floor, from src/: builder + compile ${fmt(sourceBase)} B, + the redaction of secrets +${fmt(withRedaction - sourceBase)} B, ` +
    `+ the error classes a call throws +${fmt(withErrors - withRedaction)} B: ${fmt(withErrors)} B before the call`,
)
