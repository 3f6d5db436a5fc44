// The client's paging path alone (or the bench's raw loop), for CPU profiles of its per-page overhead: profile
// both and compare self times function by function.
// Run: node --import tsx --cpu-prof --cpu-prof-dir=/tmp/client-prof bench/client-profile.ts [strict|off|raw]
import { hql, returnType } from 'hql'
import { createClient, paging, recommended, staticTokenGrant, strictCheck } from '../src/client'
import { startFakeService } from '../test/client/fake-service'

const mode = process.argv[2] === 'off' || process.argv[2] === 'raw' ? process.argv[2] : 'strict'
const TOKEN = 'bench-token'
const service = await startFakeService({ items: 2_000, pageSize: 20 })
service.acceptAccessToken(TOKEN)
const validation = mode === 'off' ? 'off' : 'strict'
const client = createClient({
  baseUrl: service.url,
  auth: staticTokenGrant(TOKEN),
  check: validation === 'strict' ? strictCheck : undefined,
  paging: paging(),
  ...(process.argv[3] === 'recommended' ? recommended() : {}),
})
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(20)

async function raw(): Promise<void> {
  let next: { endpoint: string; body: unknown } | null = {
    endpoint: '/graph/explore',
    body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: 20 },
  }
  while (next !== null) {
    const response: Response = await fetch(`${service.url}${next.endpoint}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(next.body),
    })
    next = ((await response.json()) as { pagingInfo: { next: typeof next } }).pagingInfo.next
  }
}

const started = performance.now()
for (let round = 0; round < 60; round++)
  if (mode === 'raw') await raw()
  else for await (const _page of client.pages(query));
console.log(`${mode}: ${(((performance.now() - started) * 1000) / 6000).toFixed(1)} µs/page`)
await service.close()
