import * as c from '../check/kit'

// Schemas built at load are marked pure (why: check/kit.ts).
import { mediaTypeNames } from '../ids'
import type { MediaTypeName, ObjectTypeName } from '../ids'
import { RenditionSchema, SubscriptionMetadataSchema } from './values'

// Default fields of every object type: what an object carries before any component is requested.

export const ImageSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  name: /* @__PURE__ */ c.nullable(c.string),
  isDefault: c.boolean,
  original: RenditionSchema,
  thumbnail: RenditionSchema,
  small: RenditionSchema,
  medium: RenditionSchema,
  large: RenditionSchema,
})

const media = {
  mhid: c.string,
  name: c.string,
  altId: c.string,
  /** Unix time in seconds; negative before 1970. */
  releaseDate: c.int,
  description: /* @__PURE__ */ c.optional(c.string),
}
/** Every media type (Movie, ShowSeries, ShowEpisode, …) has the same default fields. */
export const MediaSchema = /* @__PURE__ */ c.object(media)
export const MovieSchema = MediaSchema
export const ShowSeriesSchema = MediaSchema

export const ContributorSchema = /* @__PURE__ */ c.object({ mhid: c.string, name: c.string, altId: c.string })

export const UserSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  name: c.string,
  username: c.string,
  /** Only for the authenticated user. */
  email: /* @__PURE__ */ c.optional(c.string),
})

/**
 * SERVICE-SPEC.md shows no Trait field; SERVICE-NOTES.md lists the fields an old SDK carried. mhid and name
 * (which every trait of the documents' examples has) are required; the rest, altId included, may be absent.
 */
export const TraitSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  altId: /* @__PURE__ */ c.optional(c.string),
  name: c.string,
  description: /* @__PURE__ */ c.optional(c.string),
  createdDate: /* @__PURE__ */ c.optional(c.int),
  subType: /* @__PURE__ */ c.optional(c.string),
  pluralName: /* @__PURE__ */ c.optional(c.string),
})

export const SourceSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  name: c.string,
  altId: c.string,
  connectable: c.int,
  webUrl: c.string,
})

export const CollectionSchema = /* @__PURE__ */ c.object({
  mhid: c.string,
  name: c.string,
  altId: c.string,
  createdDate: c.int,
  description: c.string,
  permissions: /* @__PURE__ */ c.oneOf(['public', 'private']),
  published: c.boolean,
})

/**
 * A subscription is reached only through a source's allSubscriptions; its fields sit under `metadata`, which
 * is always returned (requesting the `metadata` component as well changes nothing).
 */
export const SubscriptionSchema = /* @__PURE__ */ c.object({ metadata: SubscriptionMetadataSchema })

export type Image = c.Infer<typeof ImageSchema>
/** The default fields of every media type. */
export type Media = c.Infer<typeof MediaSchema>
export type Movie = Media
export type ShowSeries = Media
export type Contributor = c.Infer<typeof ContributorSchema>
export type User = c.Infer<typeof UserSchema>
export type Trait = c.Infer<typeof TraitSchema>
export type Source = c.Infer<typeof SourceSchema>
export type Collection = c.Infer<typeof CollectionSchema>
export type Subscription = c.Infer<typeof SubscriptionSchema>

/** Default fields by object type name. */
export const resourceSchemas = /* @__PURE__ */ schemasByType()

/**
 * The table of `resourceSchemas`, made in a call marked pure: a bundler keeps an object literal with a spread (of
 * the media types, below) even where nothing reads it, and this module shares a chunk with the envelope check.
 */
/* @__NO_SIDE_EFFECTS__ */ function schemasByType() {
  return {
    // The media types from their list: their nine names are in every program already (ids.ts).
    ...(Object.fromEntries(mediaTypeNames.map((type) => [type, MediaSchema])) as Record<
      MediaTypeName,
      typeof MediaSchema
    >),
    Contributor: ContributorSchema,
    User: UserSchema,
    Image: ImageSchema,
    Trait: TraitSchema,
    Source: SourceSchema,
    Collection: CollectionSchema,
    Subscription: SubscriptionSchema,
  } as const satisfies Record<ObjectTypeName, unknown>
}

/** The default fields of each object type, by name. */
export interface ObjectTypes {
  Movie: Media
  ShowSeries: Media
  ShowSeason: Media
  ShowEpisode: Media
  MusicVideo: Media
  Special: Media
  Trailer: Media
  MHGraphGroup: Media
  OtherMedia: Media
  Contributor: Contributor
  User: User
  Image: Image
  Trait: Trait
  Source: Source
  Collection: Collection
  Subscription: Subscription
}

/**
 * Whether a component is one of a type's default fields: then requesting it adds nothing, the default field is
 * its answer (`metadata` on a Subscription; `thumbnail` on an Image, whose thumbnail rendition is always there).
 */
export const isDefaultField = (type: ObjectTypeName, name: string): boolean =>
  Object.hasOwn(resourceSchemas[type].shape, name)
