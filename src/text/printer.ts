import type {
  BlueprintNode,
  Comments,
  ComponentItemNode,
  ComponentNode,
  ConditionNode,
  DocumentNode,
  FactorNode,
  FragmentDefinitionNode,
  OperationNode,
  ParamNode,
  QueryDefinitionNode,
  SortKeyNode,
  ValueNode,
  WhereNode,
} from './ast'

// One canonical layout: the head of each query on its own line, then one clause per line indented by two,
// each `and` condition on a line of its own, blueprints on lines of their own with their `where` below
// them. Nothing depends on line width, so the same tree always prints the same text. Comments stay on the
// line they were attached to.

const indentUnit = '  '

/**
 * Prints a syntax tree as canonical HQL text, ending with a newline. Queries and fragments keep their order in
 * the source (a tree made by code, its offsets -1, prints its queries, then its fragments).
 */
export function printDocument(document: DocumentNode): string {
  const definitions: (QueryDefinitionNode | FragmentDefinitionNode)[] = [...document.definitions]
  if (document.fragments.length > 0) {
    definitions.push(...document.fragments)
    // Array.prototype.sort is stable: nodes made by code (start -1) keep the order above.
    definitions.sort((a, b) => a.start - b.start)
  }
  const blocks = definitions.map((definition) =>
    definition.kind === 'FragmentDefinition' ? printFragment(definition) : printDefinition(definition),
  )
  if (document.comments.leading.length > 0)
    blocks.push(document.comments.leading.map((c) => `#${c}`).join('\n'))
  return blocks.join('\n\n') + '\n'
}

/** Prints one query definition (without a trailing newline). */
export function printDefinition(definition: QueryDefinitionNode): string {
  const lines: string[] = []
  if (definition.name !== undefined) {
    const params = definition.params.length > 0 ? `(${definition.params.map(printParam).join(', ')})` : ''
    line(lines, 0, `query ${definition.name.value}${params}`, definition.comments)
  }
  printOperation(lines, definition.operation)
  return lines.join('\n')
}

/** Prints one fragment definition on a line of its own: `fragment movieCard on Movie { primaryImage }`. */
export function printFragment(fragment: FragmentDefinitionNode): string {
  const lines: string[] = []
  const components = fragment.components.map(printComponentItem).join(', ')
  line(
    lines,
    0,
    `fragment ${fragment.name.value} on ${fragment.on.value} { ${components} }`,
    fragment.comments,
  )
  return lines.join('\n')
}

function line(lines: string[], depth: number, text: string, comments: Comments): void {
  const indent = indentUnit.repeat(depth)
  for (const comment of comments.leading) lines.push(`${indent}#${comment}`)
  lines.push(indent + text + (comments.trailing === undefined ? '' : `  #${comments.trailing}`))
}

function printParam(param: ParamNode): string {
  const type = param.type.list ? `[${param.type.name.value}]` : param.type.name.value
  const fallback = param.defaultValue === undefined ? '' : ` = ${printValue(param.defaultValue)}`
  return `$${param.variable.name}: ${type}${fallback}`
}

function printOperation(lines: string[], operation: OperationNode): void {
  switch (operation.kind) {
    case 'Explore':
      line(lines, 0, joined('explore', operation.returnType?.value), operation.comments)
      if (operation.where) printWhere(lines, 1, operation.where)
      if (operation.orderBy) {
        const keys = operation.orderBy.keys.map(printSortKey).join(', ')
        line(lines, 1, `order by ${keys || 'none'}`, operation.orderBy.comments)
      }
      break
    case 'Relate': {
      const factors = operation.factors.map(printFactor).join(', ')
      line(lines, 0, joined('relate', operation.returnType?.value, 'to', factors), operation.comments)
      if (operation.where) printWhere(lines, 1, operation.where)
      break
    }
    case 'Lookup':
      line(lines, 0, `lookup ${operation.ids.map(printValue).join(', ')}`, operation.comments)
      break
    case 'Silos':
      line(lines, 0, joined('silos', operation.ids && `for ${printValue(operation.ids)}`), operation.comments)
      if (operation.where) printWhere(lines, 1, operation.where)
      for (const blueprint of operation.blueprints) printBlueprint(lines, blueprint)
      break
  }
  if (operation.with) {
    const components = operation.with.components.map(printComponentItem).join(', ')
    line(lines, 1, `with ${components || 'none'}`, operation.with.comments)
  }
  if (operation.paging) {
    const { page, size } = operation.paging
    line(
      lines,
      1,
      joined('page', page && printValue(page), size && `size ${printValue(size)}`),
      operation.paging.comments,
    )
  }
  if (operation.kind === 'Silos' && operation.siloSize)
    line(lines, 1, `silo size ${printValue(operation.siloSize.size)}`, operation.siloSize.comments)
}

function printWhere(lines: string[], depth: number, where: WhereNode): void {
  const [first, ...rest] = where.conditions
  line(lines, depth, `where ${first === undefined ? 'none' : printCondition(first)}`, where.comments)
  for (const condition of rest) line(lines, depth + 1, `and ${printCondition(condition)}`, condition.comments)
}

function printCondition(condition: ConditionNode): string {
  if (condition.kind === 'AnyOf') return `(${condition.branches.map(printCondition).join(' or ')})`
  return `${condition.filter.value} ${condition.operator} ${printValue(condition.value)}`
}

function printSortKey(key: SortKeyNode): string {
  return joined(key.key.value, key.ids && printValue(key.ids), key.order?.value)
}

function printFactor(factor: FactorNode): string {
  const boost = factor.boostOnly
  const boostText =
    boost === undefined
      ? undefined
      : boost.kind === 'Name' && boost.value === 'true'
        ? 'boost only'
        : `boost only ${printValue(boost)}`
  return joined(printValue(factor.id), factor.weight && `weight ${printValue(factor.weight)}`, boostText)
}

function printComponentItem(item: ComponentItemNode): string {
  return item.kind === 'Spread' ? `...${item.name.value}` : printComponent(item)
}

function printComponent(component: ComponentNode): string {
  const nested =
    component.components === undefined
      ? undefined
      : component.components.length === 0
        ? '{}'
        : `{ ${component.components.map(printComponentItem).join(', ')} }`
  return joined(
    component.name.value,
    component.size && `size ${printValue(component.size)}`,
    component.page && `at page ${printValue(component.page)}`,
    nested,
  )
}

function printBlueprint(lines: string[], blueprint: BlueprintNode): void {
  const params =
    blueprint.params === undefined
      ? ''
      : `(${blueprint.params.map((param) => `${param.key.value}: ${printValue(param.value)}`).join(', ')})`
  const text = joined(
    `silo ${blueprint.type.value}${params}`,
    blueprint.positions && `at ${printValue(blueprint.positions)}`,
    blueprint.probability && `probability ${printValue(blueprint.probability)}`,
  )
  line(lines, 1, text, blueprint.comments)
  if (blueprint.where) printWhere(lines, 2, blueprint.where)
}

/** A value as the lexer reads it back: strings in JSON's escaping, numbers in JavaScript's shortest form. */
export function printValue(value: ValueNode): string {
  switch (value.kind) {
    case 'Name':
      return value.value
    case 'Variable':
      return `$${value.name}`
    case 'String':
      return JSON.stringify(value.value)
    case 'Number':
      return Number.isFinite(value.value) ? String(Object.is(value.value, -0) ? 0 : value.value) : value.raw
    case 'List':
      return `[${value.items.map(printValue).join(', ')}]`
  }
}

const joined = (...parts: (string | undefined)[]) => parts.filter((part) => part !== undefined).join(' ')
