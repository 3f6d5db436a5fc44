import { HqlError, clipped, didYouMean } from '../model'
import type { JsonPath } from '../model'
import { fromOwnedJSON } from '../compile'
import type { Query } from '../model/core'
import type { ParamNode, QueryDefinitionNode, ValueNode } from './ast'
import { misappliedSpreads } from './fragments'
import type { Fragments } from './fragments'
import { typesOfBody } from '../model/query/returned-types'
import type { EndpointName } from '../model/core'
import { HqlTextError, maxErrorsPerText, shownParameter } from './errors'
import type { TextProblem } from './errors'
import { Lowering, literal, modelIssues, placeIssue } from './lower'
import type { Lowered } from './lower'
import { checkArgument, isParamTypeName, paramTypeNames, placeholder } from './param-types'
import type { ParamType } from './param-types'
import type { TextSource } from './source'
import { expectOptions } from './arguments'

/** How to give a query's parameters their values. */
export interface ResolveOptions {
  /** Values by parameter name (without `$`). */
  readonly params?: Readonly<Record<string, unknown>> | undefined
  /**
   * Give each parameter that has neither a value nor a default a stand-in of its type (`hql check`,
   * fixtures), instead of reporting it missing.
   */
  readonly placeholders?: boolean | undefined
}

/** A query definition resolved: the query, or every problem found. */
export type Resolved =
  | { readonly ok: true; readonly query: Query; readonly lowered: Lowered }
  | { readonly ok: false; readonly errors: readonly [HqlTextError, ...HqlTextError[]] }

/**
 * Turns a query definition into the model's query: gives the parameters their values, builds the request
 * body (each `...fragment` spread of `fragments`, the document's, written out in its place), and validates it
 * with `fromJSON`'s checks (the same schema and rules as the builder and JSON), reporting every problem at its
 * line and column.
 */
export function resolveDefinition(
  source: TextSource,
  definition: QueryDefinitionNode,
  options: ResolveOptions = {},
  fragments: Fragments = noFragments,
): Resolved {
  expectOptions(options, ['params', 'placeholders'], 'resolveDefinition')
  const problems: TextProblem[] = []
  const params = declaredParams(definition, problems)
  const { args, unsound } = argumentsFor(definition, params, options, problems)
  const lowering = new Lowering(params, args, { trackLocations: false, unsound, frozen: true, fragments })
  const lowered = lowering.lower(definition.operation)
  // A spread of a fragment for other objects than those where it stands: said at the spread, and what the
  // model would then say of its components (that they do not apply) is that mistake again.
  const misapplied = fragments.size > 0 ? spreadProblems(definition, lowered, fragments) : noMisapplied
  for (const problem of misapplied.problems) problems.push(problem)
  // Lowered again where needed, tracking where each part of the body was written: to place the model's
  // mistakes, and to give the lowering's own their paths.
  let located: [Lowering, Lowered] | undefined
  const locate = (): [Lowering, Lowered] => {
    if (located !== undefined) return located
    const tracking = new Lowering(params, args, { unsound, fragments })
    return (located = [tracking, tracking.lower(definition.operation)])
  }
  // One at a time: a spread of a huge list of problems would overflow the stack.
  for (const problem of lowering.problems.length > 0 ? locate()[0].problems : []) problems.push(problem)
  if (params.size > 0)
    for (const [name, param] of params)
      if (!lowering.used.has(name))
        problems.push({
          code: 'unused_parameter',
          reason: `parameter ${shownParameter(name)} is never used`,
          offset: param.start,
        })
  // The model validates the body even when the text has problems, so that one pass reports them all (`hql
  // check`): an unused parameter must not hide an unknown component.
  let query: Query
  try {
    // The lowered body is this call's own (parameter values are copied in, lower.ts) and frozen as it was
    // made: the model keeps its canonical parts as they are, neither copied nor frozen again.
    query = fromOwnedJSON(lowered.endpoint, lowered.body)
  } catch (caught) {
    const error: unknown = caught
    if (!(error instanceof HqlError)) {
      // A body the text's problems left malformed may trip the model; those problems are the answer.
      if (problems.length > 0) return failed(source, problems)
      throw error
    }
    return failed(source, ...withModelIssues(problems, error, ...locate(), misapplied.ranges))
  }
  return problems.length > 0 ? failed(source, problems) : { ok: true, query, lowered }
}

/**
 * The text's problems and the model's issues with their paths, the model's placed in the text by lowering again
 * with locations. An issue where the text already has a problem (or a parameter without a usable value) is
 * left out: it is the same mistake seen again.
 */
function withModelIssues(
  problems: readonly TextProblem[],
  error: HqlError,
  lowering: Lowering,
  located: Lowered,
  explainedRanges: readonly (readonly [number, number])[] = [],
): [TextProblem[], (JsonPath | undefined)[]] {
  const issues = modelIssues(error)
  const explained = new Set(lowering.explained)
  for (const problem of problems) explained.add(problem.offset)
  const all: TextProblem[] = [...problems]
  const paths: (JsonPath | undefined)[] = problems.map((problem) => problem.path)
  for (const issue of issues) {
    const problem = placeIssue(located.locations, issue.code, issue.reason, issue.path)
    if (explained.has(problem.offset)) continue
    if (explainedRanges.some(([start, end]) => start <= problem.offset && problem.offset < end)) continue
    all.push(problem)
    paths.push(issue.path)
  }
  return [all, paths]
}

