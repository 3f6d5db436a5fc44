// Builds the playground `hql serve` answers at /playground/ (issue 13) into dist/playground/: one minified
// ES module (CodeMirror, the language service, text, compile and the client, bundled for browsers: a Node
// import is a build error), its page and its style. `npm run build` runs it after rolldown, whose cleanDir
// would otherwise remove it.
import { build } from 'esbuild'
import { copyFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Writes index.html, playground.js and playground.css into `outDir` (dist/playground by default). */
export async function buildPlayground(outDir = join(root, 'dist/playground')): Promise<void> {
  await mkdir(outDir, { recursive: true })
  await build({
    entryPoints: [join(root, 'src/playground/main.ts')],
    outfile: join(outDir, 'playground.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  for (const file of ['index.html', 'playground.css', 'icon.svg'])
    await copyFile(join(root, 'src/playground', file), join(outDir, file))
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1])
  await buildPlayground()
