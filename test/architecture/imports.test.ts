// The import rules of docs/architecture.md (DESIGN.md's floors), checked over every file of src/: each import
// is resolved to the folder ("layer") it lands in, and must be one its importer's layer may use.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '../..')
const src = join(root, 'src')

type Layer = string

/** What a layer may import from src/ (besides itself), and whether a layer below counts only at its entry. */
interface Rule {
  /** Layers any of whose files it may import. The model is one floor: its files are the words every door uses. */
  readonly anyFile: readonly Layer[]
  /** Layers it may import only through their public entry (the folder's index.ts). */
  readonly entryOnly: readonly Layer[]
  /** Packages (not ours) it may import; `node:` and Node's built-ins only where `node` is true. */
  readonly packages: readonly string[]
  readonly node: boolean
}

const rules: Readonly<Record<Layer, Rule>> = {
  // The model imports nothing of ours, and nothing but zod.
  model: { anyFile: [], entryOnly: [], packages: ['zod/mini'], node: false },
  // The builder is the typed face of the model's query.
  builder: { anyFile: ['model'], entryOnly: [], packages: [], node: false },
  compile: { anyFile: ['model'], entryOnly: [], packages: ['zod/mini'], node: false },
  // Where the code differs from DESIGN.md, for a reason: text validates a lowered query with compile's
  // fromJSON (through compile's entry), so that text and JSON share one schema and one set of errors.
  text: { anyFile: ['model'], entryOnly: ['compile'], packages: [], node: false },
  language: { anyFile: ['model'], entryOnly: ['text'], packages: [], node: false },
  // Typed inline text (hqlText): the builder's query types, and text's parseQuery at run time.
  inline: { anyFile: ['model'], entryOnly: ['builder', 'text'], packages: [], node: false },
  client: { anyFile: ['model'], entryOnly: ['compile'], packages: [], node: false },
  // hql/redis takes the app's own client (node-redis or ioredis) and imports neither, nor Node (WebCrypto).
  redis: { anyFile: ['model'], entryOnly: ['client'], packages: [], node: false },
  // catalog generates typed modules from text; it reads text and compile through their entries.
  catalog: { anyFile: ['model'], entryOnly: ['compile', 'text'], packages: [], node: true },
  // The service answers untrusted JSON with compile's fromJSON (the same door the package offers).
  // Its fleet mode reuses hql/redis's adapter, link and Lua helper (src/service/redis/): one adapter, not two.
  // Those files import nothing but types from the client, so the service's bundle gains no client code.
  service: {
    anyFile: ['model', 'redis'],
    entryOnly: ['compile'],
    packages: ['zod/mini'],
    node: true,
  },
  testing: { anyFile: ['model'], entryOnly: ['compile', 'service'], packages: ['msw'], node: true },
  // The language server (`hql lsp`): the language service core over vscode-languageserver, in Node.
  // It reads ids from a configured service (hql.service) with the client.
  lsp: {
    anyFile: ['model'],
    entryOnly: ['language', 'text', 'client'],
    packages: ['vscode-languageserver/node', 'vscode-languageserver-textdocument'],
    node: true,
  },
  // hql/ts-plugin: the language service inside `hqlText('…')` strings, in tsserver. TypeScript's types only:
  // tsserver hands the plugin its own TypeScript at run time.
  'ts-plugin': { anyFile: [], entryOnly: ['language'], packages: ['typescript'], node: true },
  // The browser playground `hql serve` answers at /playground/: CodeMirror over the language service, text,
  // compile and the client. No Node: scripts/build-playground.ts bundles it for browsers.
  playground: {
    anyFile: ['model'],
    entryOnly: ['language', 'text', 'compile', 'client'],
    packages: [
      '@codemirror/state',
      '@codemirror/view',
      '@codemirror/autocomplete',
      '@codemirror/lint',
      '@codemirror/commands',
    ],
    node: false,
  },
  // hql/tanstack: query options for TanStack Query over the client's public entry; only types from
  // @tanstack/query-core (an optional peer dependency), so no runtime dependency and no Node.
  tanstack: { anyFile: ['model'], entryOnly: ['client'], packages: ['@tanstack/query-core'], node: false },
  // The CLI sits on top: it may use every entry; nothing imports it.
  cli: {
    anyFile: ['model'],
    entryOnly: ['compile', 'text', 'client', 'catalog', 'service', 'language', 'lsp', 'redis'],
    // node-redis only for `hql serve --redis`, imported at run time (an optional peer dependency).
    packages: ['commander', 'redis'],
    node: true,
  },
  // The package entry (src/index.ts) composes the core's entries, the builder's included. It re-exports
  // tanstack's queryKey from its file: through hql/tanstack's entry, the built index.js would import that entry.
  entry: {
    anyFile: ['model', 'tanstack'],
    entryOnly: ['builder', 'compile', 'text', 'client', 'language', 'inline'],
    packages: [],
    node: false,
  },
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The layer of a file in src/: its top folder, or `entry` for a file directly in src/. */
function layerOf(file: string): Layer {
  const parts = relative(src, file).split(sep)
  return parts.length === 1 ? 'entry' : parts[0]!
}

/** The module specifiers a file imports or re-exports, statically or with `import()`. */
export function importsOf(text: string): string[] {
  const found: string[] = []
  const patterns = [
    /^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!)
  return found
}

/** The file a relative import names: `x.ts`, `x.tsx`, or the folder's `x/index.ts`. */
function resolveModule(path: string): string {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')]
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? path
}

const isNodeBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)

