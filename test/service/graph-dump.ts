import { createHash } from 'node:crypto'
import type { GraphIndex } from '../../src/service/graph/graph-index'

/**
 * A canonical text of the whole graph: every node and image with every field, in the index's own orders, links
 * written as the linked node's mhid, offers read through their getters (launch links and mediums made on first
 * read). Two builds with the same dump are the same graph, whatever objects or arrays they are made of.
 */
export function graphDump(graph: GraphIndex): string {
  const lines: string[] = []
  dumpLines(graph, (line) => lines.push(line))
  return lines.join('\n')
}

/**
 * SHA-256 of {@link graphDump}, hex, hashed a line at a time: the dump of the shipped graph is ~70 MB of text,
 * and writing it out whole before hashing it cost more than the hash.
 */
export function graphFingerprint(graph: GraphIndex): string {
  const hash = createHash('sha256')
  let first = true
  dumpLines(graph, (line) => {
    hash.update(first ? line : `\n${line}`)
    first = false
  })
  return hash.digest('hex')
}

/** The lines of {@link graphDump}, in order, each given to `emit`. */
function dumpLines(graph: GraphIndex, emit: (line: string) => void): void {
  const lists = {
    media: graph.media,
    episodic: graph.episodic,
    contributors: graph.contributors,
    traits: graph.traits,
    sources: graph.sources,
    collections: graph.collections,
    users: graph.users,
    images: graph.images,
  }
  for (const [name, list] of Object.entries(lists)) {
    emit(`# ${name} ${list.length}`)
    for (const node of list) emit(JSON.stringify(valueOf(node, true)))
  }
  emit(`# editors ${graph.editors.mhid}`)
}

const isLinked = (v: object): v is { mhid: string } =>
  'mhid' in v && typeof v.mhid === 'string' && 'type' in v && typeof v.type === 'string'

function valueOf(value: unknown, root = false): unknown {
  if (value === null || typeof value !== 'object') return value === undefined ? '(undefined)' : value
  if (ArrayBuffer.isView(value)) return Array.from(value as unknown as ArrayLike<number>)
  if (Array.isArray(value)) return value.map((v: unknown) => valueOf(v))
  if (!root && isLinked(value)) return `@${value.mhid}`
  // Offers keep their fields behind getters: read the fields an Offer has by name.
  if ('sourceId' in value && 'launchInfo' in value && 'media' in value && 'source' in value) {
    const o = value as {
      source: unknown
      media: unknown
      sourceId: unknown
      mediums: unknown
      launchInfo: unknown
    }
    return {
      source: valueOf(o.source),
      media: valueOf(o.media),
      sourceId: o.sourceId,
      mediums: valueOf(o.mediums),
      launchInfo: valueOf(o.launchInfo),
    }
  }
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(value).sort()) out[key] = valueOf(Reflect.get(value, key))
  return out
}
