import { typePrefixes, type ComponentEntry, type ObjectTypeName } from '../model'

// Plausible values for responseFor: the default fields of each object type, the plain component values and the
// contexts, all made from a counter so that one query gives one response, and every object its own mhid.

type Json = Record<string, unknown>

/** What a sample object is called, by type: `Movie 1`, `Contributor 2`. */
const labels: Partial<Record<ObjectTypeName, string>> = { MHGraphGroup: 'Group' }
const labelOf = (type: ObjectTypeName) => labels[type] ?? type.replace(/([a-z])([A-Z])/g, '$1 $2')
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** An mhid of `type` numbered `n`: its first prefix and 39 characters, as the service's are. */
export function sampleMhid(type: ObjectTypeName, n: number): string | undefined {
  const prefix = (typePrefixes[type] as readonly string[])[0]
  return prefix === undefined ? undefined : `${prefix}${String(n).padStart(39, '0')}`
}

const rendition = (mhid: string, size: string, width: number) => ({
  url: `https://images.example.com/${mhid}/${size}.jpg`,
  width,
  height: Math.round(width * 1.5),
})

/** 2000-01-01 and a year more per object: release dates that sort. */
const releaseDateOf = (n: number) => 946_684_800 + n * 31_536_000

const subscriptionMetadata = (n: number) => ({
  mhid: `mhsub${n}`,
  name: `Plan ${n}`,
  description: 'Every title of the service, streamed',
  timePeriod: 'P1M',
  price: 9.99,
  currency: 'USD',
  mediums: ['stream'],
})

/** The default fields of an object of `type`, numbered `n`. */
export function sampleObject(type: ObjectTypeName, n: number): Json {
  const mhid = sampleMhid(type, n) ?? ''
  const name = `${labelOf(type)} ${n}`
  const altId = `${mhid.slice(0, 5)}-${slug(name)}`
  switch (type) {
    case 'Contributor':
      return { mhid, name, altId }
    case 'User':
      return { mhid, name, username: slug(name) }
    case 'Image':
      return {
        mhid,
        name: null,
        isDefault: false,
        averageColor: '#336699',
        original: rendition(mhid, 'original', 1000),
        thumbnail: rendition(mhid, 'thumbnail', 100),
        small: rendition(mhid, 'small', 200),
        medium: rendition(mhid, 'medium', 400),
        large: rendition(mhid, 'large', 800),
      }
    case 'Trait':
      return { mhid, altId, name, description: `The ${name} genre` }
    case 'Source':
      return { mhid, name, altId, connectable: 1, webUrl: `https://${slug(name)}.example.com` }
    case 'Collection':
      return {
        mhid,
        name,
        altId,
        createdDate: releaseDateOf(n),
        description: `A list of favourites`,
        permissions: 'public',
        published: true,
      }
    case 'Subscription':
      return { metadata: subscriptionMetadata(n) }
    default:
      // Every media type has the same default fields.
      return { mhid, name, altId, releaseDate: releaseDateOf(n), description: `About ${name}` }
  }
}

const count = (all: number) => ({ all })

/** The value of a component that is a plain value (`primaryName`, `socialMetrics`…). */
export function samplePrimitive(value: ComponentEntry['value'], n: number): unknown {
  switch (value) {
    case 'SocialMetrics':
      return {
        likers: count(12),
        followers: count(5),
        collectors: {
          custom: 1,
          shoppingCart: 0,
          playQueue: 2,
          mixList: 0,
          interestedList: 3,
          consumedList: 4,
          wishList: 2,
          hiddenList: 0,
        },
        mentioners: count(7),
      }
    case 'UserSocial':
      return { userLikes: true, userFollows: false, userDislikes: false, userDefaultCollections: [] }
    case 'MediumTypes':
      return ['stream', 'download']
    case 'SubscriptionMetadata':
      return subscriptionMetadata(n)
    default:
      return { text: `Name ${n}`, locale: 'en-US' }
  }
}

/**
 * The context of the `n`th item of a component (0 based), as its catalogue entry says. A contributor's
 * relationships take the documented values (SERVICE-SPEC.md: Director, Producer, Cast with its `role`): the
 * first item directed and produced, the others are cast, each with a role.
 */
export function sampleContext(context: ComponentEntry['context'], n: number): Json {
  if (context === 'ContributorContext' || context === 'ContributionContext')
    return {
      relationships:
        n === 0
          ? [{ contribution: 'Director' }, { contribution: 'Producer' }]
          : [{ contribution: 'Cast', role: `Role ${n}` }],
      sorting: { position: n + 1 },
    }
  if (context === 'SourceContext') return { consumable: true, sorting: { position: n } }
  return {}
}
