import { componentCatalogue, isComponentName, isConditional } from '../model/components'
import type { ComponentEntry } from '../model/components'
import { componentSummaries } from '../model/component-docs'
import { objectTypeNames, typeOfId } from '../model/ids'
import type { ObjectTypeName } from '../model/ids'
import { typesOfBody } from '../model/query/returned-types'
import { readPromise } from '../model/response/query-check'
import type { EndpointName } from '../model/wire'
import {
  Lowering,
  fragmentsOf,
  lex,
  makeSource,
  parseDocumentCollecting,
  printFragment,
  resolveDefinition,
} from '../text'
import type { ComponentItemNode, QueryDefinitionNode, Token } from '../text'
import type { IdProvider } from './ids'
import { objectType, resultTypeText } from './result-type'
import { isSpreadName } from './fragments'
import type { GivenFragment } from './fragments'
import { lastClause } from './scope'
import { tokenAt } from './tokens'

/** Hover text (Markdown) over the range of the token under the cursor. */
export interface Hover {
  readonly markdown: string
  readonly start: number
  readonly end: number
}

/**
 * What the token at `offset` means: a component (what it adds, where it applies), an id (its name from
 * `ids`, or the type its prefix tells), a fragment (the text's own, or one of `given`, the fragments given to the
 * text from outside it), and anywhere else in a query that resolves, its result type in TypeScript syntax.
 */
export function hover(
  text: string,
  offset: number,
  ids: IdProvider,
  given: readonly GivenFragment[] = [],
): Hover | undefined {
  const { tokens } = lex(text)
  const at = tokenAt(tokens, offset)
  if (at < 0) return undefined
  const token = tokens[at] as Token
  const range = { start: token.start, end: token.end }
  if (token.kind === 'name' && isComponentName(token.value) && inWith(tokens, at)) {
    const entry: ComponentEntry = componentCatalogue[token.value]
    const returns = entry.of ? `; returns ${entry.of.join(', ')}` : entry.value ? `; a ${entry.value}` : ''
    const absent = isConditional(entry) ? ' May be absent from an object.' : ''
    return {
      markdown: `**${token.value}** (${entry.shape}): ${componentSummaries[token.value]}.${absent}\n\nApplies to ${entry.appliesTo.join(', ')}${returns}.`,
      ...range,
    }
  }
  const fragment = token.kind === 'name' ? fragmentHover(text, tokens, at, given) : undefined
  if (fragment !== undefined) return { markdown: fragment, ...range }
  if (token.kind === 'string') {
    const entry = ids.nameOf(token.value)
    if (entry) return { markdown: `\`${entry.id}\`: **${entry.name}** (${entry.type})`, ...range }
    const type = typeOfId(token.value)
    if (type) return { markdown: `\`${token.value}\`: a ${type} id`, ...range }
  }
  const result = resultTypeAt(text, offset)
  return result === undefined ? undefined : { markdown: '```ts\n' + result + '\n```', ...range }
}

/**
 * Over a spread's name (`...movieCard`) or a fragment's own name: the fragment as written, and the object its
 * components give, in TypeScript (what `FragmentOf` says of the builder's fragment).
 */
function fragmentHover(
  text: string,
  tokens: readonly Token[],
  at: number,
  given: readonly GivenFragment[],
): string | undefined {
  const defining = tokens[at - 1]?.kind === 'name' && tokens[at - 1]?.value === 'fragment'
  if (!defining && !isSpreadName(tokens, at)) return undefined
  const { document } = parseDocumentCollecting(text)
  const fragments = fragmentsOf(document)
  const name = (tokens[at] as Token).value
  const fragment = fragments.get(name)
  // Given from outside the text (hqlText's second argument): its name and type are all the text can tell.
  const outside = fragment === undefined && !defining ? given.find((g) => g.name === name) : undefined
  if (outside !== undefined)
    return `**${name}**: a fragment${outside.on === undefined ? '' : ` on ${outside.on}`}, given to the call`
  if (fragment === undefined) return undefined
  const written = '```hql\n' + printFragment(fragment) + '\n```'
  const on = fragment.on.value
  if (!isObjectType(on)) return written
  const lowering = new Lowering(new Map(), new Map(), { fragments, trackLocations: false })
  const components = lowering.componentItems(fragment.components, [], fragment) as { name: string }[]
  if (lowering.problems.length > 0) return written
  return `${written}\n\n\`\`\`ts\n${objectType([on], components)}\n\`\`\``
}

const isObjectType = (name: string): name is ObjectTypeName =>
  (objectTypeNames as readonly string[]).includes(name)

/** Whether token `at` is in a `with` clause (not a filter or sort key of the same name). */
function inWith(tokens: readonly Token[], at: number): boolean {
  return lastClause(tokens.slice(0, at))?.value === 'with'
}

/** The result type of the query containing `offset`, when it resolves (stand-ins for its parameters). */
export function resultTypeAt(text: string, offset: number): string | undefined {
  const source = makeSource(text)
  const { document } = parseDocumentCollecting(text)
  const definition = document.definitions.find((d) => d.start <= offset && offset <= d.end)
  if (definition === undefined) return undefined
  // A query still being written (`with primaryImg, key`) does not resolve: its result type is then the one of
  // what is known of it, its unknown components left out, so hovering keeps answering while the user types.
  const fragments = fragmentsOf(document)
  let resolved = resolveDefinition(source, definition, { placeholders: true }, fragments)
  if (!resolved.ok) {
    const known = withKnownComponents(definition)
    if (known === definition) return undefined
    resolved = resolveDefinition(source, known, { placeholders: true }, fragments)
    if (!resolved.ok) return undefined
  }
  const { endpoint, body } = resolved.lowered
  // What the items may be, as the strict check reads it: a silos blueprint's own returnType decides its silo's.
  const types =
    readPromise(endpoint as EndpointName, body)?.types ?? typesOfBody(endpoint as EndpointName, body as never)
  const components = (body as { components?: readonly { name: string }[] }).components ?? []
  return resultTypeText(endpoint, types, components)
}

/** The definition without the components whose names are none (at every depth); itself when it has none such. */
function withKnownComponents(definition: QueryDefinitionNode): QueryDefinitionNode {
  const known = (components: readonly ComponentItemNode[]): readonly ComponentItemNode[] => {
    const kept = components
      .filter((component) => component.kind === 'Spread' || isComponentName(component.name.value))
      .map((component) => {
        if (component.kind === 'Spread') return component
        const nested = component.components && known(component.components)
        return nested === component.components ? component : { ...component, components: nested }
      })
    return kept.length === components.length && kept.every((c, i) => c === components[i]) ? components : kept
  }
  const clause = definition.operation.with
  if (clause === undefined) return definition
  const components = known(clause.components)
  if (components === clause.components) return definition
  return { ...definition, operation: { ...definition.operation, with: { ...clause, components } } }
}
