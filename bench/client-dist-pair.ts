// Two builds of the client core, side by side: the same memory fetch, old and new alternated in one process so
// that the machine's drift (±5–10 % on a shared box) falls on both. Keep a copy of the old build first.
// Run: cp -r dist /tmp/old-dist; (change, npm run build); npx tsx bench/client-dist-pair.ts /tmp/old-dist ./dist
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { coreLoop, memoryFetch } from './memory-pages'

interface Core {
  run(query: unknown): Promise<unknown>
  request(spec: { endpoint: string; body: unknown }): Promise<unknown>
}
interface Dist {
  hql: { explore(): { filter(f: unknown): { pageSize(n: number): { body: object } } } }
  returnType: { eq(value: string): unknown }
  createClient(options: object): Core
  staticTokenGrant(token: string): object
}

const PAGES = 50
const PAGE_SIZE = 20

/** The core loop of one build: the first page by `run`, each next by `request`, over a fetch from memory. */
async function coreLoopOf(dir: string): Promise<() => Promise<number>> {
  const dist = (await import(pathToFileURL(resolve(dir, 'index.js')).href)) as Dist
  const query = dist.hql.explore().filter(dist.returnType.eq('Movie')).pageSize(PAGE_SIZE)
  const fetch = memoryFetch(query.body, PAGES, PAGE_SIZE)
  return coreLoop(
    dist.createClient({ baseUrl: 'http://local', auth: dist.staticTokenGrant('t'), fetch }),
    query,
  )
}

const [oldDir, newDir] = process.argv.slice(2)
if (oldDir === undefined || newDir === undefined)
  throw new Error('usage: client-dist-pair.ts <old dist> <new dist>')
const loops = { old: await coreLoopOf(oldDir), new: await coreLoopOf(newDir) }
const times: Record<'old' | 'new', number[]> = { old: [], new: [] }
for (let round = 0; round < 80; round++)
  for (const name of round % 2 === 0 ? (['new', 'old'] as const) : (['old', 'new'] as const)) {
    const started = performance.now()
    if ((await loops[name]()) !== PAGES) throw new Error(`${name}: not ${PAGES} pages`)
    if (round >= 10) times[name].push(((performance.now() - started) * 1000) / PAGES)
  }
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!
const [oldUs, newUs] = [middle(times.old), middle(times.new)]
console.log(
  `old ${oldUs.toFixed(1)} µs/page | new ${newUs.toFixed(1)} µs/page | new/old ${(newUs / oldUs).toFixed(3)}x`,
)
