import { describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/program'

describe('hql exit codes for a wrong command line', () => {
  test.each([
    [
      'a folder where a file is expected',
      ['compile', 'examples/catalog'],
      'a directory where a file is expected',
    ],
    ['a file that does not exist', ['compile', 'examples/catalog/nope.hql'], 'no such file or directory'],
    ['a folder that does not exist', ['check', 'nope/'], 'no such file or directory'],
  ])('%s is a usage error (2), reported on stderr with its path', async (_, args, reason) => {
    let stderr = ''
    const code = await runCli(args, {
      stdout: () => {},
      stderr: (text) => (stderr += text),
      env: {},
      interactive: false,
      stopped: async () => {},
    })
    expect(code).toBe(2)
    expect(stderr).toBe(`error: ${args[1]}: ${reason}\n`)
  })
})
