// Paging memory stays bounded however many pages a run follows (issue 26): a client in a Node process with a
// 128 MB heap follows 1,000 pages of 1 MB each (a server whose next bodies are megabytes), without running out
// of memory and without its heap growing with the pages. The loop guard keeps a hash per request, not the
// request: it still stops a next that repeats an earlier one. Real HTTP on 127.0.0.1.
import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hash53, visitedRequests } from '../../src/client/paging/steps'
import { PagingLoopError } from '../../src/client'

const PAGES = 1_000
const PAD = 'x'.repeat(1 << 20)
const PAD_JSON = JSON.stringify(PAD)

let server: Server
let url = ''
let served = 0
beforeAll(async () => {
  // Keeps nothing of what it is sent: the parent's memory is not what the test is about.
  server = createServer((request, response) => {
    let head = ''
    request.on('data', (chunk: Buffer) => {
      if (head.length < 64) head += chunk.toString('latin1', 0, 64)
    })
    request.on('end', () => {
      const page = Number(/"page":(\d+)/.exec(head)?.[1] ?? 0)
      served++
      // The JSON of { content: [{ object, context: {} }], pagingInfo: { next } } written around the pad's JSON,
      // made once: this process shares the cores with the client, and stringifying a megabyte a page was most
      // of its work.
      const next =
        page + 1 < PAGES
          ? `{"endpoint":"/graph/explore","method":"POST","body":{"page":${page + 1},"pad":${PAD_JSON}}}`
          : 'null'
      const object = { mhid: `mhmov${String(page).padStart(39, '0')}`, name: `Movie ${page}`, releaseDate: 0 }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        `{"content":[{"object":${JSON.stringify(object)},"context":{}}],"pagingInfo":{"next":${next}}}`,
      )
    })
  })
  // A socket kept open between pages for as long as the child may run: at Node's 5 s, a child the load held
  // up that long between two pages wrote its next request to the socket the server had just closed (EPIPE, in
  // npm test beside 3 CPU burners and another npm test, load 25).
  server.keepAliveTimeout = CHILD_TIMEOUT_MS
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/**
 * How long the child may run: a guard against a hang, not a measure of speed. The run costs about a minute of
 * CPU (47 ms a page in the child, measured, and the server's share), which a loaded machine stretches: 240 s
 * was too little beside 3 CPU burners (load 13, the test alone), where the run takes some 7 minutes. The child's
 * client has it as its attempt's and call's limits too (not the defaults, 10 s and 30 s a page): the test is of
 * memory, not time.
 */
const CHILD_TIMEOUT_MS = 900_000

/**
 * Runs `code` in a Node process with a 128 MB heap; resolves with what it printed last. `hql` there is the built
 * package (the heavy tiers build it once), as an app loads it: no TypeScript loader in the child.
 */
function runSmallHeap(code: string): Promise<string> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ['--max-old-space-size=128', '--expose-gc', '--input-type=module', '-e', code],
      { cwd: root, timeout: CHILD_TIMEOUT_MS, maxBuffer: 1 << 20 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr.slice(-2000)}`)) : resolve(stdout.trim()),
    ),
  )
}

describe('paging memory', () => {
  const timeout = CHILD_TIMEOUT_MS + 60_000
  it(`follows ${PAGES} pages of 1 MB each in a 128 MB heap, without growing`, { timeout }, async () => {
    served = 0
    const out = await runSmallHeap(`
      import { createClient, hql, paging, returnType, staticTokenGrant } from 'hql'
      const client = createClient({ baseUrl: ${JSON.stringify(url)}, auth: staticTokenGrant('memory-test-token'),
        paging: paging(), timeoutMs: ${CHILD_TIMEOUT_MS}, totalTimeoutMs: ${CHILD_TIMEOUT_MS} })
      const heap = () => (globalThis.gc(), process.memoryUsage().heapUsed)
      let pages = 0, at100 = 0
      for await (const page of client.pages(hql.explore().filter(returnType.eq('Movie')), { maxPages: Infinity })) {
        if (++pages === 100) at100 = heap()
      }
      console.log(JSON.stringify({ pages, at100, atEnd: heap() }))
    `)
    const { pages, at100, atEnd } = JSON.parse(out.split('\n').at(-1)!) as Record<string, number>
    expect(pages).toBe(PAGES)
    expect(served).toBe(PAGES)
    // 900 more pages of 1 MB after the 100th: the heap holds the page in hand, not the ones before.
    expect(atEnd! - at100!).toBeLessThan(16 << 20)
  })

  it('the loop guard still stops a next that repeats an earlier request, whatever its key order', () => {
    const visit = visitedRequests()
    visit({ endpoint: '/graph/explore', method: 'POST', body: { page: 1, pad: PAD } })
    visit({ endpoint: '/graph/explore', method: 'POST', body: { page: 2, pad: PAD } })
    visit({ endpoint: '/graph/lookup', method: 'POST', body: { page: 1, pad: PAD } })
    expect(() => visit({ endpoint: '/graph/explore', method: 'POST', body: { pad: PAD, page: 1 } })).toThrow(
      PagingLoopError,
    )
  })

  it('hashes tell near-identical bodies apart', () => {
    const hashes = new Set(Array.from({ length: 100_000 }, (_, i) => hash53(`/graph/explore {"page":${i}}`)))
    expect(hashes.size).toBe(100_000)
    expect(hash53('ab')).not.toBe(hash53('ba'))
  })
})
