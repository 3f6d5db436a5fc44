import type { MediaNode, Offer, SourceNode } from '../graph/entities'
import type { RawMovie, RawSeries } from './raw'
import { LazyOffer } from './offer'
import { seedPrefix } from './prng'
import { carries, channelSourceKey, SOURCE_SPECS, sourceIdFor, sourceNode } from './sources'

/**
 * The sources and their offers: the data says where a title is described (Wikipedia, IMDb, TVmaze) but not
 * where it streams, so streaming offers are synthesized from each source's rules. The index from a source's
 * own id back to a title is made from the sources' offers when first asked (graph/mapped-ids.ts).
 */
export function synthesizeOffers(
  media: readonly MediaNode[],
  rawOf: Map<MediaNode, RawMovie | RawSeries>,
): SourceNode[] {
  const sources = SOURCE_SPECS.map(sourceNode)
  // Per title, not per title and source: its raw record and the source its channel names (series only).
  const raws = media.map((node) => rawOf.get(node))
  const channels = media.map((node, i) => {
    const series = node.type === 'ShowSeries' ? (raws[i] as RawSeries | undefined) : undefined
    return series
      ? (channelSourceKey(series.webChannel?.name) ?? channelSourceKey(series.network?.name))
      : undefined
  })
  SOURCE_SPECS.forEach((spec, s) => {
    const source = sources[s] as SourceNode
    const taken = new Set<string>()
    const carriesPrefix = seedPrefix('carries', spec.key)
    const idPrefix = seedPrefix('sourceId', spec.key)
    for (let i = 0; i < media.length; i++) {
      const node = media[i] as MediaNode
      let offer: Offer | undefined
      if (spec.kind === 'information') {
        const info = informationOffer(spec.key, node, raws[i])
        if (info) offer = new LazyOffer(source, node, info.sourceId, spec, info.url)
      } else if (carries(spec, node, channels[i], carriesPrefix)) {
        offer = new LazyOffer(source, node, sourceIdFor(spec, node, taken, idPrefix), spec, undefined)
      }
      if (!offer) continue
      node.offers.push(offer)
      source.offers.push(offer)
    }
  })
  return sources
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
