import { serve } from '../../service'
import type { CliIo } from '../io'
import { exitCodes } from '../io'

/** `hql serve`: runs the reference service until interrupted. */
export async function serveCommand(io: CliIo, options: { port?: string; host?: string }): Promise<number> {
  const port = options.port === undefined ? 0 : Number(options.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr(`error: --port expects a port number (0-65535), got '${options.port}'\n`)
    return exitCodes.usage
  }
  const service = await serve(
    { port, ...(options.host === undefined ? {} : { host: options.host }) },
    (line) => io.stdout(`${line}\n`),
  )
  await io.stopped()
  await service.close()
  return exitCodes.ok
}
