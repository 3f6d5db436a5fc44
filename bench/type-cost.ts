// Counts the type instantiations a snippet of user code costs, as @ark/attest's bench does: the checker's
// count for a file of the shared prelude plus the snippet, minus its count for the prelude alone. Each count
// uses a fresh program (a fresh checker, so nothing is cached from another snippet); parsed files are shared.
// Used by bench/types.bench.ts and by test/builder/type-budget.test.ts, which holds the counts to their budgets.
import ts from 'typescript'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

export const projectRoot = fileURLToPath(new URL('..', import.meta.url))

/** The budget file: each scenario's allowed instantiations. */
export const budgetsPath = path.join(projectRoot, 'bench', 'type-budgets.json')

export interface Scenario {
  readonly name: string
  /** Statements, checked after the prelude's imports and warm-up. */
  readonly code: string
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(projectRoot, 'tsconfig.json')
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, projectRoot).options
}

/**
 * Library files parsed (and bound, which a tree keeps) once per process, for every counter: they all read
 * tsconfig.json's options, so the same file gives the same tree. Parsing TypeScript's libs and the library was
 * most of a counter's first count.
 */
const parsed = new Map<string, ts.SourceFile>()

/**
 * Programs over one virtual file at `virtualPath` (in bench/, so that `hql` resolves through tsconfig's paths as
 * it does for the benches): each call makes a fresh program (a fresh checker) of `text`, its library files
 * taken from the per-process parse cache.
 */
export function virtualFilePrograms(virtualPath: string): (text: string) => ts.Program {
  const options = compilerOptions()
  const host = ts.createCompilerHost(options)
  const readSource = host.getSourceFile.bind(host)
  let virtualText = ''
  host.getSourceFile = (fileName, languageVersion, onError) => {
    if (fileName === virtualPath) return ts.createSourceFile(fileName, virtualText, languageVersion, true)
    let file = parsed.get(fileName)
    if (file === undefined) {
      file = readSource(fileName, languageVersion, onError)
      if (file !== undefined) parsed.set(fileName, file)
    }
    return file
  }
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (fileName) => fileName === virtualPath || fileExists(fileName)
  return (text) => {
    virtualText = text
    return ts.createProgram({ rootNames: [virtualPath], options, host })
  }
}

/** A counter over one prelude: parsed library files are shared between the programs it creates. */
export function instantiationCounter(prelude: string): (snippet: string) => number {
  const virtualPath = path.join(projectRoot, 'bench', '__type-cost__.ts')
  const programOf = virtualFilePrograms(virtualPath)

  const count = (text: string): number => {
    const program = programOf(text)
    const file = program.getSourceFile(virtualPath)
    if (file === undefined) throw new Error('the virtual file did not load')
    const errors = program.getSemanticDiagnostics(file)
    if (errors.length > 0)
      throw new Error(
        `the snippet does not type-check: ${ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n')}` +
          ` (at: ${text.slice(errors[0]?.start ?? 0, (errors[0]?.start ?? 0) + 60)})`,
      )
    return program.getInstantiationCount()
  }
  const base = count(prelude)
  return (snippet) => count(`${prelude}\n${snippet}\n`) - base
}
