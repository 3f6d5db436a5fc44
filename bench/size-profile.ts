// `npm run bench:size-profile [program] [--src]`: what the browser bundle of a program of bench/size/ (hql.ts by
// default; `quickstart`, `client-core`, …) is made of, for whoever sets out to shrink it. Bundles the program
// from dist/ (from src/ with --src) as size-limit does (esbuild: bundle, tree-shake, minify), then prints each
// module's share of the min+gzip figure, measured as how much the gzipped bundle shrinks when that module's code
// is left out (gzip shares its dictionary across modules, so a module's own gzip size would overstate it), and
// the share of string literals (error messages, tables) against code.
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const args = process.argv.slice(2)
const program = args.find((arg) => !arg.startsWith('--')) ?? 'hql'
// From the sources, each source file is a module of its own (dist/ holds chunks of several).
const fromSources = args.includes('--src')
const gzip = (text: string) => gzipSync(text, { level: 9 }).length

/** The bundle with each module's code preceded by esbuild's `// <path>` comment, identifiers minified. */
async function bundle(minifyWhitespace: boolean): Promise<string> {
  const result = await build({
    entryPoints: [here(`size/${program}.ts`)],
    alias: { hql: here(fromSources ? '../src/index.ts' : '../dist/index.js') },
    bundle: true,
    treeShaking: true,
    minifyIdentifiers: true,
    minifySyntax: true,
    minifyWhitespace,
    write: false,
    outdir: here('.size-profile'),
    logLevel: 'error',
  })
  return result.outputFiles[0]?.text ?? ''
}

const minified = await bundle(true)
const annotated = await bundle(false)
const total = gzip(annotated)
// Scaled to the minified figure: the annotated bundle keeps whitespace, which gzip mostly absorbs.
const scale = gzip(minified) / total
const modules = annotated.split(/^(?=[ \t]*\/\/ \S+\.(?:js|ts)$)/m)
const shares = modules.map((code, i) => ({
  module: (/^\s*\/\/ (\S+)/.exec(code)?.[1] ?? '(prelude)').replace(/^.*?(?:dist|src)\//, ''),
  bytes: Math.round((total - gzip(modules.filter((_, j) => j !== i).join(''))) * scale),
}))
shares.sort((a, b) => b.bytes - a.bytes)

const literals = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`/g
console.log(`bundle: ${gzip(minified)} B min+gzip (${minified.length} B minified)`)
console.log(`without its string literals: ${gzip(minified.replace(literals, '""'))} B min+gzip`)
console.log('\n| module | ≈ B of the min+gzip figure |\n| --- | --- |')
for (const { module, bytes } of shares) console.log(`| ${module} | ${bytes} |`)
