// Responses built to keep what a query promises, and the places where one change breaks exactly one promise:
// the property test of the per-query check (query-check.test.ts) builds from these.
import {
  componentCatalogue,
  mayBeMissing,
  objectTypeNames,
  prefixTypes,
  isDefaultField,
  primitiveSchemas,
  resourceSchemas,
  type ComponentEntry,
  type ComponentName,
  type ObjectTypeName,
  type PrimitiveValueName,
} from '../../src/model/core'

export interface Requested {
  readonly name: ComponentName
  readonly components?: readonly Requested[]
  readonly page?: number
  readonly pageSize?: number
}

type Path = (string | number)[]
type Json = Record<string, unknown>

/** One change to a kept response that breaks one promise, and where the check must say so. */
export interface BreakSite {
  readonly kind: 'type' | 'mhid' | 'missing' | 'shape' | 'context' | 'paging' | 'title'
  readonly path: Path
  readonly apply: () => void
}

const prefixesOf = new Map<ObjectTypeName, string[]>()
for (const [prefix, type] of prefixTypes) prefixesOf.set(type, [...(prefixesOf.get(type) ?? []), prefix])

/**
 * The `n`th mhid of `type`, `undefined` for a type without a prefix. Successive `n` go round all of the type's
 * prefixes (a Contributor's `mhric`, `mhrgc`, `mhfic`, `mhfgc`; every trait family; every OtherMedia kind), so
 * the properties meet every prefix, not only the first.
 */
export const mhidOf = (type: ObjectTypeName, n: number): string | undefined => {
  const prefixes = prefixesOf.get(type)
  if (prefixes === undefined) return undefined
  return `${prefixes[n % prefixes.length]}${String(n).padStart(39, '0')}`
}

const rendition = { url: 'https://images.example.com/x.jpg', height: 10, width: 20 }
const metadata = {
  mhid: 'mhsub1',
  name: 'Monthly',
  description: 'All you can watch',
  timePeriod: 'P1M',
  price: 9.99,
  currency: 'USD',
  mediums: ['stream'],
}
/** Default fields that fit one family of types or another; each type takes the first its schema accepts. */
const templates: Json[] = [
  { name: 'A title', altId: 'alt', releaseDate: 0 },
  { name: 'A name', altId: 'alt', username: 'u' },
  {
    name: null,
    isDefault: true,
    averageColor: null,
    original: rendition,
    thumbnail: rendition,
    small: rendition,
    medium: rendition,
    large: rendition,
  },
  { name: 'A source', altId: 'alt', connectable: 1, webUrl: 'https://source.example.com' },
  {
    name: 'A list',
    altId: 'alt',
    createdDate: 0,
    description: 'd',
    permissions: 'public',
    published: true,
  },
  { metadata },
]

/** The default fields of an object of `type` (mhid included, where the type has a prefix). */
export function defaultsOf(type: ObjectTypeName, n: number): Json {
  const mhid = mhidOf(type, n)
  for (const template of templates) {
    const object = mhid === undefined ? { ...template } : { mhid, ...template }
    if (resourceSchemas[type].safeParse(object).success) return object
  }
  throw new Error(`no template fits the default fields of ${type}`)
}

export const primitiveSamples: Record<PrimitiveValueName, () => unknown> = {
  Name: () => ({ text: 'A name', locale: 'en' }),
  SocialMetrics: () => ({
    likers: { all: 1 },
    followers: { all: 2 },
    collectors: {
      custom: 0,
      shoppingCart: 0,
      playQueue: 0,
      mixList: 0,
      interestedList: 0,
      consumedList: 0,
      wishList: 0,
      hiddenList: 0,
    },
    mentioners: { all: 0 },
  }),
  UserSocial: () => ({
    userLikes: true,
    userFollows: false,
    userDislikes: false,
    userDefaultCollections: [],
  }),
  MediumTypes: () => ['stream'],
  SubscriptionMetadata: () => ({ ...metadata }),
}
// A sample that the model's own schema refuses would make every property below vacuous.
for (const [name, sample] of Object.entries(primitiveSamples))
  if (!primitiveSchemas[name as PrimitiveValueName].safeParse(sample()).success)
    throw new Error(`the ${name} sample does not fit its schema`)

/** A small deterministic random source, so that one seed gives one response. */
export function randomFrom(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1
  return (below) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % below
  }
}

/** Builds a response that keeps the promise, noting every place one change would break one promise. */
export class ResponseMaker {
  readonly sites: BreakSite[] = []
  #count = 0
  constructor(readonly random: (below: number) => number) {}

