import type { ObjectTypeName } from './ids'

/**
 * What a component adds to each object it is requested on:
 * - `pair`: one object/context pair (`primaryImage`);
 * - `list`: a paged list of pairs, `{ content, pagingInfo }` (`keyContributors`);
 * - `array`: a bare array of pairs (`allSubscriptions`, as the specification shows it);
 * - `primitive`: a plain value, not wrapped in a pair (`socialMetrics`, `allMediums`).
 */
export type ComponentShape = 'pair' | 'list' | 'array' | 'primitive'

/** The plain values primitive components add; their types live in response/values.ts. */
export type PrimitiveValueName =
  'Name' | 'SocialMetrics' | 'UserSocial' | 'MediumTypes' | 'SubscriptionMetadata'

/** The context a component's pairs carry, beyond the empty object. */
export type ComponentContextName = 'ContributorContext' | 'SourceContext'

export interface ComponentEntry {
  /** The object types the component can be requested on. */
  readonly appliesTo: readonly ObjectTypeName[]
  readonly shape: ComponentShape
  /** For pair, list and array: the types of the objects it returns, which nested components apply to. */
  readonly of?: readonly ObjectTypeName[]
  /** For primitive: the value it adds. */
  readonly value?: PrimitiveValueName
  readonly context?: ComponentContextName
  /** One line for the docs table. */
  readonly summary: string
}

const media = ['Movie', 'ShowSeries'] as const
const social = ['Movie', 'ShowSeries', 'Contributor', 'User', 'Source', 'Collection'] as const

/**
 * The component catalogue: every component of the service, once. The builder's result types, the runtime
 * checks of every door, the reference service and the README's table all read this object.
 * Applicability follows the service's object pages (SERVICE-NOTES.md); where they are silent, the README
 * says what we decided.
 */
export const componentCatalogue = {
  primaryName: {
    appliesTo: ['Movie', 'ShowSeries', 'Contributor', 'Source', 'Collection'],
    shape: 'primitive',
    value: 'Name',
    summary: 'the primary locale-relevant name',
  },
  primaryImage: {
    appliesTo: social,
    shape: 'pair',
    of: ['Image'],
    summary: 'the best visual representation (a default image when none exists)',
  },
  secondaryImage: {
    appliesTo: social,
    shape: 'pair',
    of: ['Image'],
    summary: 'an icon or background image (a default image when none exists)',
  },
  images: {
    appliesTo: ['Movie', 'ShowSeries', 'Contributor', 'User', 'Collection'],
    shape: 'list',
    of: ['Image'],
    summary: 'all images attached',
  },
  keyContributors: {
    appliesTo: media,
    shape: 'list',
    of: ['Contributor'],
    context: 'ContributorContext',
    summary: 'the most important contributors (directors, leading cast)',
  },
  contributors: {
    appliesTo: media,
    shape: 'list',
    of: ['Contributor'],
    context: 'ContributorContext',
    summary: 'all contributors, in billing order',
  },
  keyTraits: { appliesTo: media, shape: 'list', of: ['Trait'], summary: 'the most telling traits (genres)' },
  keySuitabilities: { appliesTo: media, shape: 'list', of: ['Trait'], summary: 'suitability traits' },
  primaryGroup: {
    appliesTo: media,
    shape: 'pair',
    of: ['Collection'],
    summary: 'the group the title belongs to',
  },
  sources: {
    appliesTo: media,
    shape: 'list',
    of: ['Source'],
    context: 'SourceContext',
    summary: 'where to watch: mediums, methods, formats and prices in the context',
  },
  collections: {
    appliesTo: ['Movie', 'ShowSeries', 'Contributor', 'Collection'],
    shape: 'list',
    of: ['Collection'],
    summary: 'the collections that contain the object',
  },
  contributions: {
    appliesTo: ['Contributor'],
    shape: 'list',
    of: ['Movie', 'ShowSeries'],
    context: 'ContributorContext',
    summary: "the contributor's titles, with the relationships in the context",
  },
  followers: {
    appliesTo: ['Contributor', 'User'],
    shape: 'list',
    of: ['User'],
    summary: 'users who follow it',
  },
  likers: { appliesTo: ['Contributor', 'User'], shape: 'list', of: ['User'], summary: 'users who like it' },
  following: {
    appliesTo: ['User'],
    shape: 'list',
    of: ['User', 'Contributor', 'Collection'],
    summary: 'what the user follows',
  },
  liking: {
    appliesTo: ['User'],
    shape: 'list',
    of: ['Movie', 'ShowSeries', 'Contributor', 'Collection'],
    summary: 'what the user likes',
  },
  ownedCollections: {
    appliesTo: ['User'],
    shape: 'list',
    of: ['Collection'],
    summary: "the user's collections",
  },
  allSubscriptions: {
    appliesTo: ['Source'],
    shape: 'array',
    of: ['Subscription'],
    summary: "the source's subscriptions (the only way to reach them)",
  },
  allMediums: {
    appliesTo: ['Source'],
    shape: 'primitive',
    value: 'MediumTypes',
    summary: 'every medium the source offers (stream, download…)',
  },
  items: {
    appliesTo: ['Collection'],
    shape: 'list',
    of: ['Movie', 'ShowSeries', 'User', 'Contributor', 'Collection', 'Trait'],
    summary: 'the collected objects, in collection order',
  },
  primaryOwner: { appliesTo: ['Collection'], shape: 'pair', of: ['User'], summary: 'the owning user' },
  socialMetrics: {
    appliesTo: social,
    shape: 'primitive',
    value: 'SocialMetrics',
    summary: 'counts of likers, followers, collectors and mentioners',
  },
  userSocial: {
    appliesTo: social,
    shape: 'primitive',
    value: 'UserSocial',
    summary: "the token's user's likes, follows and default collections (user tokens only)",
  },
  metadata: {
    appliesTo: ['Subscription'],
    shape: 'primitive',
    value: 'SubscriptionMetadata',
    summary: "a subscription's name, period, price and mediums",
  },
  thumbnail: { appliesTo: ['Trait'], shape: 'pair', of: ['Image'], summary: "a trait's small image" },
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
