// Where typed inline text and parseQuery disagree: texts parseQuery refuses, each read by the type-level reader
// too. A text the types accept while parseQuery refuses it is a gap (a mistake found only at run time).
// `npx tsx bench/inline-gaps.ts` prints each text's run-time code and its type-level sentence (or "accepted").
import ts from 'typescript'
import path from 'node:path'
import { parseQuery } from '../src/text'
import { projectRoot } from './type-cost'

const ids = (n: number, prefix = 'mhmov-m') =>
  Array.from({ length: n }, (_, i) => `"${prefix}${i}"`).join(', ')

/** Texts that parseQuery refuses (most with codes the mistakes list has no sentence for). */
export const probes: readonly string[] = [
  'explore Movie where traits in []',
  'explore Movie where traits contains all []',
  'explore Movie page size 0',
  'explore Movie page size 1.5',
  'explore Movie page 1.5',
  'explore Movie with keyTraits size 0',
  'explore Movie with keyTraits at page 1.5',
  'explore Movie order by idsOrder []',
  `lookup ${ids(1001)}`,
  `relate Movie to ${ids(101)}`,
  `explore Movie where traits in [${ids(1001, 'mhgnr-g')}]`,
  'relate Movie to "mhmov-a" weight 2',
  'relate Movie to "mhmov-a" weight -1',
  'silos for ["mhmov-a"] silo Explore(name: "x") probability 1.5',
  'silos for ["mhmov-a"] silo Explore(name: "x") at [-1]',
  'silos for ["mhmov-a"] silo Explore(name: "x") at []',
  'silos for ["mhmov-a"] silo Collection(name: "x")',
  'silos for ["mhmov-a"] silo Explore(name: "x") silo size 0',
  'explore Movie explore Movie',
  'explore Movie explore Movie with',
  'query q($p: Int = "x") explore Movie page size $p',
  'query q($p: ContributorId = "mhmov-a") explore Movie where contributors = $p',
  'query q($c: ContributorId) explore Movie where contributors = $c and contributorsOf = $c',
  'explore Movie where ((((((((((((((((((((((((((((((((((((((((((((((((((traits = "mhgnr-a"))))))))))))))))))))))))))))))))))))))))))))))))) ',
  'explore Movie where returnType in [Movie, Movie]',
  'lookup "mhmov-a", "mhmov-a"',
  'explore Movie where traits != "mhgnr-a" and traits = "mhgnr-b"',
  'explore Movie page size 101',
  'explore Movie with keyTraits size 1e3',
  'relate to "mhusr-a"',
  'silos for ["mhmov-a"]',
  'explore Movie with keyTraits at page -1',
  'explore Movie with keyTraits size -3',
  'silos for ["mhmov-a"] silo GraphLens silo size 1.5',
  'silos for ["mhmov-a"] silo GraphLens page size 0',
  'silos for ["mhmov-a"] silo GraphLens probability -0.5',
]

/** Each probe's run-time code, and the type-level reading's sentence (or 'accepted'). */
export function gaps(): { text: string; code: string; types: string }[] {
  const configPath = path.join(projectRoot, 'tsconfig.json')
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
  const options = ts.parseJsonConfigFileContent(config, ts.sys, projectRoot).options
  const file = path.join(projectRoot, 'bench', '__inline-gaps__.ts')
  const lines = probes.map(
    (text, i) =>
      `export type G${i} = ReadText<${JSON.stringify(text)}> extends Failed<infer M> ? M : 'accepted'`,
  )
  const text = `import type { ReadText, Failed } from '../src/inline'\n${lines.join('\n')}\n`
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile.bind(host)
  host.getSourceFile = (name, version, onError) =>
    name === file ? ts.createSourceFile(name, text, version, true) : read(name, version, onError)
  const exists = host.fileExists.bind(host)
  host.fileExists = (name) => name === file || exists(name)
  const program = ts.createProgram({ rootNames: [file], options, host })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file) as ts.SourceFile
  const aliases = source.statements.filter(ts.isTypeAliasDeclaration)
  return probes.map((probe, i) => {
    let code = 'accepted'
    try {
      parseQuery(probe, { placeholders: true })
    } catch (error) {
      code = (error as { code: string }).code
    }
    const alias = aliases[i] as ts.TypeAliasDeclaration
    const type = checker.typeToString(
      checker.getTypeAtLocation(alias.name),
      undefined,
      ts.TypeFormatFlags.NoTruncation,
    )
    return { text: probe, code, types: type }
  })
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const { text, code, types } of gaps())
    console.log(`${code.padEnd(26)} ${types.slice(0, 110).padEnd(110)} ${text.slice(0, 70)}`)
