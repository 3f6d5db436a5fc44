// The service bench/worst-request.ts sends its requests to: a fresh process that starts the reference service
// with its defaults (rate limit off) and reports, over IPC, where it listens and how long createService took
// (catalog load, graph index, warm-up and listen: the time to a ready service).
import { createService } from '../src/service'

const started = performance.now()
const service = await createService({ rateLimit: false })
const readyMs = performance.now() - started
process.send?.({ baseUrl: service.baseUrl, authUrl: service.authUrl, demo: service.demo, readyMs })
process.on('disconnect', () => void service.close().then(() => process.exit(0)))