  /**
   * A pair of one of `types`, with `requested` on the types each applies to. `promised` (top-level items
   * only) are the types the query promises: an object of another is a broken promise. Inside a component no
   * list of types is promised (SERVICE-NOTES.md: any media kind may come), so no type site is noted there.
   */
  pair(
    types: readonly ObjectTypeName[],
    requested: readonly Requested[],
    context: Json,
    at: Path,
    promised?: readonly ObjectTypeName[],
  ): Json {
    const type = types[this.random(types.length)]!
    const object = this.object(type, requested, [...at, 'object'], promised)
    const pair = { object, context }
    this.sites.push({
      kind: 'context',
      path: [...at, 'context'],
      apply: () => void (pair.context = 'no context' as never),
    })
    return pair
  }

  object(
    type: ObjectTypeName,
    requested: readonly Requested[],
    at: Path,
    promised?: readonly ObjectTypeName[],
  ) {
    const object: Json = { ...defaultsOf(type, this.#count++), notRequested: { kept: true } }
    const wrong = objectTypeNames.find((t) => !promised?.includes(t) && mhidOf(t, 0) !== undefined)
    if (promised !== undefined && wrong !== undefined)
      this.sites.push({
        kind: 'type',
        path: [...at, 'mhid'],
        apply: () => void (object['mhid'] = mhidOf(wrong, 0)),
      })
    // An mhid that is there must have the documented form, at any depth, whatever the query asked for.
    if (object['mhid'] !== undefined)
      this.sites.push({
        kind: 'mhid',
        path: [...at, 'mhid'],
        apply: () => void (object['mhid'] = ['', 'hello', 'mhmov', 42][this.random(4)]),
      })
    for (const request of requested) {
      const entry: ComponentEntry = componentCatalogue[request.name]
      // A component that is one of the type's default fields (an image's thumbnail) is that field, as made above.
      if (!entry.appliesTo.includes(type) || isDefaultField(type, request.name)) continue
      const optional = mayBeMissing(request.name)
      // A user-only component may be absent: half the time it is.
      if (optional && this.random(2) === 0) continue
      const key = request.name
      object[key] = this.component(entry, request.components ?? [], [...at, key])
      if (!optional) this.sites.push({ kind: 'missing', path: [...at, key], apply: () => delete object[key] })
      this.sites.push({ kind: 'shape', path: [...at, key], apply: () => void (object[key] = 42) })
    }
    return object
  }

  component(entry: ComponentEntry, requested: readonly Requested[], at: Path): unknown {
    if (entry.shape === 'primitive') return primitiveSamples[entry.value ?? 'Name']()
    const types = entry.of ?? objectTypeNames
    const pair = (itemAt: Path) => {
      const made = this.pair(types, requested, this.contextOf(entry), itemAt)
      this.contextSite(entry, made, itemAt)
      return made
    }
    if (entry.shape === 'pair') return pair(at)
    // Either shape of a list is accepted for any list component (SERVICE-SPEC.md's tables say "array",
    // SERVICE-NOTES.md says `{ content, pagingInfo }`): half the time each.
    if (this.random(2) === 0) return [pair([...at, 0])]
    return this.paged([pair([...at, 'content', 0])], at)
  }

  /** `{ content, pagingInfo }`, with a site that breaks its pagingInfo. */
  paged(content: unknown[], at: Path): Json {
    const pagingInfo: Json = { next: null }
    this.sites.push({
      kind: 'paging',
      path: [...at, 'pagingInfo', 'next'],
      apply: () => void (pagingInfo['next'] = 5),
    })
    return { content, pagingInfo }
  }

  private contextOf(entry: ComponentEntry): Json {
    if (entry.context === 'ContributorContext') return { relationships: [{ contribution: 'Actor' }] }
    return {}
  }

  /** A field of a catalogue context with the wrong type: a bad context. */
  private contextSite(entry: ComponentEntry, pair: Json, at: Path) {
    const context = pair['context'] as Json
    if (entry.context === 'ContributorContext')
      this.sites.push({
        kind: 'context',
        path: [...at, 'context', 'relationships'],
        apply: () => void (context['relationships'] = 'x'),
      })
    if (entry.context === 'SourceContext')
      this.sites.push({
        kind: 'context',
        path: [...at, 'context', 'consumable'],
        apply: () => void (context['consumable'] = 'x'),
      })
  }
}
