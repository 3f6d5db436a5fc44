import { readFile } from 'node:fs/promises'
import { decodeUtf8 } from '../catalog'
import { HqlError } from '../model'

// Node's file and socket errors read `ENOENT: no such file or directory, stat 'nope/'`: the CLI says the same
// thing the way its other errors read, path first, and sorts them by exit code: a path that does not exist is
// the command line's mistake (usage), a refusal of the machine is the environment's.

const usage: ReadonlyMap<string, string> = new Map([
  ['ENOENT', 'no such file or directory'],
  ['ENOTDIR', 'a part of the path is not a directory'],
  ['EISDIR', 'a directory where a file is expected'],
])

const environment: ReadonlyMap<string, string> = new Map([
  ['EACCES', 'permission denied'],
  ['EPERM', 'operation not permitted'],
  ['EROFS', 'read-only file system'],
  ['ENOSPC', 'no space left on the device'],
  ['EMFILE', 'too many open files'],
  ['EBUSY', 'busy'],
])

/**
 * A typed `usage` or `environment` HqlError for a Node system error (an `E…` code), naming its path; undefined
 * for anything else. `fallbackPath` names the path when Node's error does not (a read through a file handle).
 */
export function systemError(error: unknown, fallbackPath?: string): HqlError | undefined {
  if (!(error instanceof Error)) return undefined
  const { code, path } = error as NodeJS.ErrnoException
  if (typeof code !== 'string') return undefined
  const where = path ?? fallbackPath
  const say = (what: string) => (where === undefined ? what : `${where}: ${what}`)
  const mistake = usage.get(code)
  if (mistake !== undefined) return new HqlError('usage', say(mistake), { cause: error })
  // mkdir of an --out whose folder is a file: the command line's mistake, as ENOTDIR is.
  if (code === 'EEXIST' && (error as NodeJS.ErrnoException).syscall === 'mkdir')
    return new HqlError('usage', say('a file where a directory is expected'), { cause: error })
  const refusal = environment.get(code)
  if (refusal !== undefined) return new HqlError('environment', say(refusal), { cause: error })
  // Any other system error is the machine's, not the input's: exit 4 with the path, in Node's words without its
  // code and call (`EXDEV: cross-device link not permitted, rename 'a' -> 'b'`).
  if (/^E[A-Z0-9]+$/.test(code)) {
    const words = error.message.replace(/^E[A-Z0-9]+: /, '').replace(/, \w+( '.*)?$/s, '')
    return new HqlError('environment', say(`${words} (${code})`), { cause: error })
  }
  return undefined
}

/**
 * Why the service could not listen on `host:port`, as an `environment` error that says what to do; undefined
 * for an error that is not about listening.
 */
export function listenError(error: unknown, host: string, port: number): HqlError | undefined {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined
  const at = `${host}:${port}`
  const reason =
    code === 'EADDRINUSE'
      ? `port ${port} on ${host} is in use; choose another with --port, or --port 0 for a free one`
      : code === 'EACCES' || code === 'EPERM'
        ? `listening on ${at} is not permitted; ports below 1024 need privileges: choose another with --port`
        : code === 'EADDRNOTAVAIL'
          ? `${host} is not an address of this machine; choose another with --host`
          : undefined
  return reason === undefined ? undefined : new HqlError('environment', reason, { cause: error })
}

/**
 * Reads a UTF-8 text file; a failure names the path (Node's EISDIR does not), and a file that is not UTF-8 is
 * an HqlSyntaxError at its first bad byte (never read with U+FFFD in its place).
 */
export async function readTextFile(path: string): Promise<string> {
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw systemError(error, path) ?? error
  }
  const { text, error } = decodeUtf8(bytes, path)
  if (error !== undefined) throw error
  return text
}