/** Why `specifier`, imported by `file`, breaks the rules; undefined when it keeps them. */
export function violation(file: string, specifier: string): string | undefined {
  const layer = layerOf(file)
  const rule = rules[layer]
  if (rule === undefined) return `${layer} is a folder of src/ that the import rules do not know`
  if (!specifier.startsWith('.')) {
    if (isNodeBuiltin(specifier)) return rule.node ? undefined : `${layer} runs without Node`
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier
    return rule.packages.includes(name) || rule.packages.includes(specifier)
      ? undefined
      : `${layer} does not import the package ${specifier}`
  }
  const target = resolveModule(resolve(dirname(file), specifier))
  const targetLayer = layerOf(target)
  if (targetLayer === layer) return undefined
  if (targetLayer === 'cli') return 'nothing imports the CLI'
  // inline's hqlText returns the builder's query types (its entry, by its rule above).
  if (targetLayer === 'builder' && layer !== 'entry' && layer !== 'inline')
    return 'only the package entry (and inline, for its types) imports the builder (compile, text and the rest stand on the model)'
  if (rule.anyFile.includes(targetLayer)) return undefined
  const atEntry = target === join(src, targetLayer, 'index.ts')
  if (rule.entryOnly.includes(targetLayer))
    return atEntry ? undefined : `${layer} imports ${targetLayer} through its entry (src/${targetLayer})`
  return `${layer} does not stand on ${targetLayer}`
}

const files = sourceFiles(src)

/** The modules loading `file` loads, transitively: its imports but `import type` / `export type` ones. */
function loadedBy(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(file, 'utf8').replace(
    /^\s*(?:import|export)\s+type\b[^;]*?from\s*['"][^'"]+['"]/gm,
    '',
  )
  for (const specifier of importsOf(text)) {
    const target = specifier.startsWith('.') ? resolveModule(resolve(dirname(file), specifier)) : specifier
    if (seen.has(target)) continue
    seen.add(target)
    if (specifier.startsWith('.')) loadedBy(target, seen)
  }
  return seen
}

describe('import rules (docs/architecture.md)', () => {
  it('finds the files and their imports', () => {
    expect(files.length).toBeGreaterThan(100)
    expect(importsOf(readFileSync(join(src, 'index.ts'), 'utf8'))).toContain('./builder')
  })

  it('every import in src/ keeps the rules', () => {
    const broken = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8')).flatMap((specifier) => {
        const why = violation(file, specifier)
        return why === undefined ? [] : [`${relative(root, file)}: '${specifier}': ${why}`]
      }),
    )
    expect(broken).toEqual([])
  })

  it('the query engine (msw handlers) does not load node:http; the package entry loads nothing from Node', () => {
    const engine = loadedBy(join(src, 'service/query-engine.ts'))
    expect(engine.has(join(src, 'service/query/answer.ts'))).toBe(true)
    expect([...engine].filter((module) => module === 'node:http' || module === 'http')).toEqual([])
    expect([...loadedBy(join(src, 'index.ts'))].filter(isNodeBuiltin)).toEqual([])
    // The walk does see Node where it is loaded.
    expect(loadedBy(join(src, 'service/create-service.ts')).has('node:http')).toBe(true)
  })

  it('refuses what the rules forbid', () => {
    const at = (path: string) => join(src, path)
    expect(violation(at('compile/from-json.ts'), '../builder/lookup')).toMatch(/only the package entry/)
    expect(violation(at('text/resolve.ts'), '../builder')).toMatch(/only the package entry/)
    expect(violation(at('model/query/value.ts'), '../../compile')).toMatch(/does not stand on compile/)
    expect(violation(at('model/wire.ts'), 'node:http')).toMatch(/without Node/)
    expect(violation(at('client/client.ts'), 'node:fs')).toMatch(/without Node/)
    expect(violation(at('testing/handlers.ts'), '../service/http/bearer')).toMatch(/through its entry/)
    expect(violation(at('service/serve.ts'), '../cli/main')).toMatch(/nothing imports the CLI/)
    expect(violation(at('playground/main.ts'), 'node:fs')).toMatch(/without Node/)
    expect(violation(at('playground/main.ts'), '../service')).toMatch(/does not stand on service/)
    expect(violation(at('playground/main.ts'), '../language/completion')).toMatch(/through its entry/)
    expect(violation(at('model/ids.ts'), 'ts-pattern')).toMatch(/does not import the package/)
    expect(violation(at('tanstack/queries.ts'), '../client/client')).toMatch(/through its entry/)
    expect(violation(at('tanstack/queries.ts'), '@tanstack/react-query')).toMatch(
      /does not import the package/,
    )
    expect(violation(at('tanstack/queries.ts'), 'node:events')).toMatch(/without Node/)
    expect(violation(at('tanstack/queries.ts'), '../client')).toBeUndefined()
    expect(violation(at('index.ts'), './builder')).toBeUndefined()
    expect(violation(at('testing/handlers.ts'), '../service')).toBeUndefined()
  })
})
