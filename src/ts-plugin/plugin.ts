// The language service plugin: TypeScript's own service, with completion, diagnostics and hover inside the
// strings of `hqlText(…)` answered by hql's language service (src/language, what `hql lsp` serves for .hql
// files). Only the offsets are this file's: a text offset is mapped to a file position and back (strings.ts).
import type * as ts from 'typescript'
import { complete, diagnose, filterNames, hover, noIds } from '../language'
import type { CompletionKind, Diagnostic, GivenFragment } from '../language'
import { givenFragments } from './given-fragments'
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
  // The fragments the string's call is given (hqlText's second argument), by the checker's types.
  const given = (found: HqlString): readonly GivenFragment[] => {
    const program = service.getProgram()
    return (program && safely(() => givenFragments(typescript, program, found))) ?? []
  }
  const stringAt = (fileName: string, position: number) => {
    const source = file(fileName)
    return source && hqlStringAt(typescript, source, functions(), position)
  }

  wrapped.getCompletionsAtPosition = (fileName, position, options, formatting) => {
    const found = safely(() => stringAt(fileName, position))
    if (found !== undefined) return safely(() => completions(found, position, given(found)))
    const own = service.getCompletionsAtPosition(fileName, position, options, formatting)
    const source = file(fileName)
    const program = service.getProgram()
    if (own === undefined || source === undefined || program === undefined) return own
    return safely(() => builderCompletions(typescript, program, source, position, own)) ?? own
  }
  wrapped.getQuickInfoAtPosition = (...args: Parameters<ts.LanguageService['getQuickInfoAtPosition']>) => {
    const [fileName, position] = args
    const found = safely(() => stringAt(fileName, position))
    const answer = found && safely(() => quickInfo(typescript, found, position, given(found)))
    return answer ?? service.getQuickInfoAtPosition(...args)
  }
  wrapped.getSemanticDiagnostics = (fileName) => {
    const source = file(fileName)
    const program = service.getProgram()
    const own = service
      .getSemanticDiagnostics(fileName)
      .map((diagnostic) =>
        source === undefined || program === undefined
          ? diagnostic
          : (safely(() => unknownComponent(typescript, program, source, diagnostic)) ??
            safely(() => wrongIdPrefix(typescript, source, diagnostic)) ??
            diagnostic),
      )
    if (source === undefined) return own
    const strings = safely(() => hqlStrings(typescript, source, functions())) ?? []
    if (strings.length === 0) return own
    const added = strings.map((found) => ({
      found,
      problems: withoutGiven(safely(() => diagnose(found.text, '<query>', 'query')) ?? [], given(found)),
    }))
    return [
      ...own.filter((diagnostic) => !saidBetter(source, diagnostic, added)),
      ...added.flatMap(({ found, problems }) => problems.map((p) => diagnosticOf(typescript, found, p))),
    ]
  }
  return wrapped
}

/**
 * TypeScript's completions in builder code, made to serve a first hour with hql (issue 31). The builder's type
 * errors are parameter types that read as sentences, and TypeScript offered such a sentence as the completion of
 * an id being written (`traits.eq('`): accepting it wrote the message into the code, so messages are dropped.
 * After `.filter(` on an hql query the filter helpers (`returnType`, `traits`, …, imported or still to import)
 * come first, where TypeScript ranked them after its thousand globals; after `hql.explore().` the query's
 * `body` and `endpoint` are left out (compile() and the client read them; nobody calls them).
 */
function builderCompletions(
  typescript: typeof ts,
  program: ts.Program,
  source: ts.SourceFile,
  position: number,
  info: ts.CompletionInfo,
): ts.CompletionInfo {
  const members = info.isMemberCompletion && isQueryMember(typescript, program, source, position)
  const entries = info.entries.filter(
    (entry) => !isRefusalMessage(entry.name) && !(members && queryData.has(entry.name)),
  )
  if (!insideQueryFilter(typescript, program, source, position)) return { ...info, entries }
  return {
    ...info,
    entries: entries.map((entry) =>
      isFilterHelper(entry) ? { ...entry, sortText: `0${entry.sortText}` } : entry,
    ),
  }
}

// The sentences of src/model/ids.ts's MalformedId and WrongIdType, as TypeScript offers them in a string.
const isRefusalMessage = (name: string) =>
  name.includes(' is not an id: expected ') || name.includes(' is the wrong type of id here')

