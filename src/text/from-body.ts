import type { EndpointName } from '../model/core'
import type {
  BlueprintNode,
  ComponentNode,
  ConditionNode,
  FactorNode,
  ListNode,
  NameNode,
  OperationNode,
  OrderByNode,
  PagingNode,
  ScalarNode,
  SiloSizeNode,
  SortKeyNode,
  ValueNode,
  WhereNode,
  WithNode,
} from './ast'
import { noComments } from './ast'

// The inverse of lowering: a request body (already validated by the model) as a syntax tree, so that one
// printer serves both text and queries.

type Json = Readonly<Record<string, unknown>>

const none = { start: -1, end: -1 }
const nameLike = /^[A-Za-z_][A-Za-z0-9_]*$/

const name = (value: string): NameNode => ({ kind: 'Name', value, ...none })

function scalar(value: unknown): ScalarNode {
  if (typeof value === 'number') return { kind: 'Number', value, raw: String(value), ...none }
  if (typeof value === 'boolean') return name(String(value))
  return { kind: 'String', value: String(value), ...none }
}

function list(values: unknown, item: (value: unknown) => ScalarNode = scalar): ListNode {
  return { kind: 'List', items: (values as readonly unknown[]).map(item), ...none }
}

// Type names print bare (`Movie`); anything else a returnType could hold prints as a string.
const typeName = (value: unknown): ScalarNode =>
  typeof value === 'string' && nameLike.test(value) ? name(value) : scalar(value)

/** The syntax tree of a request body of `endpoint`. */
export function operationFromBody(endpoint: EndpointName, body: Json): OperationNode {
  const common = { comments: noComments, ...none }
  const withClause = body.components === undefined ? undefined : withFrom(body.components)
  const paging = pagingFrom(body)
  switch (endpoint) {
    case 'explore': {
      // explore always sends filters; an empty object is what no `where` means.
      const filters = body.filters as Json | undefined
      const { returnType, where } = headAndWhere(
        filters && Object.keys(filters).length > 0 ? filters : undefined,
        true,
      )
      const orderBy = body.sort === undefined ? undefined : orderByFrom(body.sort)
      return { kind: 'Explore', returnType, where, orderBy, with: withClause, paging, ...common }
    }
    case 'relate': {
      const { returnType, where } = headAndWhere(body.filters as Json | undefined, true)
      const factors = (body.factors as readonly Json[]).map(factorFrom)
      return { kind: 'Relate', returnType, factors, where, with: withClause, paging, ...common }
    }
    case 'lookup':
      return {
        kind: 'Lookup',
        ids: (body.ids as readonly unknown[]).map(scalar),
        with: withClause,
        paging,
        ...common,
      }
    case 'silos': {
      const siloSize: SiloSizeNode | undefined =
        body.siloPageSize === undefined
          ? undefined
          : { kind: 'SiloSize', size: scalar(body.siloPageSize), comments: noComments, ...none }
      // As for explore: silos always send filters (the model adds `{}`), and an empty object is no `where`.
      const filters = body.filters as Json | undefined
      return {
        kind: 'Silos',
        ids: body.ids === undefined ? undefined : list(body.ids),
        where: filters && Object.keys(filters).length > 0 ? whereFrom(filters) : undefined,
        blueprints: (body.blueprints as readonly Json[]).map(blueprintFrom),
        with: withClause,
        paging,
        siloSize,
        ...common,
      }
    }
  }
}

/** A returnType `$eq` of a type name goes in the head (`explore Movie`); the other filters in `where`. */
function headAndWhere(filters: Json | undefined, head: boolean) {
  if (filters === undefined) return { returnType: undefined, where: undefined }
  const returnType = filters.returnType as Json | undefined
  const eq = returnType?.$eq
  if (
    head &&
    returnType &&
    Object.keys(returnType).length === 1 &&
    typeof eq === 'string' &&
    nameLike.test(eq)
  ) {
    const rest = Object.fromEntries(Object.entries(filters).filter(([key]) => key !== 'returnType'))
    return { returnType: name(eq), where: Object.keys(rest).length > 0 ? whereFrom(rest) : undefined }
  }
  return { returnType: undefined, where: whereFrom(filters) }
}

