// Fragments in HQL text: `fragment movieCard on Movie { primaryImage, keyContributors { primaryImage } }`, and
// `...movieCard` wherever a list of components is written. Lowering writes a spread's components out in its place
// (lower.ts), so a query with spreads compiles to the body of its components written out, as the builder's
// `.with(...movieCard)` does. What is here: the document's fragments by name, whether each spread is of a fragment
// for the objects where it stands (a Contributor fragment in a Movie explore is not), and the checks of the
// fragments themselves that `hql check` and the language service run (check-document.ts).
import { HqlError } from '../model/errors'
import { madeFragments } from '../model/query/made'
import { requestOf } from '../model/query/value'
import { isComponentName, componentCatalogue } from '../model/components'
import type { ComponentEntry } from '../model/components'
import { objectTypeNames } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import { checkComponentTree } from '../model/rules'
import { ComponentListRule } from '../model/request/components'
import { checked, unknownName } from '../model/request/rule'
import { clipped } from '../model/shown'
import type { ComponentRequest } from '../model/request/components'
import type { ComponentItemNode, DocumentNode, FragmentDefinitionNode } from './ast'
import { noComments } from './ast'
import { HqlTextError, maxErrorsPerText } from './errors'
import type { TextProblem } from './errors'
import { componentsFrom } from './from-body'
import type { TextSource } from './source'
import { Lowering, modelIssues, placeIssue } from './lower'

/** A document's fragments by name: the first of a name (a second is `duplicate_fragment`). */
export type Fragments = ReadonlyMap<string, FragmentDefinitionNode>

const noFragments: Fragments = new Map()

/**
 * The fragments of `document` by name.
 *
 * @example
 * fragmentsOf(parseDocument('fragment card on Movie { primaryImage }\nexplore Movie with ...card')).get('card')?.on.value // 'Movie'
 */
export function fragmentsOf(document: DocumentNode): Fragments {
  if (document.fragments.length === 0) return noFragments
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const fragment of document.fragments)
    if (!fragments.has(fragment.name.value)) fragments.set(fragment.name.value, fragment)
  return fragments
}

/**
 * Fragments the builder made (`fragment('Movie', primaryImage)`), by the names the text spreads them by: what
 * `parseQuery`'s `fragments` option and `hqlText`'s second argument take.
 */
export type GivenFragments = Readonly<Record<string, readonly unknown[]>>

/**
 * The fragments a query of `document` may spread: the text's own, and those `given` (each made by the builder's
 * `fragment()`), each given one a fragment definition with no place in the text (-1), whose components are
 * written out where it is spread as a text fragment's are, so that every rule of a spread (applicability, limits)
 * is the text's own. A value given that `fragment()` did not make is `invalid_argument` at its path; a name both
 * given and defined by the text is `duplicate_fragment` at the text's definition. A given fragment no query
 * spreads is no mistake (an app may pass the same cards to every text; `unused_fragment` is of the text's).
 *
 * @example
 * const fragments = withGivenFragments(parseDocument('explore Movie with ...card'), { card: fragment('Movie', primaryImage) }, makeSource('explore Movie with ...card'))
 * fragments.get('card')?.on.value // 'Movie'
 */
export function withGivenFragments(
  document: DocumentNode,
  given: GivenFragments | undefined,
  source: TextSource,
): Fragments {
  const own = fragmentsOf(document)
  if (given === undefined) return own
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new HqlError('invalid_argument', 'fragments are an object of fragments by name', {
      path: ['fragments'],
    })
  const names = Object.keys(given)
  if (names.length === 0) return own
  const fragments = new Map(own)
  for (const name of names) {
    const path = ['fragments', name]
    const value = given[name]
    const on = typeof value == 'object' && value !== null ? madeFragments.get(value) : undefined
    if (on === undefined)
      throw new HqlError(
        'invalid_argument',
        `${clipped(name)} is not a fragment: make it with fragment(type, ...components)`,
        { path },
      )
    const defined = own.get(name)
    if (defined !== undefined)
      throw new HqlTextError(source, {
        code: 'duplicate_fragment',
        reason: `fragment ${clipped(name)} is defined here and given too; rename one`,
        offset: defined.name.start,
      })
    // Made by fragment(): frozen, its components checked against its type when it was made.
    const requests = (value as readonly unknown[]).map((component, index) =>
      requestOf(component, [...path, index]),
    )
    fragments.set(name, {
      kind: 'FragmentDefinition',
      name: { kind: 'Name', value: name, ...noPlace },
      on: { kind: 'Name', value: on, ...noPlace },
      components: componentsFrom(requests),
      comments: noComments,
      ...noPlace,
    })
  }
  return fragments
}

const noPlace = { start: -1, end: -1 }

const isObjectType = (name: string): name is ObjectTypeName =>
  (objectTypeNames as readonly string[]).includes(name)

