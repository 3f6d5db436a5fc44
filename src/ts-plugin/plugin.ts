// The language service plugin: TypeScript's own service, with completion, diagnostics and hover inside the
// strings of `hqlText(…)` answered by hql's language service (src/language, what `hql lsp` serves for .hql
// files). Only the offsets are this file's: a text offset is mapped to a file position and back (strings.ts).
import type * as ts from 'typescript'
import { complete, diagnose, hover, noIds } from '../language'
import type { CompletionKind, Diagnostic } from '../language'
import { defaultFunctions, escapeFor, hqlStringAt, hqlStrings, offsetOf, positionOf } from './strings'
import type { HqlString } from './strings'

/** The code of hql's diagnostics (TypeScript's are below 20,000); the message ends with parseQuery's code. */
export const hqlDiagnosticCode = 93_000

/** The plugin's settings, from its entry in tsconfig's `compilerOptions.plugins`. */
export interface PluginConfig {
  /** The functions whose first argument is HQL text (default `["hqlText"]`); `"hql.text"` for a method. */
  readonly functions?: readonly string[]
}

/**
 * The plugin's module as tsserver wants it: `create` wraps a project's language service.
 *
 * @example
 * // tsserver calls it with its own TypeScript; a test may too:
 * const service = hqlPlugin(ts).create({ languageService, config: {} } as never)
 * service.getCompletionsAtPosition('a.ts', offsetInsideAnHqlTextString, {})
 */
export function hqlPlugin(typescript: typeof ts): ts.server.PluginModule {
  let functions = defaultFunctions
  const configure = (config: PluginConfig | undefined) => {
    functions = config?.functions?.length ? [...config.functions] : defaultFunctions
  }
  return {
    create(info) {
      configure(info.config as PluginConfig | undefined)
      return wrap(typescript, info.languageService, () => functions)
    },
    onConfigurationChanged: configure,
  }
}

/** `service` with three of its methods answered inside HQL strings; every other call goes straight through. */
function wrap(
  typescript: typeof ts,
  service: ts.LanguageService,
  functions: () => readonly string[],
): ts.LanguageService {
  const wrapped: ts.LanguageService = Object.create(null)
  for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
    const method = service[key] as (...args: unknown[]) => unknown
    ;(wrapped as unknown as Record<string, unknown>)[key] = (...args: unknown[]) =>
      method.apply(service, args)
  }
  const file = (fileName: string) => service.getProgram()?.getSourceFile(fileName)
  const stringAt = (fileName: string, position: number) => {
    const source = file(fileName)
    return source && hqlStringAt(typescript, source, functions(), position)
  }

  wrapped.getCompletionsAtPosition = (fileName, position, options, formatting) => {
    const found = safely(() => stringAt(fileName, position))
    if (found === undefined) return service.getCompletionsAtPosition(fileName, position, options, formatting)
    return safely(() => completions(found, position))
  }
  wrapped.getQuickInfoAtPosition = (...args: Parameters<ts.LanguageService['getQuickInfoAtPosition']>) => {
    const [fileName, position] = args
    const found = safely(() => stringAt(fileName, position))
    const answer = found && safely(() => quickInfo(typescript, found, position))
    return answer ?? service.getQuickInfoAtPosition(...args)
  }
  wrapped.getSemanticDiagnostics = (fileName) => {
    const own = service.getSemanticDiagnostics(fileName)
    const source = file(fileName)
    if (source === undefined) return own
    const strings = safely(() => hqlStrings(typescript, source, functions())) ?? []
    if (strings.length === 0) return own
    const added = strings.map((found) => ({
      found,
      problems: safely(() => diagnose(found.text, '<query>', 'query')) ?? [],
    }))
    return [
      ...own.filter((diagnostic) => !saidBetter(source, diagnostic, added)),
      ...added.flatMap(({ found, problems }) => problems.map((p) => diagnosticOf(typescript, found, p))),
    ]
  }
  return wrapped
}

// A plugin that throws takes the editor's answers with it: a failure here gives TypeScript's own answer.
function safely<T>(compute: () => T): T | undefined {
  try {
    return compute()
  } catch {
    return undefined
  }
}

const kinds: Readonly<Record<CompletionKind, string>> = {
  keyword: 'keyword',
  operator: 'keyword',
  filter: 'property',
  type: 'type',
  id: 'string',
  component: 'property',
  sort: 'enum member',
  blueprint: 'enum member',
  param: 'parameter',
  paramType: 'type',
  fragment: 'alias',
}

function completions(found: HqlString, position: number): ts.CompletionInfo {
  const items = complete(found.text, offsetOf(found, position), noIds)
  const entries = items.map((item, index): ts.CompletionEntry => ({
    name: item.label,
    kind: kinds[item.kind] as ts.ScriptElementKind,
    kindModifiers: '',
    // The language service's order (clauses in the order they may come) is kept.
    sortText: String(index).padStart(4, '0'),
    insertText: escapeFor(found, item.insertText),
    replacementSpan: spanOf(found, item.start, item.end),
    ...(item.detail === undefined ? {} : { labelDetails: { description: item.detail } }),
  }))
  return { isGlobalCompletion: false, isMemberCompletion: false, isNewIdentifierLocation: false, entries }
}

function quickInfo(typescript: typeof ts, found: HqlString, position: number): ts.QuickInfo | undefined {
  const answer = hover(found.text, offsetOf(found, position), noIds)
  if (answer === undefined) return undefined
  return {
    kind: typescript.ScriptElementKind.string,
    kindModifiers: '',
    textSpan: spanOf(found, answer.start, answer.end),
    displayParts: [],
    documentation: [{ kind: 'markdown', text: answer.markdown }],
  }
}

function diagnosticOf(typescript: typeof ts, found: HqlString, problem: Diagnostic): ts.Diagnostic {
  const span = spanOf(found, problem.start, problem.end)
  return {
    file: found.node.getSourceFile(),
    start: span.start,
    length: Math.max(1, span.length),
    messageText: `hql: ${problem.message} (${problem.code})`,
    category: typescript.DiagnosticCategory.Error,
    code: hqlDiagnosticCode,
    source: 'hql',
  }
}

/**
 * Whether a TypeScript diagnostic is hqlText's type error over a whole string whose problem the language
 * service places more precisely: the same code (the sentence's last words), on that string's argument.
 */
function saidBetter(
  source: ts.SourceFile,
  diagnostic: ts.Diagnostic,
  added: readonly { found: HqlString; problems: readonly Diagnostic[] }[],
): boolean {
  if (diagnostic.file !== source || diagnostic.start === undefined) return false
  const message = flatten(diagnostic.messageText)
  return added.some(
    ({ found, problems }) =>
      diagnostic.start === found.node.getStart(source) &&
      diagnostic.start + (diagnostic.length ?? 0) === found.node.end &&
      problems.some((problem) => message.includes(`hql: `) && message.includes(`(${problem.code})`)),
  )
}

function flatten(message: string | ts.DiagnosticMessageChain): string {
  if (typeof message === 'string') return message
  return [message.messageText, ...(message.next ?? []).map(flatten)].join('\n')
}

function spanOf(found: HqlString, start: number, end: number): ts.TextSpan {
  const from = positionOf(found, start)
  return { start: from, length: positionOf(found, end) - from }
}
