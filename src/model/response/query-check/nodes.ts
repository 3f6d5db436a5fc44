import * as c from '../../check/kit'
import type { Checker } from '../../check/kit'
import { componentCatalogue, isConditional } from '../../components'
import type { ComponentEntry } from '../../components'
import { objectTypeNames, prefixTypes } from '../../ids'
import type { ObjectTypeName } from '../../ids'
import type { ComponentRequest } from '../../request/components'
import { hasMhidForm, mhidFormMessage } from '../mhid-form'
import { resourceSchemas } from '../resources'
import { asPage, listOrArray } from './lists'
import {
  ContributionContextSchema,
  ContributorContextSchema,
  MediumTypesSchema,
  NameSchema,
  SocialMetricsSchema,
  SourceContextSchema,
  SubscriptionMetadataSchema,
} from '../values'

// The parts of a per-query checker, from the checker kit and the values' schemas (not from the generic
// response schemas, schemas.ts, which then stay out of the client's bundle).

type Check = Checker<unknown>

/** A context the query shapes (a top-level item's), or one of a component without a context: any object. */
// The same checker as a Name's (any object): one construction, not two.
export const anyContext: Check = NameSchema
/** An item `{ object, context }` whose object is one of `types` (`objectOf`) and whose context `context` checks. */
export const pair = (
  types: readonly ObjectTypeName[],
  requested: readonly ComponentRequest[],
  context: Check = anyContext,
  exact?: boolean,
): Check => c.object({ object: objectOf(types, requested, exact), context })

const withArticle = (type: string) => `${/^[AEIO]/.test(type) ? 'an' : 'a'} ${type}`

/**
 * An object of one of `types`, told apart by its mhid's prefix, with its default fields and each requested
 * component that applies to its type. An mhid that is present must have the documented form, wherever the
 * object is. Where one type only is promised, an object without an mhid (a Subscription has none) is taken
 * to be of that type; where several are, every one of them has an mhid, and an object without one is refused.
 *
 * An object of a known type not among `types` breaks a promise and is refused: the query's at the top (its
 * returnType, a lookup's ids), the documents' inside a component (a primaryImage holds an Image, a
 * keyContributors list Contributors; the lists that may hold any media kind list every one in the catalogue).
 * An mhid of a prefix hql does not know breaks none inside a component, nor at the top of a query that does not
 * narrow its types (`exact` is for top-level items, `types` then holding OtherMedia): it passes as it is.
 */
export function objectOf(
  types: readonly ObjectTypeName[],
  requested: readonly ComponentRequest[],
  exact = false,
): Check {
  // Built on first use: inside a component any known type may come. Keys are type names (from a Map), never
  // a value read from the response.
  const byType: Partial<Record<ObjectTypeName, Check>> = {}
  return c.custom((value, path, issues) => {
    if (!c.isObject(value)) return c.report(issues, path, 'expected an object')
    const mhid = value['mhid']
    if (mhid !== undefined && !hasMhidForm(mhid)) return c.report(issues, path, mhidFormMessage, 'mhid')
    // Without an mhid, the one type promised (if one only is). prefixTypes is a Map: a prefix read from a
    // response is never used as an object's key.
    const named =
      mhid === undefined ? (types.length === 1 ? types[0] : undefined) : prefixTypes.get(mhid.slice(0, 5))
    if (named !== undefined && types.includes(named))
      (byType[named] ??= objectOfType(named, requested)).check(value, path, issues)
    else if (mhid === undefined || named || (exact && !types.includes('OtherMedia')))
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
  const components: [string, Check, boolean, boolean][] = []
  for (const { name, components: nested = [] } of requested) {
    const entry: ComponentEntry = componentCatalogue[name]
    // A component that is a default field too (a Subscription's metadata) is checked with the defaults; one
    // promised only conditionally (`isConditional`: userSocial, primaryGroup) may be missing.
    if (entry.appliesTo.includes(type) && !Object.hasOwn(defaults.shape, name))
      components.push([
        name,
        componentValue(entry, nested),
        isConditional(entry),
        entry.shape !== 'primitive',
      ])
  }
  return c.custom((value, path, issues) => {
    defaults.check(value, path, issues)
    const object = value as Record<string, unknown>
    for (const [key, check, optional, pairs] of components) {
      const field = object[key]
      if (field !== undefined) {
        path.push(key)
        check.check(field, path, issues)
        path.pop()
        // Lists read one way: a list sent as a plain array reaches the user as a page (lists.ts). The pair
        // components that an array fails are refused whole: what the page holds then is never handed on.
        if (pairs && Array.isArray(field)) object[key] = asPage(field)
      } else if (!optional) c.report(issues, path, `${key} was requested and is missing`, key)
    }
  })
}

const contexts = {
  ContributorContext: ContributorContextSchema,
  ContributionContext: ContributionContextSchema,
  SourceContext: SourceContextSchema,
}
const primitives = {
  Name: NameSchema,
  SocialMetrics: SocialMetricsSchema,
  MediumTypes: MediumTypesSchema,
  SubscriptionMetadata: SubscriptionMetadataSchema,
  UserSocial: /* @__PURE__ */ c.object({
    userLikes: c.boolean,
    userFollows: c.boolean,
    userDislikes: c.boolean,
    userDefaultCollections: /* @__PURE__ */ c.array(/* @__PURE__ */ pair(['Collection'], [])),
  }),
}

/** What a requested component adds to an object: its value, shaped as the catalogue says. */
function componentValue(entry: ComponentEntry, requested: readonly ComponentRequest[]): Check {
  if (entry.shape === 'primitive') return primitives[entry.value ?? 'Name']
  // No context: any object (`contexts` has no key "undefined").
  const item = pair(entry.of ?? objectTypeNames, requested, contexts[entry.context!])
  return entry.shape === 'pair' ? item : listOrArray(item)
}
