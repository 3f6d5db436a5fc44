import { createHash } from 'node:crypto'
import type { GraphIndex } from '../../src/service/graph/graph-index'

/**
 * The fingerprints of the shipped catalog's graph, pinned (test/service/startup-fingerprint.test.ts holds the build
 * to them): with the demo user (`demo`, "Demo User"), and with no users. Re-pinned only on purpose, when the
 * catalog or what the build makes of it changes (last: issue 28's credits, directors read from more forms of the lead).
 */
export const pinnedFingerprints = {
  demoUser: '80d07c1f2c2de85398afd4d1f6f564af85ca0efc2e332b05d659f0fe6f11e3d3',
  noUsers: 'fe9ff0031fccbc40c57b1706f19caf0cc72944b8c5240daab8fdd0a32f846d7f',
} as const

/**
 * SHA-256, hex, of a canonical text of the whole graph: every node and image with every field, in the index's own
 * orders, links written as the linked node's mhid, offers read through their getters (launch links and mediums
 * made on first read), a line per node. Two builds with the same fingerprint are the same graph, whatever objects
 * or arrays they are made of. Hashed a line at a time: the text of the shipped graph is ~70 MB, and writing it
 * out whole before hashing it cost more than the hash.
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

/** The lines of the text {@link graphFingerprint} hashes, in order, each given to `emit`. */
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
    for (const node of list) emit(nodeLine(node))
  }
  emit(`# editors ${graph.editors.mhid}`)
}

/** The line of the text {@link graphFingerprint} hashes that holds one node (a title, a person, a source, an image...). */
export function nodeLine(node: object): string {
  return JSON.stringify(valueOf(node, true))
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
