// The client stops on its own against a server that never stops: endless distinct next links, endless empty
// pages, bodies that never end or announce a size past the limit. Real HTTP on 127.0.0.1, nothing mocked, but
// for the runs of a thousand pages and more: those count pages, which the transport has no part in, and over
// HTTP they took 6 s idle and past 120 s at load 30 (3 ms a page, most of it the round trip), so their pages
// come from the client's own `fetch` option, answered in this process (0.1 ms a page).
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  ClientConfigError,
  createClient,
  InvalidResponseError,
  LimitExceededError,
  PagingLoopError,
  staticTokenGrant,
} from '../../src/client'
import { hql } from 'hql'
import { maxResponseDepth } from '../../src/client/checks'
import { componentRoutes, nestedResponse, type ComponentRoute } from './deep-responses'
import { movie } from './fake-service'
import { FAST, drain, exploreMovies, nameOf, type Overrides } from './helpers'
import { hostileServerForFile, sendJson, streamEndlessly } from './hostile-server'

const server = hostileServerForFile()

const clientOf = (overrides: Overrides = {}) =>
  createClient({ baseUrl: server.url, auth: staticTokenGrant('token-of-limits'), ...FAST, ...overrides })

const pageOf = (body: string): number => {
  const page = (JSON.parse(body) as { page?: unknown }).page
  return typeof page === 'number' ? page : 0
}

/** The page answering `body`: `itemsOn(page)` movies, a next to the following page until `lastPage`. */
function pageAnswering(body: string, itemsOn: (page: number) => number, lastPage: number) {
  const page = pageOf(body)
  const next = { ...(JSON.parse(body) as object), page: page + 1 }
  return {
    content: Array.from({ length: itemsOn(page) }, (_, i) => movie(page * 10 + i)),
    pagingInfo: {
      next: page >= lastPage ? null : { endpoint: '/graph/explore', method: 'POST', body: next },
    },
  }
}

/** Pages of `itemsOn(page)` movies, each with a next to the following page until `lastPage` (never, by default). */
function servePages(itemsOn: (page: number) => number, lastPage = Infinity) {
  server.handle((request, res) => sendJson(res, 200, pageAnswering(request.body, itemsOn, lastPage)))
}

/**
 * The same pages of one movie each, answered by the client's `fetch` option in this process rather than over
 * HTTP; `sent` holds the body of each request, as `server.requests` would.
 */
function pagesInProcess(lastPage = Infinity) {
  const sent: string[] = []
  const fetch = async (_: string, init: RequestInit) => {
    const body = String(init.body)
    sent.push(body)
    const page = JSON.stringify(pageAnswering(body, () => 1, lastPage))
    return new Response(page, { status: 200, headers: { 'content-type': 'application/json' } })
  }
  return { sent, fetch }
}

describe('endless distinct next links', () => {
  it('pages() and items() with no bound stop at the default maxPages (1000) with an error to resume from', async () => {
    const endless = pagesInProcess()
    const pages = await drain(clientOf({ check: undefined, fetch: endless.fetch }).pages(exploreMovies(1)))
    expect(pages.items).toHaveLength(1000)
    expect(endless.sent).toHaveLength(1000)
    expect(pages.error).toBeInstanceOf(LimitExceededError)
    expect(pages.error).toMatchObject({ code: 'limit_exceeded', limit: 'maxPages', max: 1000 })
    expect((pages.error as Error).message).toContain('maxPages (1000)')
    // Nothing lost: resuming asks for the page after the last one yielded.
    expect((pages.error as LimitExceededError).resumeFrom?.body).toMatchObject({ page: 1000 })

    const again = pagesInProcess()
    const items = await drain(clientOf({ fetch: again.fetch }).items(exploreMovies(1)))
    expect(items.items).toHaveLength(1000)
    expect(items.error).toMatchObject({ limit: 'maxPages' })
    expect(again.sent).toHaveLength(1000)
    expect(server.requests).toHaveLength(0)
  })

  it('a finite maxItems bounds the run instead; maxPages: Infinity turns the default off', async () => {
    const endless = pagesInProcess(1200)
    const client = clientOf({ check: undefined, fetch: endless.fetch })
    const items = await drain(client.items(exploreMovies(1), { maxItems: 1100 }))
    expect(items.error).toBeUndefined()
    expect(items.items).toHaveLength(1100)

    endless.sent.length = 0
    const pages = await drain(client.pages(exploreMovies(1), { maxPages: Infinity }))
    expect(pages.error).toBeUndefined()
    expect(pages.items).toHaveLength(1201)
    expect(endless.sent).toHaveLength(1201)
  })

  it("the caller's own maxPages still stops quietly", async () => {
    servePages(() => 1)
    const pages = await drain(clientOf().pages(exploreMovies(1), { maxPages: 5 }))
    expect(pages.error).toBeUndefined()
    expect(pages.items).toHaveLength(5)
    expect(server.requests).toHaveLength(5)
  })

  it('refuses a maxPages that is not a whole number or Infinity', async () => {
    for (const maxPages of [-1, 1.5, Number.NaN, '3'])
      await expect(
        drain(clientOf().pages(exploreMovies(), { maxPages: maxPages as number })).then((r) => {
          throw r.error
        }),
      ).rejects.toBeInstanceOf(ClientConfigError)
    expect(server.requests).toHaveLength(0)
  })
})

