import { describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/program'

describe('hql exit codes for a wrong command line', () => {
  test.each([
    ['a folder where a file is expected', ['compile', 'examples/catalog']],
    ['a file that does not exist', ['compile', 'examples/catalog/nope.hql']],
  ])('%s is a usage error (2), reported on stderr', async (_, args) => {
    let stderr = ''
    const code = await runCli(args, {
      stdout: () => {},
      stderr: (text) => (stderr += text),
      env: {},
      interactive: false,
      stopped: async () => {},
    })
    expect(code).toBe(2)
    expect(stderr).toMatch(/^error: .*(EISDIR|nope\.hql)/)
  })
})
