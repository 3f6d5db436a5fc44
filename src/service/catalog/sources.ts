import type {
  Format,
  LaunchInfo,
  MediaNode,
  Medium,
  MediumType,
  Method,
  SourceKind,
  SourceNode,
  SubscriptionPlan,
} from '../graph/entities'
import { emptySocial } from './empty-social'
import { mhidOf, PREFIX } from './ids'
import { randomFrom, type Random } from './prng'

/**
 * The providers of the reference service. Names and web sites are real; which titles each carries, in what
 * formats and at what prices, and their subscription plans are synthetic (seeded, stable). Information
 * sources (IMDb, Wikipedia, TVmaze) only link to pages about a title, from ids that are in the data.
 */
export interface SourceSpec {
  /** altId is `mhsrc-<key>`. */
  readonly key: string
  readonly name: string
  readonly msiName: string
  readonly kind: SourceKind
  readonly webUrl: string
  /** URL scheme of the provider's app, for the `ios`/`android` launch links. */
  readonly app: string
  /** Share of the catalog's films the source carries (series: half of it, plus real network hints). */
  readonly coverage: number
  readonly methods: readonly Method['type'][]
  readonly mediums: readonly MediumType[]
  /** How many digits its synthetic title ids have. */
  readonly idDigits: number
  readonly plans: readonly Omit<SubscriptionPlan, 'mhid' | 'currency' | 'mediums'>[]
}

// What each kind of seller offers: stores sell and rent for streaming or download; subscription services
// stream what the plan covers.
const offerings = {
  store: { methods: ['purchase', 'rent'], mediums: ['stream', 'download'] },
  subscription: { methods: ['subscription'], mediums: ['stream'] },
} as const satisfies Record<string, Pick<SourceSpec, 'methods' | 'mediums'>>

function seller(kind: keyof typeof offerings) {
  return (
    key: string,
    name: string,
    msiName: string,
    webUrl: string,
    app: string,
    coverage: number,
    idDigits: number,
  ): SourceSpec => ({
    key,
    name,
    msiName,
    kind,
    webUrl,
    app,
    coverage,
    ...offerings[kind],
    idDigits,
    plans: [],
  })
}
const store = seller('store')
const subscription = seller('subscription')

export const SOURCE_SPECS: readonly SourceSpec[] = [
  store('itunes', 'iTunes', 'iTunes', 'https://www.apple.com/apple-tv-app/', 'itms', 0.8, 9),
  store('googleplay', 'Google Play', 'GooglePlay', 'https://play.google.com/store/movies', 'market', 0.7, 11),
  store('vudu', 'Vudu', 'Vudu', 'https://www.vudu.com', 'vudu', 0.65, 6),
  {
    ...subscription('netflix', 'Netflix', 'Netflix', 'https://www.netflix.com', 'nflx', 0.12, 8),
    plans: [
      { name: 'Netflix Basic', description: 'One screen at a time, SD', timePeriod: 'monthly', price: 8.99 },
      {
        name: 'Netflix Standard',
        description: 'Two screens at a time, HD',
        timePeriod: 'monthly',
        price: 13.99,
      },
      {
        name: 'Netflix Premium',
        description: 'Four screens at a time, Ultra HD',
        timePeriod: 'monthly',
        price: 17.99,
      },
    ],
  },
  {
    ...subscription('hulu', 'Hulu', 'Hulu', 'https://www.hulu.com', 'hulu', 0.1, 7),
    methods: ['subscription', 'adSupported'],
    plans: [
      { name: 'Hulu', description: 'With ads', timePeriod: 'monthly', price: 5.99 },
      { name: 'Hulu (No Ads)', description: 'Without ads', timePeriod: 'monthly', price: 11.99 },
    ],
  },
  {
    ...subscription(
      'amazonprime',
      'Amazon Prime',
      'AmazonPrime',
      'https://www.amazon.com/primevideo',
      'aiv',
      0.15,
      10,
    ),
    plans: [
      {
        name: 'Prime monthly',
        description: 'Prime Video with Prime membership',
        timePeriod: 'monthly',
        price: 12.99,
      },
      {
        name: 'Prime yearly',
        description: 'Prime Video with Prime membership',
        timePeriod: 'yearly',
        price: 119,
      },
    ],
  },
  {
    ...subscription('hbogo', 'HBO Go', 'HBOGo', 'https://www.hbo.com', 'hbogo', 0.08, 7),
    plans: [
      { name: 'HBO', description: 'HBO programming on every screen', timePeriod: 'monthly', price: 14.99 },
    ],
  },
  information('imdb', 'IMDb', 'IMDB', 'https://www.imdb.com', 'imdb'),
  information('wikipedia', 'Wikipedia', 'Wikipedia', 'https://en.wikipedia.org', 'wikipedia'),
  information('tvmaze', 'TVmaze', 'TVmaze', 'https://www.tvmaze.com', 'tvmaze'),
]

function information(key: string, name: string, msiName: string, webUrl: string, app: string): SourceSpec {
  return {
    key,
    name,
    msiName,
    kind: 'information',
    webUrl,
    app,
    coverage: 0,
    methods: [],
    mediums: [],
    idDigits: 0,
    plans: [],
  }
}