// A filter helper in scope (imported: ranked as a location) or offered for import from hql.
const isFilterHelper = (entry: ts.CompletionEntry) =>
  (filterNames as readonly string[]).includes(entry.name) &&
  (entry.source === undefined ? entry.sortText === '11' : /^hql(\/|$)|[\\/]hql[\\/]/.test(entry.source))

// A query's data, beside its methods: what compile() and the client read, not what a user calls.
const queryData = new Set(['body', 'endpoint'])
// The builder's queries are interfaces named so (src/builder).
const queryInterface = /^(Explore|Relate|Lookup|Silos)Query$/

/** Whether `position` completes a member of a query of hql's builder (`hql.explore().`). */
function isQueryMember(
  typescript: typeof ts,
  program: ts.Program,
  source: ts.SourceFile,
  position: number,
): boolean {
  const node = enclosing(findToken(typescript, source, position), typescript.isPropertyAccessExpression)
  if (node === undefined) return false
  const type = program.getTypeChecker().getTypeAtLocation(node.expression)
  const name = (type.aliasSymbol ?? type.getSymbol())?.getName() ?? ''
  return queryInterface.test(name)
}

/** Whether `position` is among the arguments of `.filter(` called on a query of hql's builder. */
function insideQueryFilter(
  typescript: typeof ts,
  program: ts.Program,
  source: ts.SourceFile,
  position: number,
): boolean {
  const node = enclosing(findToken(typescript, source, position), typescript.isCallExpression)
  if (node === undefined) return false
  const callee = node.expression
  if (!typescript.isPropertyAccessExpression(callee) || callee.name.text !== 'filter') return false
  if (position <= callee.getEnd()) return false
  const method = program.getTypeChecker().getSymbolAtLocation(callee.name)
  return (method?.declarations ?? []).some((declaration) => {
    const owner = declaration.parent
    return typescript.isInterfaceDeclaration(owner) && queryInterface.test(owner.name.text)
  })
}

/** The innermost node of a kind around `node` (itself included). */
function enclosing<T extends ts.Node>(
  node: ts.Node | undefined,
  is: (node: ts.Node) => node is T,
): T | undefined {
  for (let at = node; at !== undefined; at = at.parent) if (is(at)) return at
  return undefined
}

// The innermost node at `position` (the token before it when it stands between tokens, as after `(`).
function findToken(typescript: typeof ts, source: ts.SourceFile, position: number): ts.Node | undefined {
  const visit = (node: ts.Node): ts.Node | undefined =>
    node.getFullStart() <= position && position <= node.getEnd()
      ? (typescript.forEachChild(node, visit) ?? node)
      : undefined
  return visit(source)
}

/**
 * hql's sentence for a name that is no component, in place of TypeScript's (issue 31): `.with('primaryImg')`
 * read "not assignable to parameter of type 'MediaComponents | ComponentSpec<"contributors" | … 14 more …>'",
 * where the run time says `unknown component 'primaryImg'; did you mean 'primaryImage'?`. The sentence is the
 * language service's for the same name in HQL text, so the suggestion is the model's. Undefined for any other
 * diagnostic.
 */
function unknownComponent(
  typescript: typeof ts,
  program: ts.Program,
  source: ts.SourceFile,
  diagnostic: ts.Diagnostic,
): ts.Diagnostic | undefined {
  if (diagnostic.code !== 2345 || diagnostic.file !== source || diagnostic.start === undefined)
    return undefined
  const start = diagnostic.start
  const literal = findToken(typescript, source, start + 1)
  if (literal === undefined || !typescript.isStringLiteral(literal) || literal.getStart(source) !== start)
    return undefined
  const call = literal.parent
  if (!typescript.isCallExpression(call) || !takesComponents(typescript, program, call.expression))
    return undefined
  // Only a name HQL text can hold: anything else would change the synthetic text below.
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(literal.text)) return undefined
  const problem = diagnose(`lookup "mhmov-x" with ${literal.text}`, '<query>', 'query').find(
    (found) => found.code === 'unknown_component',
  )
  if (problem === undefined) return undefined
  return { ...diagnostic, messageText: `hql: ${problem.message} (${problem.code})`, source: 'hql' }
}

/**
 * hql's sentence for an id of the wrong type, naming the prefixes the place takes (issue 31), in place of the
 * types' `'mhmov-gladiator' is the wrong type of id here (its prefix names another type)`: the language
 * service's for the same id in the same place of HQL text, as `hql check` and the run time say it. A filter's
 * operator (`contributors.eq('…')`), a relate factor, a Collection blueprint's `id`. Undefined for any other.
 */
