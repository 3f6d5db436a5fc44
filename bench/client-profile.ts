// The client's paging path alone, for a CPU profile of its per-page overhead (no raw loop to compare with).
// Run: node --import tsx --cpu-prof --cpu-prof-dir=/tmp/client-prof bench/client-profile.ts [strict|off]
import { hql, returnType } from 'hql'
import { createClient, staticTokenGrant } from '../src/client'
import { startFakeService } from '../test/client/fake-service'

const validation = process.argv[2] === 'off' ? 'off' : 'strict'
const service = await startFakeService({ items: 2_000, pageSize: 20 })
service.acceptAccessToken('bench-token')
const client = createClient({ baseUrl: service.url, auth: staticTokenGrant('bench-token'), validation })
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(20)
for (let round = 0; round < 60; round++) for await (const _page of client.pages(query));
await service.close()
