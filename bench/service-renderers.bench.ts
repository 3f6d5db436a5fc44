// Issue 27: is the service's second renderer worth keeping? The HTTP answers are written by render-text.ts (each
// object's JSON text written straight from the graph) where the in-process engine builds plain objects
// (components.ts) that JSON.stringify writes: two renderers held to the same bytes by
// test/service/render-text.test.ts. The twin stays only at ≥ 1.5x on what users wait for: a request answered.
//
// Two measures, each case's figure the median of interleaved rounds (a round runs every case once, in a rotated
// order, so that machine noise falls on both forms alike):
// - the answer alone (fromJSON, the query, its JSON bytes), in this process, for the three requests of
//   bench:service: what the renderer changes, without the HTTP around it;
// - requests/s over HTTP: a node:http server answering with either form (the same graph, the same bytes), loaded
//   from a child process (bench/service-load.ts) at 8 keep-alive connections.
// Run: npx tsx bench/service-renderers.bench.ts (BENCH_MS per case per round, default 500; BENCH_ROUNDS, 7).
import { fork } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { graphFor } from '../src/service/graph/shared-graph'
import {
  answerQuery,
  type AnswerDeps,
  type AnswerForm,
  type GraphEndpoint,
} from '../src/service/query/answer'
import { DEFAULT_LIMITS } from '../src/service/query/context'
import { jsonBytes } from '../src/service/query/json-text'
import { defaultImage } from '../src/service/query/objects'
import type { LoadOrder, LoadResult } from './service-load'
import { benchExplore, benchLookup, benchRelate } from './service-requests'

const DURATION_MS = Number(process.env.BENCH_MS ?? 500)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const forms: readonly AnswerForm[] = ['text', 'objects']
const requests: readonly (readonly [GraphEndpoint, unknown])[] = [
  ['explore', benchExplore],
  ['lookup', benchLookup],
  ['relate', benchRelate],
]

const { graph } = graphFor(undefined, [{ username: 'demo', password: 'renderers', name: 'Demo User' }])
const image = defaultImage('http://127.0.0.1')
const deps: AnswerDeps = { graph, limits: DEFAULT_LIMITS, defaultImage: () => image }

/** The bytes the HTTP layer would send for a body, written by one form or the other. */
function answerBytes(endpoint: GraphEndpoint, json: unknown, form: AnswerForm): Buffer {
  const value = answerQuery(deps, endpoint, json, 'demo', form)
  return form === 'text' ? jsonBytes(value) : Buffer.from(JSON.stringify(value))
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

// Both forms must write the same bytes, or the comparison means nothing.
for (const [endpoint, body] of requests)
  if (!answerBytes(endpoint, body, 'text').equals(answerBytes(endpoint, body, 'objects')))
    throw new Error(`${endpoint}: the two forms differ`)

/** Microseconds per answer (fromJSON, query, bytes) of one form, over `ms`. */
function timeAnswer(endpoint: GraphEndpoint, body: unknown, form: AnswerForm, ms: number): number {
  const text = JSON.stringify(body)
  let count = 0
  const started = performance.now()
  while (performance.now() - started < ms) {
    answerBytes(endpoint, JSON.parse(text), form)
    count++
  }
  return ((performance.now() - started) * 1000) / count
}

const inProcess = new Map<string, number[]>()
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < requests.length * forms.length; k++) {
    const i = (k + round) % (requests.length * forms.length)
    const [endpoint, body] = requests[Math.floor(i / forms.length)] as (typeof requests)[number]
    const form = forms[i % forms.length] as AnswerForm
    const key = `${endpoint} ${form}`
    inProcess.set(key, [...(inProcess.get(key) ?? []), timeAnswer(endpoint, body, form, DURATION_MS / 2)])
  }

const server = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const [, form, endpoint] = (req.url ?? '').split('/') as [string, AnswerForm, GraphEndpoint]
    const bytes = answerBytes(endpoint, JSON.parse(Buffer.concat(chunks).toString('utf8')), form)
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': bytes.length })
    res.end(bytes)
  })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const child = fork(fileURLToPath(new URL('./service-load.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx'],
})
const run = (order: LoadOrder): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    child.once('message', (result: LoadResult) =>
      result.error === undefined ? resolve(result) : reject(new Error(result.error)),
    )
    child.send(order)
  })
const overHttp = new Map<string, number[]>()
for (let round = 0; round < ROUNDS; round++)
  for (let k = 0; k < requests.length * forms.length; k++) {
    const i = (k + round) % (requests.length * forms.length)
    const [endpoint, body] = requests[Math.floor(i / forms.length)] as (typeof requests)[number]
    const form = forms[i % forms.length] as AnswerForm
    const result = await run({
      url: `${base}/${form}/${endpoint}`,
      headers: {},
      body: JSON.stringify(body),
      ms: DURATION_MS,
      connections: 8,
    })
    const key = `${endpoint} ${form}`
    overHttp.set(key, [...(overHttp.get(key) ?? []), result.requests / result.seconds])
  }
child.kill()
server.close()

console.log(
  '| request | answer alone, text / objects (µs) | ratio | over HTTP, text / objects (req/s) | ratio |',
)
console.log('| --- | --- | --- | --- | --- |')
for (const [endpoint] of requests) {
  const [text, objects] = forms.map((form) => median(inProcess.get(`${endpoint} ${form}`) ?? []))
  const [textRps, objectsRps] = forms.map((form) => median(overHttp.get(`${endpoint} ${form}`) ?? []))
  console.log(
    `| ${endpoint} | ${text?.toFixed(0)} / ${objects?.toFixed(0)} | ${((objects ?? 0) / (text ?? 1)).toFixed(2)}x | ` +
      `${textRps?.toFixed(0)} / ${objectsRps?.toFixed(0)} | ${((textRps ?? 0) / (objectsRps ?? 1)).toFixed(2)}x |`,
  )
}
console.log('\nkeep the text renderer only at ≥ 1.5x over HTTP (what users wait for)')