function wrongIdPrefix(
  typescript: typeof ts,
  source: ts.SourceFile,
  diagnostic: ts.Diagnostic,
): ts.Diagnostic | undefined {
  if (diagnostic.file !== source || diagnostic.start === undefined) return undefined
  if (!flatten(diagnostic.messageText).includes(' is the wrong type of id here')) return undefined
  const token = findToken(typescript, source, diagnostic.start + 1)
  // TypeScript places an object literal's error on the property's name (`id: '…'`), an argument's on itself.
  const literal =
    token && typescript.isPropertyAssignment(token.parent) && token.parent.name === token
      ? token.parent.initializer
      : token
  if (literal === undefined || !typescript.isStringLiteral(literal)) return undefined
  // Only an id HQL text can quote as it is: anything else would change the synthetic text below.
  if (!/^[A-Za-z0-9:_.-]+$/.test(literal.text)) return undefined
  const text = idPlace(typescript, literal)
  const problem =
    text &&
    diagnose(text.replace('$id', literal.text), '<query>', 'query').find(
      (found) => found.code === 'wrong_id_prefix',
    )
  if (!problem) return undefined
  return { ...diagnostic, messageText: `hql: ${problem.message} (${problem.code})`, source: 'hql' }
}

// The same place in HQL text, `$id` standing for the id: a filter, a relate factor, a Collection blueprint.
function idPlace(typescript: typeof ts, literal: ts.StringLiteral): string | undefined {
  const parent = literal.parent
  const owner =
    typescript.isPropertyAssignment(parent) && parent.name.getText() === 'id' ? parent.parent.parent : parent
  if (!typescript.isCallExpression(owner)) return undefined
  const callee = owner.expression
  const name = typescript.isPropertyAccessExpression(callee) ? callee.name.text : callee.getText()
  if (name === 'relate') return 'relate to "$id"'
  if (name === 'collection') return 'silos silo Collection(id: "$id")'
  if (!typescript.isPropertyAccessExpression(callee) || !['eq', 'ne', 'in', 'all'].includes(name))
    return undefined
  const filter = callee.expression.getText()
  if (!(filterNames as readonly string[]).includes(filter) || filter === 'returnType') return undefined
  return `explore ${filter === 'contributorsOf' ? 'Contributor' : 'Movie'} where ${filter} = "$id"`
}

// `.with(` on a query of the builder, or a component's nesting call (`keyContributors(…)`, `….pageSize(3)(…)`).
function takesComponents(typescript: typeof ts, program: ts.Program, callee: ts.Expression): boolean {
  const checker = program.getTypeChecker()
  if (typescript.isPropertyAccessExpression(callee) && callee.name.text === 'with') {
    const receiver = checker.getTypeAtLocation(callee.expression)
    return queryInterface.test((receiver.aliasSymbol ?? receiver.getSymbol())?.getName() ?? '')
  }
  const name = checker.getTypeAtLocation(callee).getSymbol()?.getName() ?? ''
  return /^(Nesting|NestingList|ListComponentSpec)$/.test(name)
}

// A plugin that throws takes the editor's answers with it: a failure here gives TypeScript's own answer.
function safely<T>(compute: () => T): T | undefined {
  try {
    return compute()
  } catch {
    return undefined
  }
}

/**
 * A string's problems but the spreads of fragments its call is given, which the language service, reading the
 * text alone, finds unknown. (What the given fragments' components would make wrong is TypeScript's own error on
 * the argument, kept: no problem here says it better.)
 */
function withoutGiven(problems: readonly Diagnostic[], given: readonly GivenFragment[]): Diagnostic[] {
  if (given.length === 0) return [...problems]
  return problems.filter(
    (problem) =>
      problem.code !== 'unknown_fragment' ||
      !given.some(({ name }) => problem.message.startsWith(`unknown fragment '${name}'`)),
  )
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

function completions(found: HqlString, position: number, given: readonly GivenFragment[]): ts.CompletionInfo {
  const items = complete(found.text, offsetOf(found, position), noIds, given)
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

function quickInfo(
  typescript: typeof ts,
  found: HqlString,
  position: number,
  given: readonly GivenFragment[],
): ts.QuickInfo | undefined {
  const answer = hover(found.text, offsetOf(found, position), noIds, given)
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
