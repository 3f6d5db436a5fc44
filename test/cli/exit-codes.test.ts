import { describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { runCli } from '../../src/cli/program'
import { exitCodeHelp, exitCodes } from '../../src/cli/io'
import { pasteLines } from '../../src/cli/commands/serve'
import { DEMO } from '../../src/service'

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

describe('docs/cli.md', () => {
  const page = readFileSync('docs/cli.md', 'utf8')

  test('lists every exit code, as hql --help does', () => {
    const rows = [...page.matchAll(/^\| `(\d)` +\|/gm)].map((match) => Number(match[1]))
    expect(rows).toEqual(Object.values(exitCodes))
    for (const code of Object.values(exitCodes))
      expect(exitCodeHelp).toMatch(new RegExp(`^  ${code}  \\S`, 'm'))
  })

  test('shows the export line hql serve prints, as it prints it', () => {
    const baseUrl = 'http://127.0.0.1:8080'
    const printed = pasteLines({
      baseUrl,
      authUrl: `${baseUrl}/auth`,
      demo: DEMO,
    })
    const line = printed.split('\n').find((text) => text.includes('export '))
    expect(page).toContain(`\n${line!.trim()}\n`)
  })
})
