// Every `hql …` / `npx hql …` line in the sh blocks of the README and docs/ names a subcommand and flags the CLI
// has: each line is held to `hql <subcommand> --help` as the CLI's own definition (src/cli/program.ts) prints it,
// so a renamed or dropped flag fails here rather than in a reader's shell.
import { describe, expect, test } from 'vitest'
import { runCli } from '../../src/cli/program'
import { blocks, docFiles } from './markdown'

interface CliLine {
  readonly where: string
  readonly subcommand: string
  readonly flags: readonly string[]
}

/** The `hql` command lines of a sh block's code, comments dropped. */
function cliLines(where: string, code: string): CliLine[] {
  return code.split('\n').flatMap((line) => {
    const words = (line.split(' #')[0] ?? '').trim().split(/\s+/)
    const at = words.indexOf('hql')
    if (at < 0 || (at > 0 && words[at - 1] !== 'npx')) return []
    const subcommand = words[at + 1] ?? ''
    const flags = words
      .slice(at + 2)
      .filter((w) => w.startsWith('-'))
      .map((w) => w.split('=')[0] ?? w)
    return [{ where, subcommand, flags }]
  })
}

/** What `hql <subcommand> --help` prints and its exit code, run in process. */
async function help(subcommand: string): Promise<{ code: number; text: string }> {
  let text = ''
  const io = {
    stdout: (t: string) => (text += t),
    stderr: (t: string) => (text += t),
    env: {},
    interactive: false,
    stopped: () => new Promise<void>(() => {}),
  }
  const code = await runCli([subcommand, '--help'], io)
  return { code, text }
}

/** The problems of one line: an unknown subcommand, or flags its help does not list. */
async function problems(line: CliLine): Promise<string[]> {
  if (!/^[a-z][\w-]*$/.test(line.subcommand)) return [`${line.where}: no subcommand`]
  const { code, text } = await help(line.subcommand)
  if (code !== 0 || !text.includes(`hql ${line.subcommand}`))
    return [`${line.where}: no subcommand ${line.subcommand}`]
  const listed = new Set(text.match(/(?<![\w-])--?[a-zA-Z][\w-]*/g) ?? [])
  return line.flags
    .filter((flag) => !listed.has(flag))
    .map((flag) => `${line.where}: ${line.subcommand} has no ${flag}`)
}

describe('hql command lines in the docs', () => {
  const lines = docFiles.flatMap((file) =>
    blocks(file)
      .filter((b) => b.lang === 'sh')
      .flatMap((b) => cliLines(`${b.file}:${b.line}`, b.code)),
  )

  test('name subcommands and flags the CLI has', async () => {
    expect(lines.length).toBeGreaterThan(5)
    const found = (await Promise.all(lines.map(problems))).flat()
    expect(found).toEqual([])
  })

  test('a line with an unknown subcommand or flag is caught', async () => {
    const wrong = cliLines(
      'sample',
      'npx hql serve --prot 8080\nhql lint catalog/\nnpx hql run q.hql -q x -z',
    )
    expect((await Promise.all(wrong.map(problems))).flat()).toEqual([
      'sample: serve has no --prot',
      'sample: no subcommand lint',
      'sample: run has no -z',
    ])
  })
})
