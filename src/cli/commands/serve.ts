import { serve } from '../../service'
import type { Service } from '../../service'
import type { CliIo } from '../io'
import { exitCodes } from '../io'
import { decimalOption } from '../params'
import { listenError } from '../system-errors'
import { connectRedis, RedisFlagError, type RedisConnection } from '../redis-connection'

/** `hql serve`: runs the reference service until interrupted, and prints the settings `hql run` reads. */
export async function serveCommand(
  io: CliIo,
  options: { port?: string; host?: string; redis?: string; redisKey?: string },
): Promise<number> {
  const port = options.port === undefined ? 0 : decimalOption(options.port)
  if (port === undefined || port > 65535) {
    io.stderr(`error: --port expects a port number (0-65535), got '${options.port}'\n`)
    return exitCodes.usage
  }
  const host = options.host ?? '127.0.0.1'
  let redis: RedisConnection | undefined
  if (options.redis !== undefined) {
    try {
      redis = await connectRedis(options.redis)
    } catch (error) {
      if (!(error instanceof RedisFlagError)) throw error
      io.stderr(`error: ${error.message}\n`)
      return error.kind === 'usage' ? exitCodes.usage : exitCodes.environment
    }
  }
  let service: Service
  try {
    const shared = redis && { redis: { client: redis.client, key: options.redisKey ?? 'hql:service' } }
    service = await serve({ port, host, ...shared }, (line) => io.stdout(`${line}\n`))
  } catch (error) {
    redis?.close()
    throw listenError(error, host, port) ?? error
  }
  if (redis !== undefined)
    io.stdout(
      `  fleet mode: tokens and rate windows in Redis at ${redis.where} (keys ${options.redisKey ?? 'hql:service'}:*)\n`,
    )
  io.stdout(pasteLines(service))
  await io.stopped()
  await service.close()
  redis?.close()
  return exitCodes.ok
}

/** The settings of `hql run` for this service, ready to paste into another shell. */
export function pasteLines(service: Pick<Service, 'baseUrl' | 'authUrl' | 'demo'>): string {
  const variables = [
    ['HQL_BASE_URL', service.baseUrl],
    // hql run derives it from the base URL (<base URL>/auth); written out for scripts that read it.
    ['HQL_AUTH_URL', service.authUrl],
    ['HQL_CLIENT_ID', service.demo.clientId],
    ['HQL_CLIENT_SECRET', service.demo.clientSecret],
    ['HQL_USERNAME', service.demo.username],
    ['HQL_PASSWORD', service.demo.password],
  ]
  const exports = variables.map(([name, value]) => `${name}=${shellQuote(value ?? '')}`).join(' ')
  return [
    '',
    'To run queries against it from another shell, paste:',
    `  export ${exports}`,
    '  hql run <file.hql> [--query name]',
    'Stop it with Ctrl-C.',
    '',
  ].join('\n')
}

/** A value as one shell word: bare when it is plain, else in single quotes (`[::1]` would be a glob). */
const shellQuote = (value: string) =>
  /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`
