// How the CLI words Node's file and socket errors: path first, sorted into usage (2) and environment (4), and
// never Node's raw `ECODE: …, syscall 'path'` line.
import { describe, expect, it } from 'vitest'
import { systemError } from '../../src/cli/system-errors'

/** A Node system error as fs raises it. */
function nodeError(code: string, message: string, fields: { path?: string; syscall?: string } = {}) {
  return Object.assign(new Error(message), { code, ...fields })
}

describe('systemError', () => {
  it('names a missing path as the command line’s mistake', () => {
    const error = systemError(
      nodeError('ENOENT', "ENOENT: no such file or directory, open 'a.hql'", { path: 'a.hql' }),
    )
    expect([error?.code, error?.message]).toEqual(['usage', 'a.hql: no such file or directory'])
  })

  it('reads an EEXIST from mkdir as a file where a directory is expected, and any other EEXIST as the machine’s', () => {
    const mkdir = systemError(
      nodeError('EEXIST', "EEXIST: file already exists, mkdir 'q.hql'", { path: 'q.hql', syscall: 'mkdir' }),
    )
    expect([mkdir?.code, mkdir?.message]).toEqual(['usage', 'q.hql: a file where a directory is expected'])
    const link = systemError(
      nodeError('EEXIST', "EEXIST: file already exists, link 'a' -> 'b'", { path: 'a', syscall: 'link' }),
    )
    expect([link?.code, link?.message]).toEqual(['environment', 'a: file already exists (EEXIST)'])
  })

  it('gives any other system error exit 4 in Node’s words, without its code prefix and call', () => {
    const error = systemError(
      nodeError('EXDEV', "EXDEV: cross-device link not permitted, rename 'a' -> 'b'", {
        path: 'a',
        syscall: 'rename',
      }),
    )
    expect([error?.code, error?.message]).toEqual([
      'environment',
      'a: cross-device link not permitted (EXDEV)',
    ])
    // The path comes from the caller when Node's error has none (a read through a file handle).
    const io = systemError(nodeError('EIO', 'EIO: i/o error, read'), 'q.hql')
    expect(io?.message).toBe('q.hql: i/o error (EIO)')
  })

  it('leaves errors that are no system errors alone', () => {
    expect(systemError(new Error('boom'))).toBeUndefined()
    expect(systemError(Object.assign(new Error('x'), { code: 'ERR_INVALID_ARG_TYPE' }))).toBeUndefined()
    expect(systemError('ENOENT')).toBeUndefined()
  })
})
