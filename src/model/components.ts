import { mediaTypeNames as media, type MediaTypeName, type ObjectTypeName } from './ids'

/**
 * What a component adds to each object it is requested on:
 * - `pair`: one object/context pair (`primaryImage`);
 * - `list`: a paged list of pairs, `{ content, pagingInfo }` (`keyContributors`);
 * - `array`: a bare array of pairs (`allSubscriptions`, as the specification shows it);
 * The service may send a list or an array component either way: the strict check accepts both and hands the
 * user `{ content, pagingInfo }` (src/model/response/query-check/lists.ts).
 * - `primitive`: a plain value, not wrapped in a pair (`socialMetrics`, `allMediums`).
 */
export type ComponentShape = 'pair' | 'list' | 'array' | 'primitive'

/** The plain values primitive components add; their types live in response/values.ts. */
export type PrimitiveValueName =
  'Name' | 'SocialMetrics' | 'UserSocial' | 'MediumTypes' | 'SubscriptionMetadata'

/** The context a component's pairs carry, beyond the empty object. */
export type ComponentContextName = 'ContributorContext' | 'ContributionContext' | 'SourceContext'

export interface ComponentEntry {
  /** The object types the component can be requested on. */
  readonly appliesTo: readonly ObjectTypeName[]
  readonly shape: ComponentShape
  /** For pair, list and array: the types of the objects it returns, which nested components apply to. */
  readonly of?: readonly ObjectTypeName[]
  /** For primitive: the value it adds. */
  readonly value?: PrimitiveValueName
  readonly context?: ComponentContextName
  /**
   * Present only when the access token belongs to a user (userSocial: what *that* user did); a client-credentials
   * token gets objects without it. The result types make such a component optional, and the checks allow it absent.
   */
  readonly needsUser?: true
  /** Absent where there is nothing to give (a title in no group has no primaryGroup): optional in types and checks. */
  readonly mayBeAbsent?: true
}

/** Whether a requested component may be missing from an object it applies to (`needsUser` or `mayBeAbsent`). */
export const isConditional = (entry: ComponentEntry): boolean =>
  entry.needsUser === true || entry.mayBeAbsent === true

const social = [...media, 'Contributor', 'User', 'Source', 'Collection'] as const

/**
 * The component catalogue: every component of the service, once. The builder's result types, the runtime
 * checks of every door, the reference service and docs/builder.md's table all read this object.
 * Applicability follows the service's object pages (SERVICE-NOTES.md); where they are silent, docs/builder.md
 * says what we decided.
 */
export const componentCatalogue = {
  primaryName: {
    appliesTo: [...media, 'Contributor', 'Source', 'Collection'],
    shape: 'primitive',
    value: 'Name',
  },
  primaryImage: {
    appliesTo: social,
    shape: 'pair',
    of: ['Image'],
  },
  secondaryImage: {
    appliesTo: social,
    shape: 'pair',
    of: ['Image'],
  },
  images: {
    appliesTo: [...media, 'Contributor', 'User', 'Collection'],
    shape: 'list',
    of: ['Image'],
  },
  keyContributors: {
    appliesTo: media,
    shape: 'list',
    of: ['Contributor'],
    context: 'ContributorContext',
  },
  contributors: {
    appliesTo: media,
    shape: 'list',
    of: ['Contributor'],
    context: 'ContributorContext',
  },
  keyTraits: { appliesTo: media, shape: 'list', of: ['Trait'] },
  keySuitabilities: { appliesTo: media, shape: 'list', of: ['Trait'] },
  primaryGroup: {
    appliesTo: media,
    shape: 'pair',
    // The service's own SDK types the group by its prefix: a Collection or a graph group (mhggp).
    of: ['Collection', 'MHGraphGroup'],
    mayBeAbsent: true,
  },
  sources: {
    appliesTo: media,
    shape: 'list',
    of: ['Source'],
    context: 'SourceContext',
  },
  collections: {
    appliesTo: [...media, 'Contributor', 'Collection'],
    shape: 'list',
    of: ['Collection'],
  },
  contributions: {
    appliesTo: ['Contributor'],
    shape: 'list',
    of: media,
    context: 'ContributionContext',
  },
  followers: {
    appliesTo: ['Contributor', 'User'],
    shape: 'list',
    of: ['User'],
  },
  likers: { appliesTo: ['Contributor', 'User'], shape: 'list', of: ['User'] },
  following: {
    appliesTo: ['User'],
    shape: 'list',
    of: ['User', 'Contributor', 'Collection'],
  },
  liking: {
    appliesTo: ['User'],
    shape: 'list',
    // Users state preferences about sources too ("connectable" sources, SERVICE-SPEC.md).
    of: [...media, 'Contributor', 'Collection', 'Source'],
  },
  ownedCollections: {
    appliesTo: ['User'],
    shape: 'list',
    of: ['Collection'],
  },
  allSubscriptions: {
    appliesTo: ['Source'],
    shape: 'array',
    of: ['Subscription'],
  },
  allMediums: {
    appliesTo: ['Source'],
    shape: 'primitive',
    value: 'MediumTypes',
  },
  items: {
    appliesTo: ['Collection'],
    shape: 'list',
    of: [...media, 'User', 'Contributor', 'Collection', 'Trait'],
  },
  primaryOwner: { appliesTo: ['Collection'], shape: 'pair', of: ['User'] },
  socialMetrics: {
    appliesTo: social,
    shape: 'primitive',
    value: 'SocialMetrics',
  },
  userSocial: {
    appliesTo: social,
    shape: 'primitive',
    value: 'UserSocial',
    needsUser: true,
  },
  metadata: {
    appliesTo: ['Subscription'],
    shape: 'primitive',
    value: 'SubscriptionMetadata',
  },
  // The lookup page asks for "a thumbnail component for the primary image": it applies to images as to traits.
  thumbnail: { appliesTo: ['Trait', 'Image'], shape: 'pair', of: ['Image'] },
} as const satisfies Record<string, ComponentEntry>

