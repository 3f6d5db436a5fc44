import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { NO_EDGES, NO_SOCIAL, ownSocial, withEdge } from '../../src/service/catalog/empty-social'
import { LazyOffer } from '../../src/service/catalog/offer'
import {
  informationLaunchInfo,
  launchInfoFor,
  mediumsFor,
  SOURCE_SPECS,
} from '../../src/service/catalog/sources'
import { graphFor } from '../../src/service/graph/shared-graph'

// The lean graph of the second start-up round (docs/performance.md, "Reference service"): fewer objects, the
// same answers. The service's answers are compared byte for byte elsewhere; these pin the parts.
describe('start-up graph shapes', () => {
  const { graph } = graphFor(undefined, [{ username: 'demo', name: 'Demo User', password: 'x' }])

  it('empty social lists are one shared frozen array, and a list gets its own array on its first edge', () => {
    const lonely = graph.contributors.filter((c) => c.social.likers.length === 0)
    expect(lonely.length).toBeGreaterThan(1000)
    expect(lonely.filter((c) => c.social.likers !== NO_EDGES).map((c) => c.mhid)).toEqual([])
    expect(Object.isFrozen(NO_EDGES)).toBe(true)
    const first = withEdge<number>(NO_EDGES, 1)
    expect(first).not.toBe(NO_EDGES)
    expect(withEdge(first, 2)).toBe(first)
    expect(first).toEqual([1, 2])
    expect(NO_EDGES).toEqual([])
    // Nodes with no social link at all share one frozen object; the first edge gives a node its own.
    const bare = graph.contributors.filter((c) => c.social === NO_SOCIAL)
    expect(bare.length).toBeGreaterThan(1000)
    expect(() => {
      NO_SOCIAL.mentions = 1
    }).toThrow(TypeError)
    const node = { social: NO_SOCIAL }
    const own = ownSocial(node)
    expect(own).not.toBe(NO_SOCIAL)
    expect(own).toEqual(NO_SOCIAL)
    expect(ownSocial(node)).toBe(own)
    // Liked nodes hold their likers in arrays of their own.
    const liked = graph.media.filter((m) => m.social.likers.length > 0)
    expect(new Set(liked.map((m) => m.social.likers)).size).toBe(liked.length)
  })

  it("an offer's launch links and mediums, made on first read and kept, are what the eager build made", () => {
    // Each offer's checks, in order; the first that fails names the offer. Asserted once for all offers: an
    // expect each, for ~8,000 offers, was most of this file's time.
    let consumable = 0
    let informative = 0
    const wrong: string[] = []
    const check = (offer: { sourceId: string }, what: string, holds: boolean): boolean =>
      holds || (wrong.push(`${offer.sourceId}: ${what}`), false)
    for (const source of graph.sources) {
      const spec = SOURCE_SPECS.find((s) => `mhsrc-${s.key}` === source.altId)
      if (spec === undefined) throw new Error(`no spec for ${source.altId}`)
      for (const offer of source.offers) {
        if (!check(offer, 'a LazyOffer', offer instanceof LazyOffer)) continue
        const mediums = offer.mediums
        check(offer, 'mediums kept', offer.mediums === mediums)
        check(offer, 'launch links kept', offer.launchInfo === offer.launchInfo)
        if (mediums === undefined) {
          informative++
          check(offer, 'an information source', spec.kind === 'information')
          const http = offer.launchInfo.view.http
          check(
            offer,
            'launch links',
            isDeepStrictEqual(offer.launchInfo, informationLaunchInfo(offer.sourceId, http)),
          )
        } else {
          consumable++
          const eager = launchInfoFor(spec, offer.sourceId)
          check(offer, 'launch links', isDeepStrictEqual(offer.launchInfo, eager))
          check(
            offer,
            'mediums',
            JSON.stringify(mediums) === JSON.stringify(mediumsFor(spec, offer.media, eager)),
          )
        }
      }
    }
    expect(wrong).toEqual([])
    expect(consumable).toBeGreaterThan(1000)
    expect(informative).toBeGreaterThan(1000)
  })
})
