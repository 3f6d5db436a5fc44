import * as z from 'zod/mini'
import { RenditionSchema, SubscriptionMetadataSchema } from './values'

// Default fields of every object type: what an object carries before any component is requested.

export const ImageSchema = z.object({
  mhid: z.string(),
  name: z.nullable(z.string()),
  isDefault: z.boolean(),
  averageColor: z.nullable(z.string()),
  original: RenditionSchema,
  thumbnail: RenditionSchema,
  small: RenditionSchema,
  medium: RenditionSchema,
  large: RenditionSchema,
})

const media = {
  mhid: z.string(),
  name: z.string(),
  altId: z.string(),
  /** Unix time in seconds; negative before 1970. */
  releaseDate: z.int(),
  description: z.optional(z.string()),
}
export const MovieSchema = z.object(media)
export const ShowSeriesSchema = z.object(media)

export const ContributorSchema = z.object({ mhid: z.string(), name: z.string(), altId: z.string() })

export const UserSchema = z.object({
  mhid: z.string(),
  name: z.string(),
  username: z.string(),
  /** Only for the authenticated user. */
  email: z.optional(z.string()),
})

export const TraitSchema = z.object({
  mhid: z.string(),
  altId: z.string(),
  name: z.string(),
  description: z.optional(z.string()),
  createdDate: z.optional(z.int()),
  subType: z.optional(z.string()),
  pluralName: z.optional(z.string()),
})

export const SourceSchema = z.object({
  mhid: z.string(),
  name: z.string(),
  altId: z.string(),
  connectable: z.int(),
  webUrl: z.string(),
})

export const CollectionSchema = z.object({
  mhid: z.string(),
  name: z.string(),
  altId: z.string(),
  createdDate: z.int(),
  description: z.string(),
  permissions: z.enum(['public', 'private']),
  published: z.boolean(),
})

/**
 * A subscription is reached only through a source's allSubscriptions; its fields sit under `metadata`, which
 * is always returned (requesting the `metadata` component as well changes nothing).
 */
export const SubscriptionSchema = z.object({ metadata: SubscriptionMetadataSchema })

export type Image = z.infer<typeof ImageSchema>
export type Movie = z.infer<typeof MovieSchema>
export type ShowSeries = z.infer<typeof ShowSeriesSchema>
export type Contributor = z.infer<typeof ContributorSchema>
export type User = z.infer<typeof UserSchema>
export type Trait = z.infer<typeof TraitSchema>
export type Source = z.infer<typeof SourceSchema>
export type Collection = z.infer<typeof CollectionSchema>
export type Subscription = z.infer<typeof SubscriptionSchema>

/** Default fields by object type name. */
export const resourceSchemas = {
  Movie: MovieSchema,
  ShowSeries: ShowSeriesSchema,
  Contributor: ContributorSchema,
  User: UserSchema,
  Image: ImageSchema,
  Trait: TraitSchema,
  Source: SourceSchema,
  Collection: CollectionSchema,
  Subscription: SubscriptionSchema,
} as const

export interface ObjectTypes {
  Movie: Movie
  ShowSeries: ShowSeries
  Contributor: Contributor
  User: User
  Image: Image
  Trait: Trait
  Source: Source
  Collection: Collection
  Subscription: Subscription
}
