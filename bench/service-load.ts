// The load generator of bench/service.bench.ts: a closed loop of keep-alive connections, each sending its
// next request on answer. Called in the servers' process (`load`), or run as a child process driven over IPC
// (a `LoadOrder` in, a `LoadResult` out), so that the servers' process does nothing but serve.
import { Agent, request } from 'node:http'

export interface LoadOrder {
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: string
  readonly ms: number
  readonly connections: number
}

export interface LoadResult {
  readonly requests: number
  readonly seconds: number
  readonly p50: number
  readonly p99: number
  readonly error?: string
}

export async function load(order: LoadOrder): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: order.connections })
  const target = new URL(order.url)
  const headers = { 'Content-Type': 'application/json', ...order.headers }
  const latencies: number[] = []
  const send = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const started = performance.now()
      const req = request(target, { method: 'POST', agent, headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${order.url}: status ${res.statusCode}`))
        res.resume()
        res.on('end', () => {
          latencies.push(performance.now() - started)
          resolve()
        })
      })
      req.on('error', reject)
      req.end(order.body)
    })
  // Warm-up (connections opened, code compiled on both sides), then the measured window.
  for (let i = 0; i < 30; i++) await send()
  latencies.length = 0
  const started = performance.now()
  const until = started + order.ms
  await Promise.all(
    Array.from({ length: order.connections }, async () => {
      while (performance.now() < until) await send()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN
  return { requests: latencies.length, seconds, p50: at(0.5), p99: at(0.99) }
}

if (process.send !== undefined)
  process.on('message', (order: LoadOrder) => {
    load(order).then(
      (result) => process.send?.(result),
      (error: unknown) =>
        process.send?.({ requests: 0, seconds: 0, p50: NaN, p99: NaN, error: String(error) } as LoadResult),
    )
  })
