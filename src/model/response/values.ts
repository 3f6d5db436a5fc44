import * as c from '../check/kit'

// The plain values inside responses: images' renditions, names, social data, and source contexts.

export const RenditionSchema = c.object({ url: c.string, height: c.int, width: c.int })
/** One rendition of an image: its URL and size in pixels. */
export type Rendition = c.Infer<typeof RenditionSchema>

/** A Name (primaryName). Its fields are not shown by the service's documents: we use text + locale. */
export const NameSchema = c.object({ text: c.string, locale: c.string })
export type Name = c.Infer<typeof NameSchema>

const count = c.object({ all: c.int })
export const SocialMetricsSchema = c.object({
  likers: count,
  followers: count,
  collectors: c.object({
    custom: c.int,
    shoppingCart: c.int,
    playQueue: c.int,
    mixList: c.int,
    interestedList: c.int,
    consumedList: c.int,
    wishList: c.int,
    hiddenList: c.int,
  }),
  mentioners: count,
})
export type SocialMetrics = c.Infer<typeof SocialMetricsSchema>

export const mediumTypes = ['stream', 'download', 'deliver', 'pickup', 'attend'] as const
export type MediumType = (typeof mediumTypes)[number]
export const methodTypes = ['purchase', 'rental', 'rent', 'subscription', 'adSupported', 'broker'] as const
export type MethodType = (typeof methodTypes)[number]

export const MediumTypesSchema = c.array(c.oneOf(mediumTypes))

export const SubscriptionMetadataSchema = c.object({
  mhid: c.string,
  name: c.string,
  description: c.string,
  timePeriod: c.string,
  price: c.number,
  currency: c.string,
  mediums: c.array(c.string),
})
export type SubscriptionMetadata = c.Infer<typeof SubscriptionMetadataSchema>

const links = c.object({
  http: c.optional(c.string),
  ios: c.optional(c.string),
  android: c.optional(c.string),
})
export const LaunchInfoSchema = c.object({
  sourceId: c.string,
  view: c.optional(links),
  consume: c.optional(links),
  preview: c.optional(links),
})
export type LaunchInfo = c.Infer<typeof LaunchInfoSchema>

export const FormatSchema = c.object({
  type: c.string,
  price: c.number,
  currency: c.string,
  launchInfo: c.optional(LaunchInfoSchema),
  timePeriod: c.optional(c.string),
  contentCount: c.optional(c.int),
})
export const MethodSchema = c.object({ type: c.oneOf(methodTypes), formats: c.array(FormatSchema) })
export const MediumSchema = c.object({ type: c.oneOf(mediumTypes), methods: c.array(MethodSchema) })
export type Format = c.Infer<typeof FormatSchema>
export type Method = c.Infer<typeof MethodSchema>
export type Medium = c.Infer<typeof MediumSchema>

/** The context of a source listed for a media object: how the title can be consumed there. */
export const SourceContextSchema = c.object({
  mediums: c.optional(c.array(MediumSchema)),
  launchInfo: c.optional(LaunchInfoSchema),
  consumable: c.optional(c.boolean),
  sorting: c.optional(c.object({ importance: c.optional(c.number), position: c.optional(c.int) })),
})
export type SourceContext = c.Infer<typeof SourceContextSchema>

export const RelationshipSchema = c.object({ contribution: c.string, role: c.optional(c.string) })
/** The context of a contributor inside keyContributors/contributors (and of a title inside contributions). */
export const ContributorContextSchema = c.object({
  relationships: c.array(RelationshipSchema),
  sorting: c.optional(c.object({ position: c.int })),
})
export type ContributorContext = c.Infer<typeof ContributorContextSchema>
