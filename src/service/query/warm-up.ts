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
 * Small requests that walk the paths of the heaviest requests `bench/worst-request.ts` finds: relate from a
 * user, a title and a contributor with contributors asked for too (the worst is a relate of 50 heavy users),
 * silos of every seeded blueprint type with seeds and filters, and a lookup with nested list components.
 * Explore is left out: none of its requests is among the heaviest, and each path warmed adds to start-up
 * (what each costs: docs/security.md). Built from the graph, so that any catalog has them; a catalog without
 * users, credits or traits gets none.
 */
export function warmUpRequests(graph: GraphIndex): WarmUpRequest[] {
  const requests: WarmUpRequest[] = []
  // A user near the median of likes: enough to compile the scoring loops, far from the worst one's cost.
  const users = graph.users.filter((u) => u.likes.length > 0).sort((a, b) => a.likes.length - b.likes.length)
  const middle = users.slice(Math.floor(users.length / 2), Math.floor(users.length / 2) + 1)
  const title = graph.media.find((m) => m.credits.length > 0 && m.traits.length > 0)
  const person = title?.credits[0]?.contributor
  const [trait] = graph.traits
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
      pageSize: 10,
    },
  })
  requests.push({
    endpoint: 'silos',
    body: {
      blueprints: ['GraphLens', 'BasedOnItem', 'RecommendedForYou', 'ExploreGraphLens', 'Explore'].map(
        (type) => ({ type, filters: { traits: { $ne: trait.altId } } }),
      ),
      ids: titles.slice(0, 2),
      pageSize: 5,
      siloPageSize: 5,
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
 * request of a fresh process paid for everything done once: the engine compiling the functions it runs,
 * fromJSON generating its checks for the endpoint, the graph's lazy parts (relate's tie order, silos' lenses,
 * per-feature title lists) and the collections that come with them; it took 2-3 times what every later one
 * takes (figures: docs/security.md). Answers go through the same rendering as HTTP's (`'text'`, then bytes).
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
