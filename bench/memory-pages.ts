// What bench/client-cpu.bench.ts and bench/client-dist-pair.ts share: pages of movies answered from memory (no
// network, so a change to the client's own per-page work shows), and the client core's loop over them.
import { movie } from '../test/client/fake-service'

/** A page as the loops read it. */
export interface MemoryPage {
  readonly pagingInfo: { readonly next: { readonly endpoint: string; readonly body: unknown } | null }
}

/**
 * A fetch answering `pages` pages of `pageSize` movies: page n for a body whose `page` is n (none: 0), each a fresh
 * Response of prebuilt text whose next asks `body` at page n + 1, the last with no next.
 */
export function memoryFetch(
  body: object,
  pages: number,
  pageSize: number,
): (url: string, init: RequestInit) => Promise<Response> {
  const texts = Array.from({ length: pages }, (_, n) =>
    JSON.stringify({
      content: Array.from({ length: pageSize }, (_, i) => movie(n * pageSize + i)),
      pagingInfo: {
        next:
          n + 1 < pages
            ? { endpoint: '/graph/explore', method: 'POST', body: { ...body, page: n + 1 } }
            : null,
      },
    }),
  )
  const headers = { 'content-type': 'application/json' }
  return async (_url, init) => {
    const page = (JSON.parse(init.body as string) as { page?: number }).page ?? 0
    return new Response(texts[page]!, { status: 200, headers })
  }
}

/** The client core's loop (no paging piece): the first page by `run`, each next by `request`; counts the pages. */
export function coreLoop(
  client: {
    run(query: never): Promise<unknown>
    request(spec: { endpoint: string; body: unknown }): Promise<unknown>
  },
  query: unknown,
): () => Promise<number> {
  return async () => {
    let page = (await client.run(query as never)) as MemoryPage
    let pages = 1
    for (; page.pagingInfo.next !== null; pages++)
      page = (await client.request(page.pagingInfo.next)) as MemoryPage
    return pages
  }
}
