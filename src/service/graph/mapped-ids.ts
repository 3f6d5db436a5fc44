import type { MediaNode, SourceNode } from './entities'

/**
 * The index that mapping a source's own id back to a title reads: `msiname|type|sourceId` (the source name
 * lowercased) → title, from every offer of every source in the sources' order, a later offer winning a shared
 * key as it did when the offers were made. It is ~9,600 keys that only a look-up by mapped id reads, so the
 * graph makes it on the first such look-up rather than at start-up.
 */
export function mappedIdsOf(sources: readonly SourceNode[]): Map<string, MediaNode> {
  const mapped = new Map<string, MediaNode>()
  for (const source of sources) {
    const msiName = source.msiName.toLowerCase()
    for (const offer of source.offers)
      mapped.set(`${msiName}|${offer.media.type}|${offer.sourceId}`, offer.media)
  }
  return mapped
}
