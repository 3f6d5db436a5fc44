import { startFakeService } from '../test/client/fake-service'
const service = await startFakeService({ items: 2000, pageSize: 20 })
service.acceptAccessToken('t')
async function loop(mode: string) {
  let req: any = { endpoint: '/graph/explore', body: { filters: { returnType: { $eq: 'Movie' } }, pageSize: 20 } }
  let pages = 0
  while (req) {
    const init: RequestInit = { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(req.body) }
    if (mode === 'manual') init.redirect = 'manual'
    const r = await fetch(service.url + req.endpoint, init)
    const p: any = mode === 'text' ? JSON.parse(await r.text()) : await r.json(); pages++; req = p.pagingInfo.next
  }
  return pages
}
const modes = ['none', 'manual', 'text']
const t: Record<string, number[]> = Object.fromEntries(modes.map((m) => [m, []]))
for (let round = 0; round < 18; round++) for (let i = 0; i < modes.length; i++) {
  const m = modes[(i + round) % modes.length]!
  const s = performance.now(); const n = await loop(m); if (round >= 3) t[m]!.push((performance.now() - s) * 1000 / n)
}
const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!
for (const m of modes) console.log(m, med(t[m]!).toFixed(0), (med(t[m]!) / med(t['none']!)).toFixed(2))
await service.close()
