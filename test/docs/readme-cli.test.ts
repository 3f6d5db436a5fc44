// The README's CLI block runs as written, from the repository's root: each `npx hql` line but `serve` (which
// runs until stopped) is run in process with its own words, `generate`'s output sent to a temporary file instead
// of into src/. A path or query name that the repository does not hold fails here, not in a new user's shell.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/program'
import { blocks, read, root } from './markdown'

const cliBlock = blocks('README.md', read('README.md')).find(
  (block) => block.lang === 'sh' && block.code.includes('npx hql check'),
)
const lines = (cliBlock?.code ?? '')
  .split('\n')
  .map((line) => (line.split(' #')[0] ?? '').trim())
  .filter((line) => line.startsWith('npx hql '))
  .map((line) => line.slice('npx hql '.length).split(/\s+/))

const out = mkdtempSync(join(tmpdir(), 'hql-readme-cli-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

async function cli(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io = {
    stdout: (text: string) => (stdout += text),
    stderr: (text: string) => (stderr += text),
    env: {},
    interactive: false,
    stopped: () => new Promise<void>(() => {}),
  }
  return { code: await runCli(args, io), stdout, stderr }
}

describe("the README's CLI lines", () => {
  it('are the four commands a new user tries first', () => {
    expect(process.cwd()).toBe(root.replace(/\/$/, ''))
    expect(lines.map((words) => words[0])).toEqual(['check', 'generate', 'run', 'serve'])
  })

  it.each(lines.filter((words) => words[0] !== 'serve').map((words) => [words.join(' '), words]))(
    'hql %s',
    async (_, words) => {
      const args = [...(words as string[])]
      const at = args.indexOf('--out')
      const outFile = join(out, 'queries.ts')
      if (at >= 0) args[at + 1] = outFile
      const { code, stdout, stderr } = await cli(args)
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
      if (args[0] === 'check') expect(stdout).toMatch(/^\d+ quer(y|ies) in \d+ files?: ok\n$/)
      if (args[0] === 'generate')
        expect(readFileSync(outFile, 'utf8')).toContain('export function moviesByContributor(')
      if (args[0] === 'run') expect(stdout).toMatch(/Movie/)
    },
    60_000,
  )
})
