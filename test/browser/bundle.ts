import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/**
 * The browser ESM bundle of the core (`hql`), built as a bundler would for a browser: `platform: 'browser'`
 * makes any Node import a build error, so a Node dependency creeping into the core fails here first.
 */
export async function buildCoreBundle(): Promise<string> {
  return bundle(root('src/index.ts'), [])
}

/** The test page's script, with `hql` left as an import the page's import map resolves to the core bundle. */
export async function buildPageScript(): Promise<string> {
  return bundle(root('test/browser/page/app.ts'), ['hql'])
}

async function bundle(entry: string, external: string[]): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    external,
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error(`esbuild wrote nothing for ${entry}`)
  return output.text
}