describe('a next nested too deep', () => {
  it('is refused with an InvalidResponseError, not a stack overflow', async () => {
    const depth = 100_000
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        `{"content":[],"pagingInfo":{"next":{"endpoint":"/graph/explore","method":"POST","body":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}}}`,
      )
    })
    const { error } = await drain(clientOf({ check: undefined }).pages(exploreMovies()))
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as Error).message).toBe('$.pagingInfo.next.body: nests too deep to follow')
    expect(server.requests).toHaveLength(1)
  })
})

describe('endless empty pages', () => {
  it('collect({ maxItems }) stops after 10 empty pages in a row that still have a next', async () => {
    servePages(() => 0)
    const error = await clientOf()
      .collect(exploreMovies(), { maxItems: 5 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PagingLoopError)
    expect(error).toMatchObject({ code: 'paging_loop' })
    expect((error as Error).message).toContain('10 pages in a row were empty')
    expect(server.requests).toHaveLength(10)
    expect((error as PagingLoopError).resumeFrom?.body).toMatchObject({ page: 10 })
  })

  it('pages() stops the same way; a run broken by a page with items starts again', async () => {
    servePages(() => 0)
    const stalled = await drain(clientOf().pages(exploreMovies(), { maxPages: Infinity }))
    expect(stalled.items).toHaveLength(10)
    expect(stalled.error).toBeInstanceOf(PagingLoopError)

    // Nine empty pages, one item, nine empty pages, one item, then the end: never ten in a row.
    servePages((page) => (page % 10 === 9 ? 1 : 0), 19)
    const items = await drain(clientOf().items(exploreMovies()))
    expect(items.error).toBeUndefined()
    expect(items.items.map(nameOf)).toEqual(['Movie 90', 'Movie 190'])
  })
})

describe('maxResponseBytes', () => {
  const GiB = 1 << 30

  it('drops a body that never ends as soon as it passes the limit: the server sees the connection closed', async () => {
    let sent: Promise<{ written: number; closedByClient: boolean }> | undefined
    server.handle((_, res) => (sent = streamEndlessly(res, {}, GiB)))
    const limit = 256 * 1024
    const error = await clientOf({ maxResponseBytes: limit })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LimitExceededError)
    expect(error).toMatchObject({ code: 'limit_exceeded', limit: 'maxResponseBytes', max: limit })
    expect((error as Error).message).toBe('the response exceeds maxResponseBytes (262144)')
    const { written, closedByClient } = await sent!
    if (process.env.HQL_PRINT_FIGURES) console.log(`limit ${limit}: the server wrote ${written} bytes`)
    expect(closedByClient).toBe(true)
    // What the socket buffers hold on top of what the client read: a few MB at most, never the gigabyte.
    expect(written).toBeLessThan(limit + 16 * 1024 * 1024)
    expect(server.requests).toHaveLength(1) // not retried
  })

  it('the default (8 MiB) stops a body that never ends too', async () => {
    let sent: Promise<{ written: number; closedByClient: boolean }> | undefined
    server.handle((_, res) => (sent = streamEndlessly(res, {}, GiB)))
    const error = await clientOf()
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ limit: 'maxResponseBytes', max: 8 * 1024 * 1024 })
    const { written, closedByClient } = await sent!
    if (process.env.HQL_PRINT_FIGURES) console.log(`default limit: the server wrote ${written} bytes`)
    expect(closedByClient).toBe(true)
    expect(written).toBeGreaterThanOrEqual(8 * 1024 * 1024)
    expect(written).toBeLessThan(8 * 1024 * 1024 + 16 * 1024 * 1024)
  })

  it('refuses a Content-Length past the limit before reading, error statuses included (not retried)', async () => {
    let sent: Promise<{ written: number; closedByClient: boolean }> | undefined
    server.handle((_, res) => (sent = streamEndlessly(res, { 'content-length': GiB }, GiB)))
    const error = await clientOf({ maxResponseBytes: 1024 * 1024 })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ limit: 'maxResponseBytes', max: 1024 * 1024 })
    expect((await sent!).closedByClient).toBe(true)

    server.requests.length = 0
    server.handle((_, res) => {
      res.writeHead(500, { 'content-type': 'application/json', 'content-length': 2048 })
      res.end(`{"error":"${'e'.repeat(2048 - 12)}"}`)
    })
    const failed = await clientOf({ maxResponseBytes: 2047 })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(failed).toMatchObject({ limit: 'maxResponseBytes', max: 2047 })
    expect(server.requests).toHaveLength(1)
  })

  it('counts bytes as received (UTF-8), and a body of exactly the limit passes', async () => {
    const body = JSON.stringify({
      content: [{ ...movie(1), object: { ...movie(1).object, name: 'é'.repeat(500) } }],
      pagingInfo: { next: null },
    })
    const bytes = Buffer.byteLength(body)
    expect(bytes).toBeGreaterThan(body.length)
    server.handle((_, res) => {
      // Chunked, without a Content-Length: only counting while reading can tell.
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const page = await clientOf({ maxResponseBytes: bytes }).run(exploreMovies())
    expect(page.content[0]?.object.name).toBe('é'.repeat(500))
    const error = await clientOf({ maxResponseBytes: bytes - 1 })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ limit: 'maxResponseBytes' })
    const alsoTooLong = await clientOf({ maxResponseBytes: body.length })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(alsoTooLong).toMatchObject({ limit: 'maxResponseBytes' })
  })

  it('counts an inflated body, not its Content-Length: a small gzip of a large page is refused', async () => {
    // 4 MiB of spaces compress to a few KB: the declared length is no bound on what fetch hands the client.
    const inflated = `{"content":[],"pagingInfo":{"next":null}}${' '.repeat(4 * 1024 * 1024)}`
    const compressed = gzipSync(inflated)
    server.handle((_, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': compressed.length,
      })
      res.end(compressed)
    })
    const error = await clientOf({ maxResponseBytes: 64 * 1024 })
      .run(exploreMovies())
      .catch((e: unknown) => e)
    expect(compressed.length).toBeLessThan(64 * 1024)
    expect(error).toMatchObject({ limit: 'maxResponseBytes', max: 64 * 1024 })
    const page = await clientOf({ maxResponseBytes: 8 * 1024 * 1024 }).run(exploreMovies())
    expect(page.content).toEqual([])
  })

  it('applies to the token endpoint as well', async () => {
    let sent: Promise<{ written: number; closedByClient: boolean }> | undefined
    server.handle((_, res) => (sent = streamEndlessly(res, {}, GiB)))
    const { passwordGrant } = await import('../../src/client')
    const client = clientOf({
      maxResponseBytes: 64 * 1024,
      auth: passwordGrant({
        authUrl: server.url,
        clientId: 'id',
        clientSecret: 'secret-of-limits',
        username: 'u',
        password: 'pw-of-limits',
      }),
    })
    const error = await client.run(exploreMovies()).catch((e: unknown) => e)
    expect(error).toMatchObject({ limit: 'maxResponseBytes', request: { kind: 'token' } })
    expect((await sent!).closedByClient).toBe(true)
  })

  it('refuses a maxResponseBytes that is not a whole number or Infinity', () => {
    expect(() => clientOf({ maxResponseBytes: -1 })).toThrow('$.maxResponseBytes')
    expect(() => clientOf({ maxResponseBytes: 1.5 })).toThrow(ClientConfigError)
    expect(() => clientOf({ maxResponseBytes: Infinity })).not.toThrow()
  })
})

