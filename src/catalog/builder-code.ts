import type { EndpointName } from '../model/core'
import { isFragmentSlot, isParamSlot } from '../text'

// Request bodies (with parameter slots) written as builder code: `H.hql.explore().filter(...)...`. The
// builder computes the result type, so generated functions infer exactly what hand-written builder code does.

type Json = Readonly<Record<string, unknown>>
const ns = 'H'

/** A JSON value as a TypeScript expression; a parameter slot reads the function's `params`. */
export function expression(value: unknown): string {
  if (isParamSlot(value)) return slot(value)
  if (Array.isArray(value)) return `[${spreadList(value)}]`
  if (value !== null && typeof value === 'object')
    return `{ ${Object.entries(value)
      .map(([key, item]) => `${key}: ${expression(item)}`)
      .join(', ')} }`
  return typeof value === 'string' ? quote(value) : JSON.stringify(value)
}

/** A string literal in the project's style: single quotes, JSON's escapes otherwise. */
export function quote(text: string): string {
  return `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
}

function slot(value: { $param: string; fallback?: unknown }): string {
  const read = `params.${value.$param}`
  return value.fallback === undefined ? read : `${read} ?? ${expression(value.fallback)}`
}

/** List items as arguments: a list parameter is spread. */
function spreadList(items: readonly unknown[]): string {
  return items
    .map((item) =>
      isParamSlot(item) && item.list
        ? `...${item.fallback === undefined ? slot(item) : `(${slot(item)})`}`
        : expression(item),
    )
    .join(', ')
}

function filterSpecs(filters: Json): string[] {
  return Object.entries(filters).map(([name, operator]) => filterSpec(name, operator as Json))
}

function filterSpec(name: string, operator: Json): string {
  const [key, value] = Object.entries(operator)[0] as [string, unknown]
  const method = { $eq: 'eq', $ne: 'ne', $in: 'in', $all: 'all', $or: 'or' }[key] ?? 'eq'
  if (key === '$or')
    return `${ns}.${name}.or(${(value as Json[]).map((branch) => filterSpec(name, branch)).join(', ')})`
  const args = Array.isArray(value) ? spreadList(value) : expression(value)
  return `${ns}.${name}.${method}(${args})`
}

// The sort helpers' names, by a sort's property or type (`.sort()` takes only the sorts its helpers made).
const sortKeys: Readonly<Record<string, string>> = { releaseDate: 'releaseDate', name: 'byName' }

/** A sort as the call of its helper: `H.releaseDate.desc()`, `H.popularity()`, `H.idsOrder.asc(...params.ids)`. */
function sortCode(sort: Json): string {
  const key =
    sort.type === 'property' ? (sortKeys[String(sort.property)] ?? String(sort.property)) : String(sort.type)
  const order = sort.order === 'ascending' ? '.asc' : sort.order === 'descending' ? '.desc' : ''
  const ids = sort.ids
  return `${ns}.${key}${order}(${ids === undefined ? '' : Array.isArray(ids) ? spreadList(ids) : `...${expression(ids)}`})`
}

/** Components as arguments: a fragment's spread as the spread of its constant (generate.ts writes them). */
export function components(list: readonly Json[]): string {
  return list.map(component).join(', ')
}

function component(request: Json): string {
  if (isFragmentSlot(request)) return `...${request.$fragment}`
  const nested = request.components as readonly Json[] | undefined
  let code = `${ns}.${String(request.name)}`
  if (nested !== undefined && nested.length > 0) code += `(${components(nested)})`
  if (request.pageSize !== undefined) code += `.pageSize(${expression(request.pageSize)})`
  return code
}

const blueprintFunctions: Readonly<Record<string, string>> = {
  RecommendedForYou: 'recommendedForYou',
  Explore: 'explore',
  BasedOnItem: 'basedOnItem',
  GraphLens: 'graphLens',
  ExploreGraphLens: 'exploreGraphLens',
  Content: 'content',
  Collection: 'collection',
}

function blueprint(value: Json): string {
  const options: string[] = []
  for (const [key, item] of Object.entries((value.params as Json | undefined) ?? {}))
    options.push(`${key}: ${expression(item)}`)
  if (value.positions !== undefined) options.push(`positions: ${expression(value.positions)}`)
  if (value.probability !== undefined) options.push(`probability: ${expression(value.probability)}`)
  if (value.filters !== undefined) options.push(`filters: [${filterSpecs(value.filters as Json).join(', ')}]`)
  const call = `${ns}.silo.${blueprintFunctions[String(value.type)] ?? 'explore'}`
  return options.length === 0 ? `${call}()` : `${call}({ ${options.join(', ')} })`
}

function factor(value: Json): string {
  return value.weight === undefined && value.boostOnly === undefined
    ? expression(value.id)
    : expression(value)
}

/** The builder expression of a request body, one call per line after the first. */
export function builderCode(endpoint: EndpointName, body: Json, indent: string): string {
  const calls: string[] = []
  switch (endpoint) {
    case 'explore':
      calls.push(`${ns}.hql.explore()`)
      break
    case 'relate':
      calls.push(`${ns}.hql.relate(${(body.factors as Json[]).map(factor).join(', ')})`)
      break
    case 'lookup':
      calls.push(`${ns}.hql.lookup(${spreadList(body.ids as unknown[])})`)
      break
    case 'silos':
      calls.push(
        `${ns}.hql.silos(\n${(body.blueprints as Json[]).map((b) => `${indent}  ${blueprint(b)},`).join('\n')}\n${indent})`,
      )
      if (body.ids !== undefined) calls.push(`.ids(${spreadList(body.ids as unknown[])})`)
      break
  }
  const filters = body.filters as Json | undefined
  if (filters !== undefined && (endpoint !== 'explore' || Object.keys(filters).length > 0))
    calls.push(`.filter(${filterSpecs(filters).join(', ')})`)
  if (body.sort !== undefined) calls.push(`.sort(${(body.sort as Json[]).map(sortCode).join(', ')})`)
  if (body.components !== undefined) calls.push(`.with(${components(body.components as Json[])})`)
  if (body.page !== undefined) calls.push(`.page(${expression(body.page)})`)
  if (body.pageSize !== undefined) calls.push(`.pageSize(${expression(body.pageSize)})`)
  if (body.siloPageSize !== undefined) calls.push(`.siloPageSize(${expression(body.siloPageSize)})`)
  return calls.join(`\n${indent}`)
}
