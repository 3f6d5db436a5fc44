import { describe, expect, it } from 'vitest'
import { graphFor } from '../../src/service/graph/shared-graph'
import { graphDump, graphFingerprint } from './graph-dump'

// Start-up work changes how the graph is made, never what it is: the SHA-256 of a canonical dump of every node's
// fields and links (graph-dump.ts), pinned to the value the build gave before the fourth start-up round
// (docs/performance.md, "Reference service"). A change to the synthesized data fails here first.
describe('the default graph, fingerprinted', () => {
  it('is byte-identical to the pinned build, with the demo user and with no users', () => {
    const demo = graphFor(undefined, [{ username: 'demo', name: 'Demo User', password: 'x' }]).graph
    expect(graphFingerprint(demo)).toBe('efda8698851f2ea5cf0b34ce7c2acde145d5c183731594c6b433a7a5dcafdd0b')
    const none = graphFor(undefined, []).graph
    expect(graphFingerprint(none)).toBe('536c9c146b89b603bbff7f304f386a81417e60f08a3b81bd387e618c64d49214')
  }, 120_000)

  it('the dump sees links and offers behind getters', () => {
    const { graph } = graphFor(undefined, [])
    const dump = graphDump(graph)
    const film = graph.media.find((m) => m.credits.length > 0 && m.offers.length > 0)
    if (film === undefined) throw new Error('no credited film with offers')
    const line = dump.split('\n').find((l) => l.includes(`"mhid":"${film.mhid}"`)) ?? ''
    expect(line).toContain(`"contributor":"@${film.credits[0]?.contributor.mhid}"`)
    expect(line).toContain('"launchInfo":{')
  }, 120_000)
})
