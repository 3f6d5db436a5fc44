import * as c from '../check/kit'

// Schemas built at load are marked pure (why: check/kit.ts).

// The plain values inside responses: images' renditions, names, social data, and source contexts.

export const RenditionSchema = /* @__PURE__ */ c.object({ url: c.string, height: c.int, width: c.int })
/** One rendition of an image: its URL and size in pixels. */
export type Rendition = c.Infer<typeof RenditionSchema>

/**
 * A Name (primaryName). The service's documents never show its fields (SERVICE-SPEC.md, "Gaps in resources"):
 * it is checked as an object only, and typed with the fields hql's reference service writes (`text`, `locale`)
 * as optional and of unknown type, beside any other.
 */
export const NameSchema: c.Checker<Name> = c.anyObject
export interface Name {
  readonly text?: unknown
  readonly locale?: unknown
  readonly [field: string]: unknown
}

const count = /* @__PURE__ */ c.object({ all: c.int })
export const SocialMetricsSchema = /* @__PURE__ */ c.object({
  likers: count,
  followers: count,
  collectors: /* @__PURE__ */ c.object({
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

/**
 * A string whose documented values are `Known`, and which may be any other: the service's documents give these
 * values as "seen" or "for example", never as the whole list. A `switch` over the known ones still completes
 * in an editor, and a value the service adds later compiles (and passes the check).
 */
export type Open<Known extends string> = Known | (string & {})

/** The medium types seen (SERVICE-SPEC.md's source context table; SERVICE-NOTES.md adds `attend`). */
export const mediumTypes = ['stream', 'download', 'deliver', 'pickup', 'attend'] as const
export type MediumType = Open<(typeof mediumTypes)[number]>
/** The method types seen (`rental` also spelled `rent`, SERVICE-NOTES.md). */
export const methodTypes = ['purchase', 'rental', 'rent', 'subscription', 'adSupported', 'broker'] as const
export type MethodType = Open<(typeof methodTypes)[number]>
/** The contributions seen in a contributor's context (SERVICE-SPEC.md, "Contributor"). */
export const contributionTypes = ['Director', 'Producer', 'Cast'] as const
export type ContributionType = Open<(typeof contributionTypes)[number]>

// Documented as strings whose values are examples: checked as strings.
export const MediumTypesSchema: c.Checker<readonly MediumType[]> = /* @__PURE__ */ c.array(c.string)

export const SubscriptionMetadataSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  name: c.string,
  description: c.string,
  timePeriod: c.string,
  price: c.number,
  currency: c.string,
  mediums: /* @__PURE__ */ c.array(c.string),
})
export type SubscriptionMetadata = c.Infer<typeof SubscriptionMetadataSchema>

const links = /* @__PURE__ */ c.object({
  http: /* @__PURE__ */ c.optional(c.string),
  ios: /* @__PURE__ */ c.optional(c.string),
  android: /* @__PURE__ */ c.optional(c.string),
})
export const LaunchInfoSchema = /* @__PURE__ */ c.object({
  sourceId: c.string,
  view: /* @__PURE__ */ c.optional(links),
  consume: /* @__PURE__ */ c.optional(links),
  preview: /* @__PURE__ */ c.optional(links),
})
export type LaunchInfo = c.Infer<typeof LaunchInfoSchema>

export const FormatSchema = /* @__PURE__ */ c.object({
  type: c.string,
  price: c.number,
  currency: c.string,
  launchInfo: /* @__PURE__ */ c.optional(LaunchInfoSchema),
  timePeriod: /* @__PURE__ */ c.optional(c.string),
  contentCount: /* @__PURE__ */ c.optional(c.int),
})
export type Format = c.Infer<typeof FormatSchema>
export interface Method {
  readonly type: MethodType
  readonly formats: readonly Format[]
}
export interface Medium {
  readonly type: MediumType
  readonly methods: readonly Method[]
}
export const MethodSchema: c.Checker<Method> = /* @__PURE__ */ c.object({
  type: c.string,
  formats: /* @__PURE__ */ c.array(FormatSchema),
})
export const MediumSchema: c.Checker<Medium> = /* @__PURE__ */ c.object({
  type: c.string,
  methods: /* @__PURE__ */ c.array(MethodSchema),
})

/** The context of a source listed for a media object: how the title can be consumed there. */
export const SourceContextSchema = /* @__PURE__ */ c.object({
  mediums: /* @__PURE__ */ c.optional(c.array(MediumSchema)),
  launchInfo: /* @__PURE__ */ c.optional(LaunchInfoSchema),
  consumable: /* @__PURE__ */ c.optional(c.boolean),
  sorting: /* @__PURE__ */ c.optional(
    c.object({
      importance: /* @__PURE__ */ c.optional(c.number),
      position: /* @__PURE__ */ c.optional(c.int),
    }),
  ),
})
export type SourceContext = c.Infer<typeof SourceContextSchema>

/** What a contributor did for a title: `contribution` (values seen: Director, Producer, Cast), `role` for cast. */
export interface Relationship {
  readonly contribution: ContributionType
  readonly role?: string
}
export const RelationshipSchema: c.Checker<Relationship> = /* @__PURE__ */ c.object({
  contribution: c.string,
  role: /* @__PURE__ */ c.optional(c.string),
})
const sorting = /* @__PURE__ */ c.optional(c.object({ position: c.int }))
/** The context of a contributor inside keyContributors/contributors: SERVICE-SPEC.md says it holds relationships. */
export const ContributorContextSchema = /* @__PURE__ */ c.object({
  relationships: /* @__PURE__ */ c.array(RelationshipSchema),
  sorting,
})
export type ContributorContext = c.Infer<typeof ContributorContextSchema>
/**
 * The context of a title inside a contributor's contributions: no document shows it, so its relationships (as
 * hql's reference service writes them) may be absent.
 */
export const ContributionContextSchema = /* @__PURE__ */ c.object({
  relationships: /* @__PURE__ */ c.optional(c.array(RelationshipSchema)),
  sorting,
})
export type ContributionContext = c.Infer<typeof ContributionContextSchema>
