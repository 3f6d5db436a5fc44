// Issue 30's budget "20 distinct inline queries check in ≤ 2x the time of the same 20 in the builder": two files of
// user code, one writing 20 queries with hqlText, the other the same 20 as builder calls (what `hql generate`
// writes for them), each reading every query's result type. Each is checked by a fresh program (a fresh checker,
// parsed files shared), interleaved in rounds with a file of the prelude alone; a file's cost is its time minus
// the prelude's in the same round (the library's own types loaded once, as in the type budgets), and the figure
// is the ratio of the medians. Instantiations are counted the same way. `npx tsx bench/inline-vs-builder.ts`
// prints them; docs/performance.md and docs/text.md quote them.
import ts from 'typescript'
import path from 'node:path'
import { catalogFile, checkCatalog, generateModule } from '../src/catalog'
import { catalogTexts, grammarTexts } from '../test/inline/hql-texts'
import { projectRoot, virtualFilePrograms } from './type-cost'

/** The repository's queries (each once), and more written for this bench to reach 20, renamed q01…q20. */
const sources: readonly string[] = [
  ...Object.values(catalogTexts),
  ...Object.entries(grammarTexts)
    .filter(([name]) => name !== 'moviesByContributor')
    .map(([, text]) => text),
  'query x\nexplore ShowSeries\n  where traits in ["mhgnr-comedy", "mhgnr-drama"]\n  order by popularity desc\n  with primaryImage, keyTraits size 4\n  page size 25',
  'query x\nexplore\n  where returnType in [Movie, ShowEpisode] and sources != "mhsrc-netflix"\n  order by releaseDate asc\n  with primaryImage\n  page 2 size 5',
  'query x($t: TraitId)\nexplore Movie\n  where traits = $t\n  with keyContributors size 2 { primaryImage }\n  page size 12',
  'query x\nlookup "mhric-brad-pitt", "mhric-russell-crowe"\n  with primaryImage, contributions size 4',
  'query x($s: SourceId)\nexplore Movie\n  where sources = $s\n  order by name desc\n  with primaryImage, sources',
  'query x\nrelate ShowSeries to "mhmov-se7en" weight 0.7\n  with primaryImage, keyTraits\n  page size 7',
  'query x($liked: [MediaId])\nsilos for $liked\n  silo RecommendedForYou(name: "Picks")\n  silo GraphLens\n  with primaryImage\n  page size 4\n  silo size 8',
  'query x\nexplore Contributor\n  where contributorsOf = "mhmov-se7en"\n  order by name asc\n  with primaryImage, contributions size 3 { primaryImage }',
  'query x($p: Int = 1)\nexplore Movie\n  where (contributors = "mhric-brad-pitt" or contributors = "mhric-russell-crowe")\n  with keyTraits size 2, primaryImage\n  page $p size 30',
]

/** The 20 queries, named q01…q20. */
export const benchTexts: readonly { readonly name: string; readonly text: string }[] = sources.map(
  (text, i) => {
    const name = `q${String(i + 1).padStart(2, '0')}`
    return { name, text: text.replace(/^query \w+/, `query ${name}`) }
  },
)

// The result of a query, or of the query a function of parameters returns: read for every query of both files.
const header = `import type { Query, ResultOf } from 'hql'
type R<Q> = Q extends (...args: never[]) => infer X ? ResultOf<X> : Q extends Query<unknown> ? ResultOf<Q> : never
`
const results = benchTexts
  .map(({ name }) => `export const r_${name} = () => ({}) as R<typeof ${name}>`)
  .join('\n')

/** The prelude both files start with: the library's types loaded, one query of each kind read. */
export const prelude = `${header}import { hql, hqlText, returnType, images } from 'hql'
export const warmBuilder = hql.explore().filter(returnType.eq('ShowSeries')).with(images)
export const warmText = hqlText('lookup "mhsss-a" with images page 1 size 3')
export const warmResults = () => ({}) as [R<typeof warmBuilder>, R<typeof warmText>]
`