export function sourceNode(spec: SourceSpec): SourceNode {
  const mhid = mhidOf('Source', spec.key)
  return {
    type: 'Source',
    mhid,
    altId: `${PREFIX.Source}-${spec.key}`,
    name: spec.name,
    popularity: 0,
    social: emptySocial(),
    kind: spec.kind,
    msiName: spec.msiName,
    connectable: spec.kind === 'information' ? 0 : 1,
    webUrl: spec.webUrl,
    mediums: [...spec.mediums],
    subscriptions: spec.plans.map((plan) => ({
      ...plan,
      mhid: mhidOf('Source', `${spec.key}|plan|${plan.name}`).replace(/^mhsrc/, 'mhsub'),
      currency: 'USD',
      mediums: [...spec.mediums],
    })),
    offers: [],
  }
}

/** Real network and web-channel names in series.json that say where a show streams. */
const CHANNEL_SOURCES: Readonly<Record<string, string>> = {
  Netflix: 'netflix',
  Hulu: 'hulu',
  'Amazon Prime': 'amazonprime',
  'HBO Go': 'hbogo',
  HBO: 'hbogo',
}

export function channelSourceKey(channel: string | undefined): string | undefined {
  return channel === undefined ? undefined : CHANNEL_SOURCES[channel]
}

/** Whether a commercial source carries a title: the real channel hint for series, else a seeded draw. */
export function carries(spec: SourceSpec, media: MediaNode, channelKey: string | undefined): boolean {
  if (spec.kind === 'information') return false
  if (channelKey === spec.key) return true
  const coverage = media.type === 'Movie' ? spec.coverage : spec.coverage / 2
  return randomFrom(`carries|${spec.key}|${media.key}`).chance(coverage)
}

function links(web: string, app: string, path: string, encodedId: string): LaunchInfo['view'] {
  const inApp = `${app}://${path}/${encodedId}`
  return { http: `${web}/${path}/${encodedId}`, ios: inApp, android: inApp }
}

export function launchInfoFor(spec: SourceSpec, sourceId: string): LaunchInfo {
  // Built for every offer at start-up: the id is encoded and the site's trailing slash dropped once per offer.
  const web = spec.webUrl.replace(/\/$/, '')
  const id = encodeURIComponent(sourceId)
  return {
    sourceId,
    view: links(web, spec.app, 'title', id),
    consume: links(web, spec.app, 'watch', id),
    preview: links(web, spec.app, 'trailer', id),
  }
}

/** Real pages for information sources: IMDb ids, Wikipedia article names and TVmaze pages are in the data. */
export function informationLaunchInfo(sourceId: string, http: string): LaunchInfo {
  const same = { http, ios: http, android: http }
  return { sourceId, view: same, consume: same, preview: same }
}

const PURCHASE: Readonly<Record<string, number>> = { SD: 9.99, HD: 14.99, UHD: 19.99 }
const RENT: Readonly<Record<string, number>> = { SD: 2.99, HD: 3.99, UHD: 5.99 }

/** Formats offered: Ultra HD only for titles from 2010 on (a plausibility rule, not a fact). */
function formatTypes(media: MediaNode): string[] {
  return media.year >= 2010 ? ['SD', 'HD', 'UHD'] : ['SD', 'HD']
}

/** Older films are cheaper to buy: a seeded discount of 0–5 dollars grows with age. */
function price(base: number, media: MediaNode, random: Random): number {
  const age = Math.max(0, 2022 - media.year)
  const discount = Math.min(base * 0.5, Math.floor((age / 10) * random.next() * 2))
  return Math.round((base - discount) * 100) / 100
}

export function mediumsFor(spec: SourceSpec, media: MediaNode, launchInfo: LaunchInfo): Medium[] {
  const random = randomFrom(`prices|${spec.key}|${media.key}`)
  const formats = (table: Readonly<Record<string, number>> | undefined): Format[] =>
    formatTypes(media).map((type) => ({
      type,
      price: table === undefined ? 0 : price(table[type] ?? 0, media, random),
      currency: 'USD',
      launchInfo,
    }))
  const methods: Method[] = spec.methods.map((type) => ({
    type,
    formats: formats(type === 'purchase' ? PURCHASE : type === 'rent' ? RENT : undefined),
  }))
  return spec.mediums.map((type) => ({
    type,
    // Downloads are sold, not rented or streamed on subscription.
    methods: type === 'download' ? methods.filter((m) => m.type === 'purchase') : methods,
  }))
}

/** A synthetic numeric title id on a source, unique within the source. */
export function sourceIdFor(spec: SourceSpec, media: MediaNode, taken: Set<string>): string {
  for (let attempt = 0; ; attempt++) {
    const random = randomFrom(`sourceId|${spec.key}|${media.key}|${attempt}`)
    // Digits gathered as a number and printed once (the same text: the first digit is never 0, and at most
    // 15 digits are exact in a double), instead of a new string per digit.
    let value = random.int(1, 9)
    for (let i = 1; i < spec.idDigits; i++) value = value * 10 + random.int(0, 9)
    const id = String(value)
    if (!taken.has(id)) {
      taken.add(id)
      return id
    }
  }
}