describe('a response nested too deep through its components', () => {
  const serve = (body: string) =>
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })

  it.each(Object.keys(componentRoutes) as ComponentRoute[])(
    '%s, 3,000 objects deep: an InvalidResponseError with the path, not a stack overflow',
    async (route) => {
      const body = nestedResponse(route, 3000)
      serve(body)
      const error = await clientOf()
        .run(hql.lookup('mhmov-a'))
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InvalidResponseError)
      const { path, message } = error as InvalidResponseError
      expect(path).toHaveLength(maxResponseDepth)
      expect(path.slice(0, 4)).toEqual(['content', 0, 'object', route])
      expect(message).toMatch(/: the lookup response nests more than 256 levels deep$/)
      expect(body.length).toBeGreaterThan(250_000)
    },
  )

  it('the limit is 256 levels: a Collection 63 collections down passes, 64 down does not', async () => {
    // The innermost object of n nested collections sits at level 3 + 4n.
    serve(nestedResponse('items', 63))
    const page = await clientOf().run(hql.lookup('mhcol-a'))
    expect(page.content).toHaveLength(1)
    serve(nestedResponse('items', 64))
    const error = await clientOf()
      .run(hql.lookup('mhcol-a'))
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'invalid_response', path: { length: 256 } })
  })
})
