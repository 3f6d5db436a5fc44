import * as c from '../../check/kit'
import type { Checker } from '../../check/kit'
import { componentCatalogue } from '../../components'
import type { ComponentEntry } from '../../components'
import { objectTypeNames, prefixTypes } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import type { ComponentRequest } from '../../request/components'
import { PagingInfoSchema } from '../envelopes'
import { resourceSchemas } from '../resources'
import {
  ContributorContextSchema,
  MediumTypesSchema,
  NameSchema,
  SocialMetricsSchema,
  SourceContextSchema,
  SubscriptionMetadataSchema,
} from '../values'
import { mayBeMissing } from './promise'

// The parts of a per-query checker, from the checker kit and the values' schemas (not from the generic
// response schemas, schemas.ts, which then stay out of the client's bundle).

type Check = Checker<unknown>

/** A context the query shapes (a top-level item's), or one of a component without a context: any object. */
export const anyContext: Check = c.record(c.unknown)
export const pair = (object: Check, context: Check): Check => c.object({ object, context })
export const paged = (item: Check): Check =>
  c.object({ content: c.array(item), pagingInfo: PagingInfoSchema })

const withArticle = (type: string) => `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`

/** The type each mhid prefix names, in a Map: a prefix read from a response is never used as a key. */
const typeOfPrefix = prefixTypes

/**
 * An object of one of `types` (told apart by its mhid's prefix), with its default fields and each requested
 * component that applies to its type. Where one type only is promised, an object whose mhid does not tell
 * (a Subscription has none) is taken to be of that type.
 */
export function objectOf(types: readonly ObjectTypeName[], requested: readonly ComponentRequest[]): Check {
  const byType = new Map(types.map((type) => [type, objectOfType(type, requested)]))
  const only = types.length === 1 ? byType.get(types[0]!) : undefined
  return c.custom((value, path, issues) => {
    if (!c.isObject(value)) return c.report(issues, path, 'expected an object')
    const mhid = value['mhid']
    const named = typeof mhid === 'string' ? typeOfPrefix.get(mhid.slice(0, 5)) : undefined
    const check = named === undefined ? only : byType.get(named)
    if (check !== undefined) return check.check(value, path, issues)
    c.report(
      issues,
      path,
      `expected ${types.map(withArticle).join(' or ')}, ${named ? `got ${withArticle(named)}` : 'and the mhid does not tell the type'}`,
      'mhid',
    )
  })
}

function objectOfType(type: ObjectTypeName, requested: readonly ComponentRequest[]): Check {
  const defaults = resourceSchemas[type]
  const components: [string, Check, boolean][] = []
  for (const { name, components: nested = [] } of requested) {
    const entry: ComponentEntry = componentCatalogue[name]
    // A component that is a default field too (a Subscription's metadata) is checked with the defaults.
    if (entry.appliesTo.includes(type) && !Object.hasOwn(defaults.shape, name))
      components.push([name, componentValue(entry, nested), mayBeMissing(name)])
  }
  return c.custom((value, path, issues) => {
    defaults.check(value, path, issues)
    const object = value as Record<string, unknown>
    for (const [key, check, optional] of components) {
      if (object[key] !== undefined) {
        path.push(key)
        check.check(object[key], path, issues)
        path.pop()
      } else if (!optional) c.report(issues, path, `${key} was requested and is missing`, key)
    }
  })
}

const contexts = { ContributorContext: ContributorContextSchema, SourceContext: SourceContextSchema }
let userSocial: Check | undefined
const primitives = {
  Name: () => NameSchema,
  SocialMetrics: () => SocialMetricsSchema,
  MediumTypes: () => MediumTypesSchema,
  SubscriptionMetadata: () => SubscriptionMetadataSchema,
  UserSocial: () =>
    (userSocial ??= c.object({
      userLikes: c.boolean,
      userFollows: c.boolean,
      userDislikes: c.boolean,
      userDefaultCollections: c.array(pair(objectOf(['Collection'], []), anyContext)),
    })),
}

/** What a requested component adds to an object: its value, shaped as the catalogue says. */
function componentValue(entry: ComponentEntry, requested: readonly ComponentRequest[]): Check {
  if (entry.shape === 'primitive') return primitives[entry.value ?? 'Name']()
  const item = pair(
    objectOf(entry.of ?? objectTypeNames, requested),
    entry.context ? contexts[entry.context] : anyContext,
  )
  return entry.shape === 'pair' ? item : entry.shape === 'array' ? c.array(item) : paged(item)
}
