// The graph worker's thread outlives the last service using it by 30 s (src/service/query/graph-worker.ts), so that
// a test suite's next service finds it built; it must never hold the process for that. A child process of the
// built package sends one costly request (a body over 8 KiB starts the thread), closes its service, and sets an
// unref'd 20 s timer that prints `held`: the timer can only fire in a process something else keeps alive.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const dist = new URL('../../dist/', import.meta.url)

// A file, not `node -e`: a process evaluating its code from -e exited even while the thread held it.
const child = `
import { createService } from '${new URL('service.js', dist).href}'
import { createClient, passwordGrant } from '${new URL('index.js', dist).href}'
const service = await createService()
const client = createClient({ baseUrl: service.baseUrl, auth: passwordGrant({ authUrl: service.authUrl, ...service.demo }) })
const ids = Array.from({ length: 600 }, () => 'mhmov-gladiator')
const answer = await client.request({ endpoint: '/graph/lookup', method: 'POST', body: { ids } })
console.log('answered', Array.isArray(answer?.content) ? answer.content.length : typeof answer)
await service.close()
setTimeout(() => console.log('held'), 20_000).unref()
`

describe('the graph worker thread', () => {
  it('does not keep a process alive once its service is closed, though it lingers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hql-graph-worker-exit-'))
    try {
      writeFileSync(join(dir, 'child.mjs'), child)
      const out = execFileSync(process.execPath, [join(dir, 'child.mjs')], { encoding: 'utf8' })
      expect(out).toMatch(/^answered 20$/m)
      expect(out).not.toContain('held')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
