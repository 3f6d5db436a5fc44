// The declarations of the public entries (`npm run build` runs rolldown for the JavaScript, then this): one
// bundled dist/<entry>.d.ts per entry, shared parts in chunks, so that a consumer's TypeScript, whatever its
// moduleResolution, never follows an extensionless relative import inside dist/.
//
// Two steps, each done once: TypeScript writes every module's declarations (without checking: TypeScript's
// noCheck; the types tier of `npm test` checks the whole project, and a declaration TypeScript cannot write
// still fails here), then rollup-plugin-dts bundles those files. tsup did the same in one step, but built the
// declarations again for each entry: 29 CPU-seconds against 15 here, on the path of every `npm test`.
import { existsSync, rmSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rollup, type Plugin } from 'rollup'
import { dts } from 'rollup-plugin-dts'
import ts from 'typescript'
import { entries } from '../rolldown.config'

const root = fileURLToPath(new URL('..', import.meta.url))
/** Where TypeScript writes the modules' declarations before they are bundled (not shipped). */
const emitted = join(root, 'node_modules', '.cache', 'hql-declarations')

/** The public entries (the CLI has no declarations: it is a bin). */
const publicEntries = Object.entries(entries).filter(([name]) => name !== 'cli')

function emitDeclarations(): void {
  rmSync(emitted, { recursive: true, force: true })
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root)
  const program = ts.createProgram({
    rootNames: publicEntries.map(([, file]) => join(root, file)),
    options: {
      ...options,
      noEmit: false,
      declaration: true,
      emitDeclarationOnly: true,
      noCheck: true,
      outDir: emitted,
      rootDir: join(root, 'src'),
    },
  })
  const { diagnostics, emitSkipped } = program.emit()
  if (diagnostics.length > 0 || emitSkipped) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }
    throw new Error(`declarations could not be written:\n${ts.formatDiagnostics(diagnostics, host)}`)
  }
}

/** Resolves the emitted files' relative imports as TypeScript did: `./x` is `./x.d.ts` or `./x/index.d.ts`. */
const emittedFiles: Plugin = {
  name: 'hql-emitted-declarations',
  resolveId(id, importer) {
    if (importer === undefined || !id.startsWith('.')) return null
    const base = resolve(dirname(importer), id.replace(/\.js$/, ''))
    return [`${base}.d.ts`, join(base, 'index.d.ts')].find((file) => existsSync(file)) ?? null
  },
}

async function bundleDeclarations(): Promise<void> {
  const bundle = await rollup({
    input: Object.fromEntries(
      publicEntries.map(([name, file]) => [
        name,
        join(emitted, file.slice('src/'.length, -'.ts'.length)) + '.d.ts',
      ]),
    ),
    plugins: [emittedFiles, dts()],
    // Dependencies and Node's modules stay imports: only the emitted files are bundled.
    external: (id) => !id.startsWith('.') && !id.startsWith('/'),
    onwarn: (warning) => {
      // Types the entries use but do not export (the builder's id checks, `CheckedId`…) live in a shared chunk
      // without a public name, as they did with tsup: a consumer never names them. Any other warning fails.
      if (/private shared type exports/.test(warning.message)) return
      throw new Error(`declarations: ${warning.message}`)
    },
  })
  await bundle.write({
    dir: join(root, 'dist'),
    format: 'es',
    entryFileNames: '[name].d.ts',
    // A chunk is named for its first module (`client.d`): `client-<hash>.d.ts`.
    chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash].d.ts`,
  })
  await bundle.close()
}

emitDeclarations()
await bundleDeclarations()
