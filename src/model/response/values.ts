import * as z from 'zod/mini'

// The plain values inside responses: images' renditions, names, social data, and source contexts.

export const RenditionSchema = z.object({ url: z.string(), height: z.int(), width: z.int() })

/** A Name (primaryName). Its fields are not shown by the service's documents: we use text + locale. */
export const NameSchema = z.object({ text: z.string(), locale: z.string() })
export type Name = z.infer<typeof NameSchema>

const count = z.object({ all: z.int() })
export const SocialMetricsSchema = z.object({
  likers: count,
  followers: count,
  collectors: z.object({
    custom: z.int(),
    shoppingCart: z.int(),
    playQueue: z.int(),
    mixList: z.int(),
    interestedList: z.int(),
    consumedList: z.int(),
    wishList: z.int(),
    hiddenList: z.int(),
  }),
  mentioners: count,
})
export type SocialMetrics = z.infer<typeof SocialMetricsSchema>

export const mediumTypes = ['stream', 'download', 'deliver', 'pickup', 'attend'] as const
export type MediumType = (typeof mediumTypes)[number]
export const methodTypes = ['purchase', 'rental', 'rent', 'subscription', 'adSupported', 'broker'] as const
export type MethodType = (typeof methodTypes)[number]

export const MediumTypesSchema = z.array(z.enum(mediumTypes))

export const SubscriptionMetadataSchema = z.object({
  mhid: z.string(),
  name: z.string(),
  description: z.string(),
  timePeriod: z.string(),
  price: z.number(),
  currency: z.string(),
  mediums: z.array(z.string()),
})
export type SubscriptionMetadata = z.infer<typeof SubscriptionMetadataSchema>

const links = z.object({
  http: z.optional(z.string()),
  ios: z.optional(z.string()),
  android: z.optional(z.string()),
})
export const LaunchInfoSchema = z.object({
  sourceId: z.string(),
  view: z.optional(links),
  consume: z.optional(links),
  preview: z.optional(links),
})
export type LaunchInfo = z.infer<typeof LaunchInfoSchema>

export const FormatSchema = z.object({
  type: z.string(),
  price: z.number(),
  currency: z.string(),
  launchInfo: z.optional(LaunchInfoSchema),
  timePeriod: z.optional(z.string()),
  contentCount: z.optional(z.int()),
})
export const MethodSchema = z.object({ type: z.enum(methodTypes), formats: z.array(FormatSchema) })
export const MediumSchema = z.object({ type: z.enum(mediumTypes), methods: z.array(MethodSchema) })
export type Format = z.infer<typeof FormatSchema>
export type Method = z.infer<typeof MethodSchema>
export type Medium = z.infer<typeof MediumSchema>

/** The context of a source listed for a media object: how the title can be consumed there. */
export const SourceContextSchema = z.object({
  mediums: z.optional(z.array(MediumSchema)),
  launchInfo: z.optional(LaunchInfoSchema),
  consumable: z.optional(z.boolean()),
  sorting: z.optional(z.object({ importance: z.optional(z.number()), position: z.optional(z.int()) })),
})
export type SourceContext = z.infer<typeof SourceContextSchema>

export const RelationshipSchema = z.object({ contribution: z.string(), role: z.optional(z.string()) })
/** The context of a contributor inside keyContributors/contributors (and of a title inside contributions). */
export const ContributorContextSchema = z.object({
  relationships: z.array(RelationshipSchema),
  sorting: z.optional(z.object({ position: z.int() })),
})
export type ContributorContext = z.infer<typeof ContributorContextSchema>