/**
 * The spreads among `items` (components requested on objects of `types`), at every depth, of a fragment for none
 * of those types: `fragment_not_applicable` at the spread. Inside a fragment the objects are the fragment's type.
 * An unknown fragment or type, and a cycle, are reported elsewhere (lowering, `checkFragments`), and skipped here.
 * `ranges` takes the source range of each fragment misapplied (what the model says of its components is the
 * same mistake).
 */
export function misappliedSpreads(
  items: readonly ComponentItemNode[],
  types: readonly ObjectTypeName[],
  fragments: Fragments,
  problems: TextProblem[],
  visited: Set<FragmentDefinitionNode> = new Set(),
  ranges: (readonly [number, number])[] = [],
  depth = 0,
): void {
  for (const item of items) {
    if (item.kind === 'Component') {
      const name = item.name.value
      const entry: ComponentEntry | undefined = isComponentName(name) ? componentCatalogue[name] : undefined
      const returns = entry?.of
      if (item.components && returns)
        misappliedSpreads(item.components, returns, fragments, problems, visited, ranges, depth)
      continue
    }
    const fragment = fragments.get(item.name.value)
    if (fragment === undefined) continue
    const on = fragment.on.value
    if (!isObjectType(on)) continue
    if (!types.includes(on)) {
      problems.push({
        code: 'fragment_not_applicable',
        reason: `fragment ${clipped(item.name.value)} is on ${on}; the objects here are ${types.join(' or ')}`,
        offset: item.name.start,
      })
      ranges.push([fragment.start, fragment.end])
      continue
    }
    // Inside a fragment the objects are its type wherever it is spread: its spreads are checked once (which
    // also ends a cycle, and spreads that double at each step), and no deeper than lowering follows them.
    if (visited.has(fragment) || depth >= 64) continue
    visited.add(fragment)
    misappliedSpreads(fragment.components, [on], fragments, problems, visited, ranges, depth + 1)
  }
}

/**
 * The problems of a document's fragments, each where it is written: a name defined twice, a type that is none,
 * a component that is unknown or does not apply to the type (the model's rules, as the builder's `fragment()`
 * checks them), a spread of an unknown fragment, a cycle, a spread misapplied inside a fragment, and a fragment no
 * query or fragment spreads.
 */
export function checkFragments(document: DocumentNode): TextProblem[] {
  const problems: TextProblem[] = []
  if (document.fragments.length === 0) return problems
  const fragments = fragmentsOf(document)
  const spread = spreadNames(document)
  for (const fragment of document.fragments) {
    // As many as a text reports (maxErrorsPerText): past them, more of the same is noise that costs a frame each.
    if (problems.length >= maxErrorsPerText) return problems.slice(0, maxErrorsPerText)
    const name = fragment.name.value
    const first = fragments.get(name) as FragmentDefinitionNode
    if (first !== fragment) {
      problems.push({
        code: 'duplicate_fragment',
        reason: `fragment ${clipped(name)} is already defined above`,
        offset: fragment.name.start,
      })
      continue
    }
    if (!spread.has(name))
      problems.push({
        code: 'unused_fragment',
        reason: `fragment ${clipped(name)} is never spread (...${name})`,
        offset: fragment.name.start,
      })
    const on = fragment.on.value
    if (!isObjectType(on)) {
      problems.push({
        code: 'unknown_type',
        reason: unknownName('type', on, objectTypeNames),
        offset: fragment.on.start,
      })
      continue
    }
    for (const problem of componentProblems(fragment, on, fragments)) problems.push(problem)
  }
  return problems.slice(0, maxErrorsPerText)
}

/** The names every spread of the document names, in queries and fragments. */
function spreadNames(document: DocumentNode): Set<string> {
  const names = new Set<string>()
  const walk = (items: readonly ComponentItemNode[] | undefined): void => {
    for (const item of items ?? []) {
      if (item.kind === 'Spread') names.add(item.name.value)
      else walk(item.components)
    }
  }
  for (const definition of document.definitions) walk(definition.operation.with?.components)
  for (const fragment of document.fragments) walk(fragment.components)
  return names
}

// A fragment's components against its type: lowered (its spreads written out, its unknown spreads and cycles
// found), then checked by the model's component rule and tree check, each issue placed where it is written.
function componentProblems(
  fragment: FragmentDefinitionNode,
  on: ObjectTypeName,
  fragments: Fragments,
): TextProblem[] {
  const lowering = new Lowering(new Map(), new Map(), { fragments })
  const path = ['components']
  const requests = lowering.componentItems(fragment.components, path, fragment)
  const problems: TextProblem[] = [...lowering.problems]
  misappliedSpreads(fragment.components, [on], fragments, problems, new Set([fragment]))
  if (problems.length > 0) return problems
  try {
    checkComponentTree(checked(ComponentListRule, requests, path) as readonly ComponentRequest[], [on], path)
  } catch (error) {
    if (!(error instanceof HqlError)) throw error
    const issues = modelIssues(error)
    for (const issue of issues)
      problems.push(placeIssue(lowering.locations, issue.code, issue.reason, issue.path, fragment.start))
  }
  return problems
}
