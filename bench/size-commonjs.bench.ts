// `npm run bench:size-commonjs`: issue 15's row "the same app with `"type": "commonjs"`". The browser program of
// bench/size/hql.ts is bundled twice from the packed package (`npm pack`, installed in a temporary app, as users
// get it): once in an app whose package.json says "type": "module", once "type": "commonjs", each the way
// size-limit's preset-small-lib measures (esbuild: bundle, tree-shake, minify; gzip level 9). One run prints
// both sizes and their ratio; the target is a CommonJS figure within 5 % of the ES module one.
//
// Why they differ: esbuild takes an entry with `import` but no `export` in a "type": "commonjs" package for
// CommonJS, so every ES module file it reaches is wrapped in a lazy initialiser (`var init_x = __esm(…)`, with
// its own "use strict", and `init_x()` calls in its importers), whatever the code does. With one file per
// module (50 files) that was 0.85 kB gzip (1.053x); the build's chunks are now the entries' (rolldown.config.ts),
// a few shared files, and the wrappers cost ~0.54 kB (1.030x).
// (The same entry with an `export {}` line is taken for an ES module and measures as the "type": "module" app.)
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appBundle } from './size-commonjs-apps'

const root = fileURLToPath(new URL('..', import.meta.url))
const work = mkdtempSync(join(tmpdir(), 'hql-size-commonjs-'))

// Packed as `npm publish` would, without running `prepare`: the npm script builds first.
const tarball = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
  cwd: root,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'ignore'],
}).trim()

/** Installs the packed package in `app`, as an app's `npm install` would lay it out. */
function installPacked(app: string): void {
  const modules = join(app, 'node_modules')
  mkdirSync(join(modules, 'hql'), { recursive: true })
  execFileSync('tar', ['xzf', join(work, tarball), '-C', join(modules, 'hql'), '--strip-components=1'])
  // hql's one runtime dependency the bundler must resolve (the core's browser path does not reach it).
  symlinkSync(join(root, 'node_modules', 'zod'), join(modules, 'zod'), 'dir')
}

try {
  const esm = (await appBundle(work, 'module', installPacked)).gzip
  const cjs = (await appBundle(work, 'commonjs', installPacked)).gzip
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`
  console.log('| app (bench/size/hql.ts from the packed package; esbuild, minified, gzip) | size |')
  console.log('| --- | --- |')
  console.log(`| "type": "module" | ${kb(esm)} |`)
  console.log(`| "type": "commonjs" | ${kb(cjs)} |`)
  console.log(`\ncommonjs / module: ${(cjs / esm).toFixed(3)}x (target ≤ 1.05x)`)
} finally {
  rmSync(work, { recursive: true, force: true })
}
