// A page the client hands back is held to what its list promised (issue 26; holes a review found in session
// 19). Real HTTP on 127.0.0.1.
import { describe, expect, it } from 'vitest'
import { hql, returnType } from 'hql'
import { createClient, InvalidResponseError, staticTokenGrant, type ResponseCheck } from '../../src/client'
import { movie } from './fake-service'
import { FAST, failure } from './helpers'
import { hostileServerForFile } from './hostile-server'

const server = hostileServerForFile()
const clientOf = (check: ResponseCheck | undefined) =>
  createClient({ baseUrl: server.url, auth: staticTokenGrant('token-of-promises'), ...FAST, check })

describe('a next body nested deeper than any query', () => {
  it('is an InvalidResponseError on a single step, as in a run, before any request', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000)
    const next = `{"endpoint":"/graph/explore","method":"POST","body":{"page":1,"x":${deep}}}`
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(`{"content":[${JSON.stringify(movie(0))}],"pagingInfo":{"next":${next},"previous":${next}}}`)
    })
    const client = clientOf(undefined)
    const first = await client.run(hql.explore().filter(returnType.eq('Movie')).pageSize(1))
    server.requests.length = 0
    for (const step of [client.next(first), client.previous(first)]) {
      const error = await failure(step)
      expect(error).toBeInstanceOf(InvalidResponseError)
      expect(error.message).toContain('nests too deep to follow')
    }
    const safe = await client.safeNext(first)
    expect(safe.error).toBeInstanceOf(InvalidResponseError)
    expect(server.requests).toHaveLength(0)
  })
})
