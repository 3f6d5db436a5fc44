import type { MediaNode, Offer, SourceNode } from '../graph/entities'
import type { RawMovie, RawSeries } from './raw'
import { LazyOffer } from './offer'
import { carries, channelSourceKey, SOURCE_SPECS, sourceIdFor, sourceNode } from './sources'

/**
 * Which titles a store or service carries (their places in `media`, ascending) and under which of its ids: per
 * consumable source, in SOURCE_SPECS order. The catalog alone decides it (a seeded draw per source and title),
 * so the shipped catalog carries it (catalog-index.ts); `planOffers` derives it for any other.
 */
export type OfferPlan = readonly (readonly [
  source: string,
  places: readonly number[],
  ids: readonly string[],
])[]

/**
 * The sources and their offers: the data says where a title is described (Wikipedia, IMDb, TVmaze) but not
 * where it streams, so streaming offers are synthesized from each source's rules (`planOffers`). The index from a
 * source's own id back to a title is made from the sources' offers when first asked (graph/mapped-ids.ts).
 */
export function synthesizeOffers(
  media: readonly MediaNode[],
  rawOf: Map<MediaNode, RawMovie | RawSeries>,
  plan: OfferPlan = planOffers(media, rawOf),
): SourceNode[] {
  const sources = SOURCE_SPECS.map(sourceNode)
  let consumable = 0
  SOURCE_SPECS.forEach((spec, s) => {
    const source = sources[s] as SourceNode
    const add = (node: MediaNode, offer: Offer): void => {
      node.offers.push(offer)
      source.offers.push(offer)
    }
    if (spec.kind === 'information') {
      // Information sources link to the record's own page: read off the raw record, no draw.
      for (const node of media) {
        const info = informationOffer(spec.key, node, rawOf.get(node))
        if (info) add(node, new LazyOffer(source, node, info.sourceId, spec, info.url))
      }
      return
    }
    const [key, places, ids] = plan[consumable++] ?? []
    // A plan is this catalog's (planOffers, or an index checked against the files): anything else is a bug.
    if (key !== spec.key || places === undefined || ids === undefined)
      throw new Error(`offers: the plan has no ${spec.key} at ${consumable - 1}`)
    for (let i = 0; i < places.length; i++) {
      const node = media[places[i] as number]
      if (node === undefined) throw new Error(`offers: ${spec.key} names no title at ${places[i]}`)
      add(node, new LazyOffer(source, node, ids[i] as string, spec, undefined))
    }
  })
  return sources
}

/** The consumable sources' offers as the catalog decides them: see {@link OfferPlan}. */
export function planOffers(
  media: readonly MediaNode[],
  rawOf: Map<MediaNode, RawMovie | RawSeries>,
): OfferPlan {
  // Per title, not per title and source: the source its channel names (series only).
  const channels = media.map((node) => {
    const series = node.type === 'ShowSeries' ? (rawOf.get(node) as RawSeries | undefined) : undefined
    return series
      ? (channelSourceKey(series.webChannel?.name) ?? channelSourceKey(series.network?.name))
      : undefined
  })
  const plan: [string, number[], string[]][] = []
  for (const spec of SOURCE_SPECS) {
    if (spec.kind === 'information') continue
    const places: number[] = []
    const ids: string[] = []
    const taken = new Set<string>()
    for (let i = 0; i < media.length; i++) {
      const node = media[i] as MediaNode
      if (!carries(spec, node, channels[i])) continue
      places.push(i)
      ids.push(sourceIdFor(spec, node, taken))
    }
    plan.push([spec.key, places, ids])
  }
  return plan
}

function informationOffer(
  key: string,
  node: MediaNode,
  raw: RawMovie | RawSeries | undefined,
): { sourceId: string; url: string } | undefined {
  if (raw === undefined) return undefined
  if (key === 'wikipedia' && node.type === 'Movie' && 'href' in raw && typeof raw.href === 'string')
    return { sourceId: raw.href, url: `https://en.wikipedia.org/wiki/${raw.href}` }
  const imdb = node.type === 'ShowSeries' ? (raw as RawSeries).externals?.imdb : undefined
  if (key === 'imdb' && typeof imdb === 'string')
    return { sourceId: imdb, url: `https://www.imdb.com/title/${imdb}/` }
  if (key === 'tvmaze' && 'tvmazeId' in raw && typeof raw.tvmazeId === 'number')
    return {
      sourceId: String(raw.tvmazeId),
      url: typeof raw.url === 'string' ? raw.url : `https://www.tvmaze.com/shows/${raw.tvmazeId}`,
    }
  return undefined
}
