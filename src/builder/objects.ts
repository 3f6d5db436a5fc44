import type { ContributorId, OtherMediaId, TraitId } from '../model/core'

// The plain values of results, written out: each object type's default fields (with its `mhid` typed by
// prefix), the contexts and the plain values of primitive components. The response checkers (src/model/response/)
// stay the source of truth; test/builder/types-agree.test-d.ts holds each type here equal to what they infer.
// Written out because inferring them (`Infer<typeof MediaSchema>`, then made plain for hovers) cost the first
// result type of a program about 1,500 type instantiations (bench/types.bench.ts). Each alias is an object type
// `& {}` so that it has no name of its own: a hover shows its fields. Image and Rendition are interfaces, named
// in a hover: TypeScript cuts a hover past about 500 characters to `{ ...; }`, and an image's fourteen lines
// (five renditions) made the quickstart item's key contributors the part cut (test/builder/editor.test.ts). A single-prefix mhid is written as its
// template (`mhmov${string}`), which a hover shows as it is (a MovieId is that type); the same test holds it
// to `IdOf` of its type.

/** One size of an image. */
export interface Rendition {
  readonly url: string
  readonly height: number
  readonly width: number
}

/** The media types' default fields (SERVICE-NOTES.md): the same for all nine, `mhid` aside. */
type MovieObject = {
  readonly mhid: `mhmov${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type ShowSeriesObject = {
  readonly mhid: `mhsss${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type ShowSeasonObject = {
  readonly mhid: `mhssn${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type ShowEpisodeObject = {
  readonly mhid: `mhsep${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type MusicVideoObject = {
  readonly mhid: `mhmsv${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type SpecialObject = {
  readonly mhid: `mhspc${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type TrailerObject = {
  readonly mhid: `mhtrl${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type MHGraphGroupObject = {
  readonly mhid: `mhggp${string}`
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}
type OtherMediaObject = {
  readonly mhid: OtherMediaId
  readonly name: string
  readonly altId: string
  readonly releaseDate: number
  readonly description?: string
} & {}

type ContributorObject = {
  readonly mhid: ContributorId
  readonly name: string
  readonly altId: string
} & {}

type UserObject = {
  readonly mhid: `mhusr${string}`
  readonly name: string
  readonly username: string
  readonly email?: string
} & {}

/** An image's default fields, `mhid` typed by prefix (the result type of `TypedObject<'Image'>`). */
export interface Image {
  readonly mhid: `mhimg${string}`
  readonly name: string | null
  readonly isDefault: boolean
  /**
   * Absent from the Image object page, null in every example of SERVICE-SPEC.md, its type given nowhere: read it
   * as `unknown` (a colour string, most likely) and look before use. Not checked.
   */
  readonly averageColor?: unknown
  readonly original: Rendition
  readonly thumbnail: Rendition
  readonly small: Rendition
  readonly medium: Rendition
  readonly large: Rendition
}

type TraitObject = {
  readonly mhid: TraitId
  readonly altId?: string
  readonly name: string
  readonly description?: string
  readonly createdDate?: number
  readonly subType?: string
  readonly pluralName?: string
} & {}

type SourceObject = {
  readonly mhid: `mhsrc${string}`
  readonly name: string
  readonly altId: string
  readonly connectable: number
  readonly webUrl: string
} & {}

type CollectionObject = {
  readonly mhid: `mhcol${string}`
  readonly name: string
  readonly altId: string
  readonly createdDate: number
  readonly description: string
  readonly permissions: 'public' | 'private'
  readonly published: boolean
} & {}

/** A subscription's plain value: the `metadata` component's, and a Subscription object's only field. */
export type PlainSubscriptionMetadata = {
  readonly mhid: string
  readonly name: string
  readonly description: string
  readonly timePeriod: string
  readonly price: number
  readonly currency: string
  readonly mediums: readonly string[]
} & {}

type SubscriptionObject = { readonly metadata: PlainSubscriptionMetadata } & {}

/** Each object type's default fields, as results give them: `TypedObjects['Movie']['mhid']` is a MovieId. */
export interface TypedObjects {
  Movie: MovieObject
  ShowSeries: ShowSeriesObject
  ShowSeason: ShowSeasonObject
  ShowEpisode: ShowEpisodeObject
  MusicVideo: MusicVideoObject
  Special: SpecialObject
  Trailer: TrailerObject
  MHGraphGroup: MHGraphGroupObject
  OtherMedia: OtherMediaObject
  Contributor: ContributorObject
  User: UserObject
  Image: Image
  Trait: TraitObject
  Source: SourceObject
  Collection: CollectionObject
  Subscription: SubscriptionObject
}

type Links = { readonly http?: string; readonly ios?: string; readonly android?: string } & {}
type LaunchInfo = {
  readonly sourceId: string
  readonly view?: Links
  readonly consume?: Links
  readonly preview?: Links
} & {}
type Format = {
  readonly type: string
  readonly price: number
  readonly currency: string
  readonly launchInfo?: LaunchInfo
  readonly timePeriod?: string
  readonly contentCount?: number
} & {}
// Values the documents give as "seen" or "for example": the known ones, or any other string (values.ts, Open).
type Method = {
  readonly type: 'purchase' | 'rental' | 'rent' | 'subscription' | 'adSupported' | 'broker' | (string & {})
  readonly formats: readonly Format[]
} & {}
type Medium = {
  readonly type: 'stream' | 'download' | 'deliver' | 'pickup' | 'attend' | (string & {})
  readonly methods: readonly Method[]
} & {}
type Relationship = {
  readonly contribution: 'Director' | 'Producer' | 'Cast' | (string & {})
  readonly role?: string
} & {}

/** The contexts of component pairs, by the catalogue's context name. */
export interface PlainContexts {
  ContributorContext: {
    readonly relationships: readonly Relationship[]
    readonly sorting?: { readonly position: number }
  } & {}
  ContributionContext: {
    readonly relationships?: readonly Relationship[]
    readonly sorting?: { readonly position: number }
  } & {}
  SourceContext: {
    readonly mediums?: readonly Medium[]
    readonly launchInfo?: LaunchInfo
    readonly consumable?: boolean
    readonly sorting?: { readonly importance?: number; readonly position?: number }
  } & {}
}

type Count = { readonly all: number } & {}

/** The plain values of `primaryName` and `socialMetrics`. */
// The documents never show a Name's fields: the ones hql's reference service writes, of unknown type, and any other.
export type PlainName = {
  readonly text?: unknown
  readonly locale?: unknown
  readonly [field: string]: unknown
} & {}
export type PlainSocialMetrics = {
  readonly likers: Count
  readonly followers: Count
  readonly collectors: {
    readonly custom: number
    readonly shoppingCart: number
    readonly playQueue: number
    readonly mixList: number
    readonly interestedList: number
    readonly consumedList: number
    readonly wishList: number
    readonly hiddenList: number
  } & {}
  readonly mentioners: Count
} & {}
