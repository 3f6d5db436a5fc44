import * as z from 'zod/mini'
import { componentCatalogue, componentNames } from '../components'
import type { ComponentEntry } from '../components'
import { objectTypeNames, typeOfId } from '../ids'
import type { ObjectTypeName } from '../ids'
import { resourceSchemas } from './resources'
import { PagingInfoSchema } from './envelopes'
import type { Pair } from './envelopes'
import type { Collection } from './resources'
import {
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

const contextSchemas = { ContributorContext: ContributorContextSchema, SourceContext: SourceContextSchema }

const objectSchemaCache = new Map<ObjectTypeName, z.ZodMiniType>()

/** The full schema of one object type: default fields plus optional component fields. */
function objectSchema(type: ObjectTypeName): z.ZodMiniType {
  let schema = objectSchemaCache.get(type)
  if (schema === undefined) {
    const shape: Record<string, z.ZodMiniType> = { ...resourceSchemas[type].def.shape }
    for (const name of componentNames) {
      const entry: ComponentEntry = componentCatalogue[name]
      if (!entry.appliesTo.includes(type) || name in shape) continue
      // A getter defers the nested schema: the catalogue is recursive (a Collection's items hold Collections).
      Object.defineProperty(shape, name, {
        enumerable: true,
        get: () => z.optional(componentValueSchema(entry)),
      })
    }
    schema = z.looseObject(shape)
    objectSchemaCache.set(type, schema)
  }
  return schema
}

const primitiveSchemas = {
  Name: NameSchema,
  SocialMetrics: SocialMetricsSchema,
  get UserSocial() {
    return UserSocialSchema
  },
  MediumTypes: MediumTypesSchema,
  SubscriptionMetadata: SubscriptionMetadataSchema,
}

function componentValueSchema(entry: ComponentEntry): z.ZodMiniType {
  if (entry.shape === 'primitive') return primitiveSchemas[entry.value ?? 'Name']
  const pair = pairSchema(entry.of ?? objectTypeNames, entry.context && contextSchemas[entry.context])
  if (entry.shape === 'pair') return pair
  if (entry.shape === 'array') return z.array(pair)
  return z.looseObject({ content: z.array(pair), pagingInfo: PagingInfoSchema })
}

/** An object of one of `types`, told apart by its mhid prefix. */
function objectOf(types: readonly ObjectTypeName[]): z.ZodMiniType {
  return z.looseObject({}).check(
    z.superRefine((value, ctx) => {
      const mhid = (value as { mhid?: unknown }).mhid
      const named = typeof mhid === 'string' ? typeOfId(mhid) : undefined
      const type = types.length === 1 ? types[0] : named
      if (type === undefined || !types.includes(type)) {
        ctx.addIssue({
          code: 'custom',
          input: value,
          path: ['mhid'],
          message: `expected an object of type ${types.join(' or ')}${named ? `, got a ${named}` : ' (its mhid prefix does not tell)'}`,
        })
        return
      }
      const result = objectSchema(type).safeParse(value)
      if (!result.success)
        for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: value } as never)
    }),
  )
}

function pairSchema(types: readonly ObjectTypeName[], context?: z.ZodMiniType): z.ZodMiniType {
  return z.looseObject({ object: objectOf(types), context: context ?? z.looseObject({}) })
}

/** What the token's user has done with an object. Only for tokens of a user. */
export interface UserSocial {
  readonly userLikes: boolean
  readonly userFollows: boolean
  readonly userDislikes: boolean
  readonly userDefaultCollections: readonly Pair<Collection>[]
}

export const UserSocialSchema = z.looseObject({
  userLikes: z.boolean(),
  userFollows: z.boolean(),
  userDislikes: z.boolean(),
  get userDefaultCollections() {
    return z.array(pairSchema(['Collection']))
  },
})

/** A top-level result item: any object type, with a context the query shapes. */
export const AnyPairSchema = pairSchema(objectTypeNames)

const pagedContent = (item: z.ZodMiniType) =>
  z.looseObject({ content: z.array(item), pagingInfo: PagingInfoSchema })

export const ExploreResponseSchema = pagedContent(AnyPairSchema)
export const RelateResponseSchema = pagedContent(AnyPairSchema)
/** Lookup answers `{}` at the position of an unknown mapped source id. */
export const LookupResponseSchema = pagedContent(z.union([AnyPairSchema, z.strictObject({})]))
export const SilosResponseSchema = z.looseObject({
  silos: z.array(
    z.looseObject({ title: z.string(), content: z.array(AnyPairSchema), pagingInfo: PagingInfoSchema }),
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
