// `hql` run in this process (runCli with captured output): the command line's behaviour without a child process.
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../../src/cli/program'

/** Runs `hql ...args`; its exit code and what it wrote. */
export async function hql(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: {},
    interactive: false,
    stopped: async () => {},
  })
  return { code, stdout, stderr }
}

/** A new empty directory under the system's temporary one. */
export const scratch = (): Promise<string> => mkdtemp(join(tmpdir(), 'hql-cli-'))