function whereFrom(filters: Json): WhereNode {
  const conditions = Object.entries(filters).map(([filter, operator]) =>
    conditionFrom(filter, operator as Json),
  )
  return { kind: 'Where', conditions, comments: noComments, ...none }
}

function conditionFrom(filter: string, operator: Json): ConditionNode {
  const [key, value] = Object.entries(operator)[0] ?? ['$eq', '']
  if (key === '$or')
    return {
      kind: 'AnyOf',
      branches: (value as readonly Json[]).map((branch) => conditionFrom(filter, branch)),
      comments: noComments,
      ...none,
    }
  const item = filter === 'returnType' ? typeName : scalar
  const operators = { $eq: '=', $ne: '!=', $in: 'in', $all: 'contains all' } as const
  const symbol = operators[key as keyof typeof operators]
  const node: ValueNode = symbol === '=' || symbol === '!=' ? item(value) : list(value, item)
  return {
    kind: 'Filter',
    filter: name(filter),
    operator: symbol,
    value: node,
    comments: noComments,
    ...none,
  }
}

function orderByFrom(sort: unknown): OrderByNode {
  const keys = (sort as readonly Json[]).map((entry): SortKeyNode => {
    const key = entry.type === 'property' ? String(entry.property) : String(entry.type)
    const order = entry.order === undefined ? undefined : name(entry.order === 'ascending' ? 'asc' : 'desc')
    return {
      kind: 'SortKey',
      key: name(key),
      ids: entry.ids === undefined ? undefined : list(entry.ids),
      order,
      ...none,
    }
  })
  return { kind: 'OrderBy', keys, comments: noComments, ...none }
}

function withFrom(components: unknown): WithNode {
  return { kind: 'With', components: componentsFrom(components), comments: noComments, ...none }
}

/**
 * The syntax tree of a list of component requests (as a body holds them), with no place in any text.
 *
 * @example
 * componentsFrom([{ name: 'keyContributors', pageSize: 3 }])[0]?.size // { kind: 'Number', value: 3, … }
 */
export function componentsFrom(components: unknown): ComponentNode[] {
  return (components as readonly Json[]).map((component) => ({
    kind: 'Component',
    name: name(String(component.name)),
    size: component.pageSize === undefined ? undefined : scalar(component.pageSize),
    page: component.page === undefined ? undefined : scalar(component.page),
    components: component.components === undefined ? undefined : componentsFrom(component.components),
    ...none,
  }))
}

function pagingFrom(body: Json): PagingNode | undefined {
  if (body.page === undefined && body.pageSize === undefined) return undefined
  return {
    kind: 'Paging',
    page: body.page === undefined ? undefined : scalar(body.page),
    size: body.pageSize === undefined ? undefined : scalar(body.pageSize),
    comments: noComments,
    ...none,
  }
}

function factorFrom(factor: Json): FactorNode {
  return {
    kind: 'Factor',
    id: scalar(factor.id),
    weight: factor.weight === undefined ? undefined : scalar(factor.weight),
    boostOnly: factor.boostOnly === undefined ? undefined : scalar(factor.boostOnly),
    ...none,
  }
}

function blueprintFrom(blueprint: Json): BlueprintNode {
  const params = blueprint.params as Json | undefined
  return {
    kind: 'Blueprint',
    type: name(String(blueprint.type)),
    params:
      params === undefined
        ? undefined
        : Object.entries(params).map(([key, value]) => ({
            kind: 'BlueprintParam',
            key: name(key),
            value: Array.isArray(value) ? list(value) : scalar(value),
            ...none,
          })),
    positions: blueprint.positions === undefined ? undefined : list(blueprint.positions),
    probability: blueprint.probability === undefined ? undefined : scalar(blueprint.probability),
    where: blueprint.filters === undefined ? undefined : whereFrom(blueprint.filters as Json),
    comments: noComments,
    ...none,
  }
}
