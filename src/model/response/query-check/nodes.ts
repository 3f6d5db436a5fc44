import { isObject } from '../../check/kit'
import type { Checker, CheckIssue } from '../../check/kit'
import { componentCatalogue } from '../../components'
import type { ComponentEntry } from '../../components'
import { objectTypeNames, prefixTypes } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import { PagingInfoSchema } from '../envelopes'
import { resourceSchemas } from '../resources'
import { contextSchemas, primitiveSchemas } from '../schemas'
import { needsUser, type RequestedComponent } from './promise'

// The parts of a per-query checker. Each node checks one value at `at`, a path that the nodes share and
// push to and pop from as they descend: a passing response allocates no paths (the generic schemas copy one
// per field), which keeps the per-query check within its budget of the generic one (bench/).

export type Path = (string | number)[]
export type Node = (value: unknown, at: Path, issues: CheckIssue[]) => void

const ROOT: readonly (string | number)[] = Object.freeze([])

const fail = (issues: CheckIssue[], at: Path, message: string, ...more: (string | number)[]) =>
  void issues.push({ path: [...at, ...more], message })

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : typeof value

/** A node from a checker of the kit: its issues' paths are made relative to `at` afterwards. */
export function leaf(checker: Checker<unknown>): Node {
  return (value, at, issues) => {
    const first = issues.length
    checker.check(value, ROOT, issues)
    for (let i = first; i < issues.length; i++) {
      const issue = issues[i]!
      issues[i] = { path: [...at, ...issue.path], message: issue.message }
    }
  }
}

export const pagingInfo = leaf(PagingInfoSchema)
/** A top-level item's context: the query shapes it, so any object will do. */
export const anyContext: Node = (value, at, issues) => {
  if (!isObject(value)) fail(issues, at, `expected an object, got ${describe(value)}`)
}

export function arrayOf(item: Node): Node {
  return (value, at, issues) => {
    if (!Array.isArray(value)) return fail(issues, at, `expected an array, got ${describe(value)}`)
    for (let i = 0; i < value.length; i++) {
      at.push(i)
      item(value[i], at, issues)
      at.pop()
    }
  }
}

/** An object with these fields, each required; other fields are allowed and left alone. */
export function fields(shape: readonly (readonly [string, Node])[]): Node {
  return (value, at, issues) => {
    if (!isObject(value)) return fail(issues, at, `expected an object, got ${describe(value)}`)
    for (const [key, node] of shape) {
      const field = value[key]
      if (field === undefined) fail(issues, at, `${key} is missing`, key)
      else {
        at.push(key)
        node(field, at, issues)
        at.pop()
      }
    }
  }
}

/** `{ content: [item…], pagingInfo }`: a paged list, as list components and the endpoints answer. */
export const pagedList = (item: Node): Node =>
  fields([
    ['content', arrayOf(item)],
    ['pagingInfo', pagingInfo],
  ])

export const pair = (object: Node, context: Node): Node =>
  fields([
    ['object', object],
    ['context', context],
  ])

const withArticle = (type: string) => `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`
const typeList = (types: readonly ObjectTypeName[]) => types.map(withArticle).join(' or ')

/** The type each mhid prefix names, in a Map: a prefix read from a response is never used as a key. */
const typeOfPrefix = new Map(Object.entries(prefixTypes))

/**
 * An object of one of `types`, told apart by its mhid's prefix, checked by that type's node. Where one type
 * only is promised, an object whose mhid does not tell (a Subscription has none) is taken to be of that type.
 */
export function typedObject(byType: ReadonlyMap<ObjectTypeName, Node>): Node {
  const types = [...byType.keys()]
  const only = types.length === 1 ? byType.get(types[0]!) : undefined
  return (value, at, issues) => {
    if (!isObject(value)) return fail(issues, at, `expected an object, got ${describe(value)}`)
    const mhid = value['mhid']
    const named = typeof mhid === 'string' ? typeOfPrefix.get(mhid.slice(0, 5)) : undefined
    const node = named === undefined ? only : byType.get(named)
    if (node !== undefined) return node(value, at, issues)
    fail(
      issues,
      at,
      `expected ${typeList(types)}, ${named === undefined ? 'and the mhid does not tell the type' : `got ${withArticle(named)}`}`,
      'mhid',
    )
  }
}

/** An object of `type`: its default fields, and each requested component that applies to the type. */
function objectOfType(type: ObjectTypeName, requested: readonly RequestedComponent[]): Node {
  const defaults = leaf(resourceSchemas[type])
  const components: { key: string; node: Node; optional: boolean }[] = []
  const defaultFields: Readonly<Record<string, unknown>> = resourceSchemas[type].shape
  for (const request of requested) {
    const entry: ComponentEntry = componentCatalogue[request.name]
    // A component that is a default field too (a Subscription's metadata) is checked with the defaults.
    if (entry.appliesTo.includes(type) && !Object.hasOwn(defaultFields, request.name))
      components.push({
        key: request.name,
        node: componentValue(entry, request.components),
        optional: needsUser(request.name),
      })
  }
  return (value, at, issues) => {
    defaults(value, at, issues)
    const object = value as Record<string, unknown>
    for (const { key, node, optional } of components) {
      const field = object[key]
      if (field === undefined) {
        if (!optional) fail(issues, at, `${key} was requested and is missing`, key)
      } else {
        at.push(key)
        node(field, at, issues)
        at.pop()
      }
    }
  }
}

/** An object of any of `types`, with `requested` on the types each applies to. */
export function objectOf(types: readonly ObjectTypeName[], requested: readonly RequestedComponent[]): Node {
  return typedObject(new Map(types.map((type) => [type, objectOfType(type, requested)])))
}

/** What a requested component adds to an object: its value, shaped as the catalogue says. */
function componentValue(entry: ComponentEntry, requested: readonly RequestedComponent[]): Node {
  if (entry.shape === 'primitive') return leaf(primitiveSchemas[entry.value ?? 'Name'])
  const context = entry.context === undefined ? anyContext : leaf(contextSchemas[entry.context])
  const item = pair(objectOf(entry.of ?? objectTypeNames, requested), context)
  if (entry.shape === 'pair') return item
  if (entry.shape === 'array') return arrayOf(item)
  return pagedList(item)
}
