// Builds the extension: bundles the client with esbuild into dist/extension.js (vscode is the only module it
// loads at run time besides Node's own) and copies the grammar from the repository's grammar/ (one file, not a
// fork) into syntaxes/. With --pack <file.vsix>, packs the folder with vsce.
// Run from the repository root: npm run vscode:pack
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '../..')

export async function buildExtension() {
  await build({
    entryPoints: [join(here, 'src/extension.ts')],
    outfile: join(here, 'dist/extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    logLevel: 'warning',
  })
  mkdirSync(join(here, 'syntaxes'), { recursive: true })
  copyFileSync(join(root, 'grammar/hql.tmLanguage.json'), join(here, 'syntaxes/hql.tmLanguage.json'))
}

/** vsce from the repository's devDependencies; --no-dependencies because the bundle holds the client. */
export function packExtension(out) {
  const vsce = join(root, 'node_modules/@vscode/vsce/vsce')
  execFileSync(process.execPath, [vsce, 'package', '--no-dependencies', '--out', resolve(out)], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildExtension()
  const at = process.argv.indexOf('--pack')
  if (at >= 0) packExtension(process.argv[at + 1] ?? join(here, 'hql.vsix'))
}
