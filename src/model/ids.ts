/**
 * Ids of the graph. An id is an `mhid` (the 5-character type prefix and 39 characters of [A-Za-z0-9]), an
 * `altId` (the prefix, `-`, and a slug), the alias `mhals-current-user`, or a mapped source id
 * (`Source:Type:id`, middle part optional). The prefix tells the object's type.
 */

/**
 * The media types: the service's object pages give them all the media default fields (mhid, name, altId,
 * releaseDate, description) and the media components.
 */
export const mediaTypeNames = [
  'Movie',
  'ShowSeries',
  'ShowSeason',
  'ShowEpisode',
  'MusicVideo',
  'Special',
  'Trailer',
  'MHGraphGroup',
] as const
export type MediaTypeName = (typeof mediaTypeNames)[number]

/** Every object type the graph returns, by the name `returnType` uses. */
export const objectTypeNames = [
  ...mediaTypeNames,
  'Contributor',
  'User',
  'Image',
  'Trait',
  'Source',
  'Collection',
  'Subscription',
] as const
export type ObjectTypeName = (typeof objectTypeNames)[number]

/**
 * The types a query can ask for by `returnType`: every type but Image and Subscription, which are reached only
 * through the objects that own them (SERVICE-SPEC.md: subscriptions cannot be retrieved on their own).
 */
export type ReturnTypeName = Exclude<ObjectTypeName, 'Image' | 'Subscription'>
export const returnTypeNames: readonly ReturnTypeName[] = objectTypeNames.filter(
  (type): type is ReturnTypeName => type !== 'Image' && type !== 'Subscription',
)

/** Genre and the other trait families: every prefix the service uses for a Trait. */
export const traitPrefixes = [
  'mhgnr',
  'mhsgn',
  'mhmod',
  'mhsmd',
  'mhqlt',
  'mhsty',
  'mhstr',
  'mhmts',
  'mhthm',
  'mhach',
  'mhera',
  'mhaud',
  'mhflg',
  'mhgrg',
  'mhlng',
  'mhstb',
  'mhtyp',
  'mhado',
] as const
export type TraitPrefix = (typeof traitPrefixes)[number]

/**
 * The mhid prefixes of each object type (SERVICE-NOTES.md, "Prefixes, shapes and encodings"). The four
 * contributor prefixes (real or fictional, individual or group) are all Contributors: same fields, same
 * components. A subscription has no id of its own: it is reached only through its source.
 */
export const typePrefixes = {
  Movie: ['mhmov'],
  ShowSeries: ['mhsss'],
  ShowSeason: ['mhssn'],
  ShowEpisode: ['mhsep'],
  MusicVideo: ['mhmsv'],
  Special: ['mhspc'],
  Trailer: ['mhtrl'],
  MHGraphGroup: ['mhggp'],
  Contributor: ['mhric', 'mhrgc', 'mhfic', 'mhfgc'],
  User: ['mhusr'],
  Image: ['mhimg'],
  Trait: traitPrefixes,
  Source: ['mhsrc'],
  Collection: ['mhcol'],
  Subscription: [],
} as const satisfies Record<ObjectTypeName, readonly string[]>

/** The type each known prefix stands for. A Map: the prefix looked up is read from untrusted text. */
export const prefixTypes: ReadonlyMap<string, ObjectTypeName> = new Map(
  objectTypeNames.flatMap((type) =>
    (typePrefixes[type] as readonly string[]).map((prefix) => [prefix, type] as const),
  ),
)

/** The ids of one object type, by prefix: `IdOf<'Movie'>` is `` `mhmov${string}` ``. */
export type IdOf<Type extends ObjectTypeName> = `${(typeof typePrefixes)[Type][number]}${string}`

export type MovieId = IdOf<'Movie'>
export type ShowSeriesId = IdOf<'ShowSeries'>
export type ContributorId = IdOf<'Contributor'>
export type UserId = IdOf<'User'> | CurrentUserAlias
export type ImageId = IdOf<'Image'>
export type SourceId = IdOf<'Source'>
export type CollectionId = IdOf<'Collection'>
export type TraitId = IdOf<'Trait'>
export type MediaId = IdOf<MediaTypeName>
/** `Source:Type:id`, for example `iTunes:Movie:569220589` or `IMDB::tt0238380`. */
export type MappedSourceId = `${string}:${string}:${string}`
/** The alias of the user the access token belongs to. */
export type CurrentUserAlias = 'mhals-current-user'
export const currentUserAlias: CurrentUserAlias = 'mhals-current-user'

/** Any id `lookup` accepts. */
export type AnyId = IdOf<Exclude<ObjectTypeName, 'Subscription'>> | CurrentUserAlias | MappedSourceId

/** The object type a prefixed id names, at the type level (`never` for ids without a known prefix). */
export type TypeOfId<Id extends string> = Id extends CurrentUserAlias ? 'User' : PrefixedType<Id>

// The type whose prefix starts the id; a mapped source id names its type in the middle.
type PrefixedType<Id extends string> = {
  [Type in ObjectTypeName]: Id extends IdOf<Type> ? Type : never
}[ObjectTypeName] extends infer Found
  ? [Found] extends [never]
    ? Id extends `${string}:${infer Type extends ObjectTypeName}:${string}`
      ? Type
      : never
    : Found
  : never

/** What `describeId` learns from an id's text. */
export type IdDescription =
  | { readonly form: 'mhid' | 'altId'; readonly type: ObjectTypeName; readonly prefix: string }
  | { readonly form: 'alias'; readonly type: 'User'; readonly prefix: 'mhals' }
  | { readonly form: 'mappedSourceId'; readonly type: ObjectTypeName | undefined; readonly source: string }
  | { readonly form: 'unknown' }

const mhidPattern = /^[a-z]{5}[A-Za-z0-9]{39}$/
const mappedSourceIdPattern = /^([^:\s]+):([^:\s]*):(\S+)$/

/**
 * Tells an id's form and the object type it names.
 *
 * @example
 * describeId('mhmov-gladiator') // { form: 'altId', type: 'Movie', prefix: 'mhmov' }
 * describeId('iTunes:Movie:569220589') // { form: 'mappedSourceId', type: 'Movie', source: 'iTunes' }
 */
export function describeId(id: string): IdDescription {
  if (id === currentUserAlias) return { form: 'alias', type: 'User', prefix: 'mhals' }
  const prefix = id.slice(0, 5)
  const type = prefixTypes.get(prefix)
  if (type !== undefined) {
    // The common cases first, without a regular expression: an altId is the prefix, '-' and a slug.
    if (id.charCodeAt(5) === 45 /* - */ && id.length > 6 && !/\s/.test(id))
      return { form: 'altId', type, prefix }
    if (id.length === 44 && mhidPattern.test(id)) return { form: 'mhid', type, prefix }
  }
  const mapped = mappedSourceIdPattern.exec(id)
  if (mapped !== null) {
    const [, source = '', typeName = ''] = mapped
    const named = (objectTypeNames as readonly string[]).includes(typeName)
      ? (typeName as ObjectTypeName)
      : undefined
    return { form: 'mappedSourceId', type: named, source }
  }
  return { form: 'unknown' }
}

/** The object type of an id, or `undefined` when its text does not tell. */
export function typeOfId(id: string): ObjectTypeName | undefined {
  const description = describeId(id)
  return description.form === 'unknown' ? undefined : description.type
}
