import { build, type Plugin } from 'esbuild'
import { fileURLToPath } from 'node:url'

const root = (path: string): string => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** `hql` and `hql/tanstack` from the sources, as vitest resolves them. */
const hqlFromSource: Plugin = {
  name: 'hql-from-source',
  setup(build) {
    build.onResolve({ filter: /^hql(\/tanstack)?$/ }, ({ path }) => ({
      path: root(path === 'hql' ? 'src/index.ts' : 'src/tanstack/index.ts'),
    }))
  },
}

/**
 * The React page (test/browser/page/tanstack-app.ts) in one browser bundle: React, react-dom,
 * @tanstack/react-query and hql, as an app's bundler would build it for production.
 */
export async function buildReactPage(): Promise<string> {
  const result = await build({
    entryPoints: [root('test/browser/page/tanstack-app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [hqlFromSource],
    write: false,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (output === undefined) throw new Error('esbuild wrote nothing for the React page')
  return output.text
}