/** The 20 queries as hqlText calls. */
export function inlineFile(): string {
  const calls = benchTexts.map(({ name, text }) => `export const ${name} = hqlText(${JSON.stringify(text)})`)
  return `${prelude}\n${calls.join('\n')}\n${results}\n`
}

/** The same 20 as builder code: `hql generate`'s functions of them (with `H.` for the package). */
export function builderFile(): string {
  const text = benchTexts.map(({ text }) => text).join('\n\n')
  const check = checkCatalog({ files: [catalogFile('bench.hql', 'bench.hql', text)] })
  if (check.errors.length > 0) throw new Error(`the bench's queries: ${check.errors[0]?.message}`)
  if (check.queries.length !== benchTexts.length) throw new Error('the bench lost a query')
  const module = generateModule(check.queries).replace(/^import \* as H from 'hql'$/m, '')
  return `${prelude}import * as H from 'hql'\n${module}\n${results}\n`
}

/** A checker over one virtual file in bench/ (so `hql` resolves through tsconfig's paths), parsed files shared. */
export function fileChecker(): (text: string) => { ms: number; instantiations: number } {
  const virtualPath = path.join(projectRoot, 'bench', '__inline-vs-builder__.ts')
  const programOf = virtualFilePrograms(virtualPath)
  return (text) => {
    const start = process.hrtime.bigint()
    const program = programOf(text)
    const file = program.getSourceFile(virtualPath) as ts.SourceFile
    const errors = program.getSemanticDiagnostics(file)
    const ms = Number(process.hrtime.bigint() - start) / 1e6
    if (errors.length > 0)
      throw new Error(
        `the file does not type-check: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n')}`,
      )
    return { ms, instantiations: program.getInstantiationCount() }
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] as number
}

export interface InlineVsBuilder {
  readonly inlineMs: number
  readonly builderMs: number
  /** inline / builder, each over the prelude in its round. */
  readonly ratio: number
  readonly inlineInstantiations: number
  readonly builderInstantiations: number
}

/** `rounds` interleaved rounds of the prelude, the builder file and the inline file (the order turned each round). */
export function measure(rounds = 9): InlineVsBuilder {
  const check = fileChecker()
  const files = { prelude: prelude, builder: builderFile(), inline: inlineFile() }
  for (const text of Object.values(files)) check(text) // warm-up: parsed library files, the JIT
  const times = { builder: [] as number[], inline: [] as number[] }
  const counts = { prelude: 0, builder: 0, inline: 0 }
  const orders = [
    ['prelude', 'builder', 'inline'],
    ['inline', 'prelude', 'builder'],
    ['builder', 'inline', 'prelude'],
  ] as const
  for (let round = 0; round < rounds; round++) {
    const took: Record<string, number> = {}
    for (const name of orders[round % orders.length] as readonly (keyof typeof files)[]) {
      const { ms, instantiations } = check(files[name])
      took[name] = ms
      counts[name] = instantiations
    }
    times.builder.push((took['builder'] as number) - (took['prelude'] as number))
    times.inline.push((took['inline'] as number) - (took['prelude'] as number))
  }
  const builderMs = median(times.builder)
  const inlineMs = median(times.inline)
  return {
    inlineMs,
    builderMs,
    ratio: inlineMs / builderMs,
    inlineInstantiations: counts.inline - counts.prelude,
    builderInstantiations: counts.builder - counts.prelude,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 3)
  for (let run = 0; run < runs; run++) {
    const m = measure()
    console.log(
      `20 queries: hqlText ${m.inlineMs.toFixed(0)} ms, builder ${m.builderMs.toFixed(0)} ms, ratio ${m.ratio.toFixed(2)}x` +
        ` | instantiations: hqlText ${m.inlineInstantiations}, builder ${m.builderInstantiations} (${(m.inlineInstantiations / m.builderInstantiations).toFixed(2)}x)`,
    )
  }
}
