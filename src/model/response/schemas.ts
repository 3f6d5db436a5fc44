import * as c from '../check/kit'

// Schemas built at load are marked pure (why: check/kit.ts).
import type { Checker } from '../check/kit'
import { componentCatalogue, componentNames } from '../components'
import type { ComponentEntry, PrimitiveValueName } from '../components'
import { objectTypeNames, prefixTypes } from '../ids'
import type { ObjectTypeName } from '../ids'
import { resourceSchemas } from './resources'
import type { Collection } from './resources'
import { hasMhidForm, mhidFormMessage } from './mhid-form'
import { PagingInfoSchema } from './envelopes'
import type { Pair } from './envelopes'
import { listOrArray } from './query-check/lists'
import {
  ContributionContextSchema,
  ContributorContextSchema,
  MediumTypesSchema,
  NameSchema,
  SocialMetricsSchema,
  SourceContextSchema,
  SubscriptionMetadataSchema,
} from './values'

// Response schemas, derived from the component catalogue: an object of type T is valid when it has T's
// default fields and every component field it carries has the shape the catalogue gives it. The type of a
// nested object is read from its mhid prefix, so one schema checks any response without the request.

const contextSchemas = {
  ContributorContext: ContributorContextSchema,
  ContributionContext: ContributionContextSchema,
  SourceContext: SourceContextSchema,
}

const objectSchemaCache = new Map<ObjectTypeName, Checker<unknown>>()

/** The full schema of one object type: default fields plus optional component fields. */
function objectSchema(type: ObjectTypeName): Checker<unknown> {
  let schema = objectSchemaCache.get(type)
  if (schema === undefined) {
    const shape: Record<string, Checker<unknown>> = { ...resourceSchemas[type].shape }
    for (const name of componentNames) {
      const entry: ComponentEntry = componentCatalogue[name]
      // Lazy: the catalogue is recursive (a Collection's items hold Collections).
      if (entry.appliesTo.includes(type) && !(name in shape))
        shape[name] = /* @__PURE__ */ c.optional(c.lazy(() => componentValueSchema(entry)))
    }
    schema = /* @__PURE__ */ c.object(shape)
    objectSchemaCache.set(type, schema)
  }
  return schema
}

/** What the token's user has done with an object. Only for tokens of a user. */
export interface UserSocial {
  readonly userLikes: boolean
  readonly userFollows: boolean
  readonly userDislikes: boolean
  readonly userDefaultCollections: readonly Pair<Collection>[]
}

export const UserSocialSchema: Checker<UserSocial> = /* @__PURE__ */ c.object({
  userLikes: c.boolean,
  userFollows: c.boolean,
  userDislikes: c.boolean,
  userDefaultCollections: /* @__PURE__ */ c.array(c.lazy(() => pairSchema(['Collection']))),
}) as Checker<UserSocial>

/** The plain value each primitive component adds, by the catalogue's value name. */
export const primitiveSchemas: Readonly<Record<PrimitiveValueName, Checker<unknown>>> = {
  Name: NameSchema,
  SocialMetrics: SocialMetricsSchema,
  UserSocial: UserSocialSchema,
  MediumTypes: MediumTypesSchema,
  SubscriptionMetadata: SubscriptionMetadataSchema,
}

const pagedContent = (item: Checker<unknown>) =>
  /* @__PURE__ */ c.object({ content: /* @__PURE__ */ c.array(item), pagingInfo: PagingInfoSchema })

function componentValueSchema(entry: ComponentEntry): Checker<unknown> {
  if (entry.shape === 'primitive') return primitiveSchemas[entry.value ?? 'Name']
  const pair = pairSchema(entry.of ?? objectTypeNames, entry.context && contextSchemas[entry.context])
  // A list component may come as a plain array or as a page (query-check/lists.ts).
  return entry.shape === 'pair' ? pair : listOrArray(pair)
}

/**
 * An object of one of `types`, told apart by its mhid prefix. An mhid, where present, has the documented form;
 * an object of a prefix hql does not know passes as it is, one of another known type is checked as that type
 * (the per-query check, query-check/nodes.ts, refuses it at the top level, where the query names the types).
 */
function objectOf(types: readonly ObjectTypeName[]): Checker<unknown> {
  return /* @__PURE__ */ c.custom((value, path, issues) => {
    if (!c.isObject(value)) return c.report(issues, path, 'expected an object')
    const mhid = value['mhid']
    if (mhid === undefined) {
      if (types.length === 1) objectSchema(types[0]!).check(value, path, issues)
      return
    }
    if (!hasMhidForm(mhid)) return c.report(issues, path, mhidFormMessage, 'mhid')
    const named = prefixTypes.get(mhid.slice(0, 5))
    if (named !== undefined) objectSchema(named).check(value, path, issues)
  })
}

function pairSchema(types: readonly ObjectTypeName[], context?: Checker<unknown>): Checker<unknown> {
  return /* @__PURE__ */ c.object({
    object: objectOf(types),
    context: context ?? c.anyObject,
  })
}

/** A top-level result item: any object type, with a context the query shapes. */
export const AnyPairSchema = pairSchema(objectTypeNames)

/** Lookup answers `{}` at the position of an unknown mapped source id. */
const lookupItem = /* @__PURE__ */ c.custom((value, path, issues) => {
  if (!(c.isObject(value) && Object.keys(value).length === 0)) AnyPairSchema.check(value, path, issues)
})

export const ExploreResponseSchema = pagedContent(AnyPairSchema)
export const RelateResponseSchema = pagedContent(AnyPairSchema)
export const LookupResponseSchema = pagedContent(lookupItem)
export const SilosResponseSchema = /* @__PURE__ */ c.object({
  silos: /* @__PURE__ */ c.array(
    /* @__PURE__ */ c.object({
      title: c.string,
      content: /* @__PURE__ */ c.array(AnyPairSchema),
      pagingInfo: PagingInfoSchema,
    }),
  ),
  pagingInfo: PagingInfoSchema,
})

/** The response schema of each endpoint, by the endpoint's name. */
export const responseSchemas = {
  explore: ExploreResponseSchema,
  relate: RelateResponseSchema,
  silos: SilosResponseSchema,
  lookup: LookupResponseSchema,
} as const
