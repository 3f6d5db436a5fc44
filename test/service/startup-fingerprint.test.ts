import { describe, expect, it } from 'vitest'
import { graphFor } from '../../src/service/graph/shared-graph'
import { graphFingerprint, nodeLine, pinnedFingerprints } from './graph-dump'

// Start-up work changes how the graph is made, never what it is: the SHA-256 of a canonical dump of every node's
// fields and links, pinned to the value the build gave before the fourth start-up round (graph-dump.ts;
// docs/performance.md, "Reference service"). A change to the synthesized data fails here first. Re-pinned on
// purpose for issue 28: the films' credits read through src/service/catalog/credits.ts (fragments of credits
// dropped, notes cut from names, directors from the Wikipedia lead where the list has none).
describe('the default graph, fingerprinted', () => {
  it('is byte-identical to the pinned build, with the demo user and with no users', () => {
    const demo = graphFor(undefined, [{ username: 'demo', name: 'Demo User', password: 'x' }]).graph
    expect(graphFingerprint(demo)).toBe(pinnedFingerprints.demoUser)
    const none = graphFor(undefined, []).graph
    expect(graphFingerprint(none)).toBe(pinnedFingerprints.noUsers)
  }, 120_000)

  it('the dump sees links and offers behind getters', () => {
    const { graph } = graphFor(undefined, [])
    const film = graph.media.find((m) => m.credits.length > 0 && m.offers.length > 0)
    if (film === undefined) throw new Error('no credited film with offers')
    // The film's own line, as the dump writes it (the whole dump is ~70 MB of text).
    const line = nodeLine(film)
    expect(line).toContain(`"mhid":"${film.mhid}"`)
    expect(line).toContain(`"contributor":"@${film.credits[0]?.contributor.mhid}"`)
    expect(line).toContain('"launchInfo":{')
  }, 120_000)
})
