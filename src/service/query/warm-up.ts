import type { GraphIndex } from '../graph/graph-index'
import { DEMO } from '../demo'
import { answerQuery, type AnswerDeps, type GraphEndpoint } from './answer'
import { jsonBytes } from './json-text'

/** One request of the warm-up: what a client could send, built from the graph's own nodes. */
export interface WarmUpRequest {
  readonly endpoint: GraphEndpoint
  readonly body: Readonly<Record<string, unknown>>
}

const LEAVES = [{ name: 'primaryImage' }, { name: 'socialMetrics' }, { name: 'userSocial' }]

/**
 * Small requests that walk the engine's heavy paths: relate from users, a title and a contributor with
 * contributors asked for too (the worst request `bench/worst-request.ts` finds is a relate of heavy users),
 * silos of every seeded blueprint type, a filtered explore with an idsOrder and a random sort, and a lookup
 * with nested list components. Built from the graph, so that any catalog has them; a request whose nodes the
 * catalog lacks is left out.
 */
export function warmUpRequests(graph: GraphIndex): WarmUpRequest[] {
  const requests: WarmUpRequest[] = []
  // Users near the median of likes: enough to make the scoring loops hot, far from the worst one's cost.
  const users = graph.users.filter((u) => u.likes.length > 0).sort((a, b) => a.likes.length - b.likes.length)
  const middle = users.slice(Math.floor(users.length / 2), Math.floor(users.length / 2) + 2)
  const title = graph.media.find((m) => m.credits.length > 0 && m.traits.length > 0)
  const person = title?.credits[0]?.contributor
  const [trait, otherTrait] = graph.traits
  if (title === undefined || person === undefined || trait === undefined) return requests
  const titles = graph.media.slice(0, 5).map((m) => m.altId)
  requests.push({
    endpoint: 'relate',
    body: {
      factors: [
        ...middle.map((u) => ({ id: u.altId })),
        { id: title.altId },
        { id: person.altId, boostOnly: true },
      ],
      filters: { returnType: { $in: ['Movie', 'ShowSeries', 'Contributor'] } },
      pageSize: 20,
    },
  })
  requests.push({
    endpoint: 'silos',
    body: {
      blueprints: ['GraphLens', 'BasedOnItem', 'RecommendedForYou', 'ExploreGraphLens', 'Explore'].map(
        (type) => ({ type, filters: { traits: { $ne: trait.altId } } }),
      ),
      ids: titles,
      pageSize: 5,
      siloPageSize: 5,
    },
  })
  requests.push({
    endpoint: 'explore',
    body: {
      filters: {
        contributors: { $in: [person.altId] },
        traits: { $or: [{ $ne: (otherTrait ?? trait).altId }] },
      },
      sort: [{ type: 'idsOrder', ids: titles }, { type: 'random' }],
      pageSize: 5,
    },
  })
  requests.push({
    endpoint: 'lookup',
    body: {
      ids: titles,
      pageSize: 5,
      components: [
        ...LEAVES,
        {
          name: 'contributors',
          pageSize: 5,
          components: [
            ...LEAVES,
            { name: 'collections', pageSize: 5, components: [{ name: 'primaryOwner' }] },
          ],
        },
      ],
    },
  })
  return requests
}

const warmed = new WeakSet<GraphIndex>()

/** Whether {@link warmUp} has run over this graph in this process. */
export function isWarm(graph: GraphIndex): boolean {
  return warmed.has(graph)
}

/**
 * Answers {@link warmUpRequests} once per graph and process, before a service listens. The first heavy
 * request of a fresh process paid for everything done once: the engine compiling its hot functions, the
 * graph's lazy parts (relate's tie order, silos' lenses, per-feature title lists, fromJSON's generated
 * checks) and the collections that come with them. Measured (docs/security.md): 283–416 ms before, under the
 * 250 ms every later one keeps. Answers go through the same rendering as HTTP's (`'text'`, then bytes).
 * A failure here only leaves a path cold: it never stops a service from starting.
 */
export function warmUp(deps: AnswerDeps): void {
  if (warmed.has(deps.graph)) return
  warmed.add(deps.graph)
  for (const { endpoint, body } of warmUpRequests(deps.graph)) {
    try {
      jsonBytes(answerQuery(deps, endpoint, body, DEMO.username))
    } catch {
      // test/service/warm-up.test.ts checks that each of these is answered 200 over the sample catalog.
    }
  }
}