export type ComponentCatalogue = typeof componentCatalogue
export type ComponentName = keyof ComponentCatalogue
export const componentNames = Object.keys(componentCatalogue) as readonly ComponentName[]

/** The components that apply to an object type, at the type level. */
export type ComponentsOf<Type extends ObjectTypeName> = {
  [Name in ComponentName]: Type extends ComponentCatalogue[Name]['appliesTo'][number] ? Name : never
}[ComponentName]

/** Whether a component applies to at least one of the given types. */
export function appliesToAny(name: ComponentName, types: readonly ObjectTypeName[]): boolean {
  const entry: ComponentEntry = componentCatalogue[name]
  return types.some((type) => entry.appliesTo.includes(type))
}

export function isComponentName(name: string): name is ComponentName {
  return Object.hasOwn(componentCatalogue, name)
}

type MediaComponents =
  | 'primaryName'
  | 'primaryImage'
  | 'secondaryImage'
  | 'images'
  | 'keyContributors'
  | 'contributors'
  | 'keyTraits'
  | 'keySuitabilities'
  | 'primaryGroup'
  | 'sources'
  | 'collections'
  | 'socialMetrics'
  | 'userSocial'

/**
 * `ComponentsOf` of each type, written out: what the editor completes after `.with('`. Written out because
 * computing it cost every `.with()` ~330 type instantiations (bench/type-budgets.json); a type test holds it
 * to the catalogue (test/builder/types-agree.test-d.ts).
 */
export interface ComponentsByType {
  Movie: MediaComponents
  ShowSeries: MediaComponents
  ShowSeason: MediaComponents
  ShowEpisode: MediaComponents
  MusicVideo: MediaComponents
  Special: MediaComponents
  Trailer: MediaComponents
  MHGraphGroup: MediaComponents
  OtherMedia: MediaComponents
  Contributor:
    | 'primaryName'
    | 'primaryImage'
    | 'secondaryImage'
    | 'images'
    | 'collections'
    | 'contributions'
    | 'followers'
    | 'likers'
    | 'socialMetrics'
    | 'userSocial'
  User:
    | 'primaryImage'
    | 'secondaryImage'
    | 'images'
    | 'followers'
    | 'likers'
    | 'following'
    | 'liking'
    | 'ownedCollections'
    | 'socialMetrics'
    | 'userSocial'
  Image: 'thumbnail'
  Trait: 'thumbnail'
  Source:
    | 'primaryName'
    | 'primaryImage'
    | 'secondaryImage'
    | 'allSubscriptions'
    | 'allMediums'
    | 'socialMetrics'
    | 'userSocial'
  Collection:
    | 'primaryName'
    | 'primaryImage'
    | 'secondaryImage'
    | 'images'
    | 'collections'
    | 'items'
    | 'primaryOwner'
    | 'socialMetrics'
    | 'userSocial'
  Subscription: 'metadata'
}

/**
 * The object types each component returns (its `of`; `never` for a primitive one), written out for the same
 * reason: reading them from the catalogue's tuples (`of: readonly (infer T)[]`) related each tuple to an array
 * type, which cost every nesting call about 150 type instantiations. test/builder/types-agree.test-d.ts holds
 * it to the catalogue.
 */
export interface ComponentObjectTypes {
  primaryName: never
  primaryImage: 'Image'
  secondaryImage: 'Image'
  images: 'Image'
  keyContributors: 'Contributor'
  contributors: 'Contributor'
  keyTraits: 'Trait'
  keySuitabilities: 'Trait'
  primaryGroup: 'Collection' | 'MHGraphGroup'
  sources: 'Source'
  collections: 'Collection'
  contributions: MediaTypeName
  followers: 'User'
  likers: 'User'
  following: 'User' | 'Contributor' | 'Collection'
  liking: MediaTypeName | 'Contributor' | 'Collection' | 'Source'
  ownedCollections: 'Collection'
  allSubscriptions: 'Subscription'
  allMediums: never
  items: MediaTypeName | 'User' | 'Contributor' | 'Collection' | 'Trait'
  primaryOwner: 'User'
  socialMetrics: never
  userSocial: never
  metadata: never
  thumbnail: 'Image'
}

/** The components promised only conditionally (`isConditional`), written out as well (and held by the same test). */
export type ConditionalComponent = 'primaryGroup' | 'userSocial'
