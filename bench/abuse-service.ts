// The service bench/abuse.bench.ts attacks: a fresh process running createService with the options it is sent
// (JSON in argv[2]), and an event-loop delay monitor whose figures it reports on request, over IPC.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createService, type ServiceOptions } from '../src/service'

const options = JSON.parse(process.argv[2] ?? '{}') as ServiceOptions
const service = await createService(options)
// 10 ms resolution: a stall of the event loop shows as a delay of the monitor's timer, to within 10 ms.
const delay = monitorEventLoopDelay({ resolution: 10 })
delay.enable()
process.on('message', (message) => {
  if (message === 'reset') {
    delay.reset()
    process.send?.({ reset: true })
  } else if (message === 'delay')
    process.send?.({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, meanMs: delay.mean / 1e6 })
})
process.send?.({ baseUrl: service.baseUrl, authUrl: service.authUrl })
process.on('disconnect', () => void service.close().then(() => process.exit(0)))