const noFragments: Fragments = new Map()
const noMisapplied: Misapplied = { problems: [], ranges: [] }

/** Spreads of fragments for other objects, and the source ranges of those fragments. */
interface Misapplied {
  readonly problems: readonly TextProblem[]
  readonly ranges: readonly (readonly [number, number])[]
}

/**
 * The spreads of the definition's components of a fragment for none of the objects where each stands. The types
 * at the top are those the lowered body returns (its returnType filter, its ids), below a component those it
 * returns.
 */
function spreadProblems(definition: QueryDefinitionNode, lowered: Lowered, fragments: Fragments): Misapplied {
  const items = definition.operation.with?.components
  if (items === undefined) return noMisapplied
  let types
  try {
    types = typesOfBody(lowered.endpoint as EndpointName, lowered.body as never)
  } catch {
    // A body the text's problems left malformed (an id that is none): those problems are the answer.
    return noMisapplied
  }
  const problems: TextProblem[] = []
  const ranges: (readonly [number, number])[] = []
  misappliedSpreads(items, types, fragments, problems, new Set(), ranges)
  return problems.length === 0 ? noMisapplied : { problems, ranges }
}

// What a query without parameters (most of them) declares and is given: shared, never written to.
const noParams: ReadonlyMap<string, ParamNode> = new Map()
const noArgs: ReadonlyMap<string, unknown> = new Map()

function declaredParams(
  definition: QueryDefinitionNode,
  problems: TextProblem[],
): ReadonlyMap<string, ParamNode> {
  if (definition.params.length === 0) return noParams
  const params = new Map<string, ParamNode>()
  for (const param of definition.params) {
    const name = param.variable.name
    if (params.has(name))
      problems.push({
        code: 'duplicate_parameter',
        reason: `parameter ${shownParameter(name)} is declared twice`,
        offset: param.start,
      })
    const typeName = param.type.name.value
    if (!isParamTypeName(typeName))
      problems.push({
        code: 'unknown_type',
        reason: `unknown parameter type ${clipped(typeName)}${didYouMean(typeName, paramTypeNames)}; types: ${paramTypeNames.join(', ')}`,
        offset: param.type.name.start,
      })
    params.set(name, param)
  }
  return params
}

function argumentsFor(
  definition: QueryDefinitionNode,
  params: ReadonlyMap<string, ParamNode>,
  options: ResolveOptions,
  problems: TextProblem[],
): { args: ReadonlyMap<string, unknown>; unsound: ReadonlySet<string> | undefined } {
  if (params.size === 0 && options.params === undefined) return { args: noArgs, unsound: undefined }
  const args = new Map<string, unknown>()
  // The parameters whose values were reported wrong.
  let unsound: Set<string> | undefined
  const given = options.params ?? {}
  const at = definition.name?.start ?? definition.start
  let declared: string[] | undefined
  let unknown = 0
  for (const name of Object.keys(given))
    if (!params.has(name)) {
      // All at one place: past the first maxErrorsPerText, none is reported, and each would cost a `did you
      // mean` (a distance to every name).
      if (unknown++ >= maxErrorsPerText) break
      problems.push({
        code: 'unknown_parameter',
        reason: `the query takes no parameter ${clipped(name)}${didYouMean(name, (declared ??= [...params.keys()]))}`,
        offset: at,
      })
    }
  for (const [name, param] of params) {
    if (!isParamTypeName(param.type.name.value)) continue
    const type: ParamType = { name: param.type.name.value, list: param.type.list }
    let value: unknown
    let offset = param.start
    if (Object.hasOwn(given, name)) value = given[name]
    else if (param.defaultValue) {
      value = defaultValue(param.defaultValue, type, problems)
      offset = param.defaultValue.start
    } else if (options.placeholders) value = placeholder(type, name)
    else {
      problems.push({
        code: 'missing_parameter',
        reason: `missing a value for parameter ${shownParameter(name)}`,
        offset: at,
      })
      continue
    }
    const problem = checkArgument(type, value)
    if (problem !== undefined) {
      problems.push({
        code: 'invalid_parameter',
        reason: `parameter ${shownParameter(name)}: ${problem}`,
        offset,
      })
      ;(unsound ??= new Set()).add(name)
      // Not kept: a value of the wrong shape (one nested 100,000 deep) has no place in a body, and its uses
      // are explained by this problem as a missing value's are.
      continue
    }
    args.set(name, value)
  }
  return { args, unsound }
}

/** A default is a literal: a scalar, or a list of scalars. */
function defaultValue(node: ValueNode, type: ParamType, problems: TextProblem[]): unknown {
  if (node.kind === 'List')
    return node.items.map((item) => defaultValue(item, { ...type, list: false }, problems))
  if (node.kind === 'Variable') {
    problems.push({
      code: 'invalid_default',
      reason: 'a default must be a literal value, not a parameter',
      offset: node.start,
    })
    return undefined
  }
  return literal(node, type.name)
}

function failed(
  source: TextSource,
  problems: readonly TextProblem[],
  paths: readonly (JsonPath | undefined)[] = problems.map((problem) => problem.path),
): Resolved {
  const sorted = problems
    .map((problem, index) => ({ problem, path: paths[index] }))
    .sort((a, b) => a.problem.offset - b.problem.offset)
    .slice(0, maxErrorsPerText)
  const errors = sorted.map(
    ({ problem, path }) => new HqlTextError(source, problem, path === undefined ? {} : { path }),
  )
  return { ok: false, errors: errors as [HqlTextError, ...HqlTextError[]] }
}
