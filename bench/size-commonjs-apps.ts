// The measurement behind `npm run bench:size-commonjs` and test/package/commonjs-size.test.ts: the browser
// program of bench/size/hql.ts bundled in an app whose package.json says "type": "module", then "commonjs",
// the way size-limit's preset-small-lib measures (esbuild: bundle, tree-shake, minify; gzip level 9).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

const program = fileURLToPath(new URL('size/hql.ts', import.meta.url))

export interface AppBundle {
  /** min+gzip bytes. */
  gzip: number
  /** The files with code in the bundle (esbuild's metafile; files it read and dropped are not listed). */
  inputs: string[]
}

/** Bundles the program in `<work>/<type>`, after `install(app)` has put hql under the app's node_modules. */
export async function appBundle(
  work: string,
  type: 'module' | 'commonjs',
  install: (app: string) => void,
): Promise<AppBundle> {
  const app = join(work, type)
  mkdirSync(app, { recursive: true })
  install(app)
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: `app-${type}`, private: true, type }))
  copyFileSync(program, join(app, 'index.ts'))
  const result = await build({
    entryPoints: [join(app, 'index.ts')],
    bundle: true,
    treeShaking: true,
    minify: true,
    write: false,
    metafile: true,
    outdir: join(app, 'out'),
    logLevel: 'error',
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error(`esbuild wrote nothing for the ${type} app`)
  const bundled = Object.values(result.metafile.outputs).flatMap((out) => Object.entries(out.inputs))
  const inputs = bundled.filter(([, input]) => input.bytesInOutput > 0).map(([path]) => path)
  return { gzip: gzipSync(output.contents, { level: 9 }).length, inputs }
}
