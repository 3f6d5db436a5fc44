// The app's own Redis client, seen through the one call both supported clients have for any command: hql
// imports neither package (it gains no dependency), and a raw command is the same in both.

/** A node-redis client (v4 and later: `createClient()` from `redis`), connected by the app. */
export interface NodeRedisLike {
  sendCommand(args: string[]): Promise<unknown>
}

/** An ioredis client (`new Redis()` from `ioredis`). */
export interface IoRedisLike {
  call(command: string, args: string[]): Promise<unknown>
}

/** The app's Redis client: node-redis or ioredis. hql sends it plain commands (EVALSHA, EVAL, SET). */
export type RedisClientLike = NodeRedisLike | IoRedisLike

/** Sends one command; resolves with the raw reply (null, a number, a string or an array of them). */
export type SendCommand = (args: readonly string[]) => Promise<unknown>

/** The one way hql talks to either client; undefined for a value that is neither. */
export function commandSender(client: RedisClientLike): SendCommand | undefined {
  if (typeof client !== 'object' || client === null) return undefined
  // ioredis also has a `sendCommand`, taking its own Command objects: test for its `call` first.
  if ('call' in client && typeof client.call === 'function') {
    const io = client
    return ([command, ...args]) => io.call(command!, args)
  }
  if ('sendCommand' in client && typeof client.sendCommand === 'function') {
    const node = client
    return (args) => node.sendCommand([...args])
  }
  return undefined
}
