// The real `hql` process, run as users run it (bin/hql.js over the build, test/support/hql-bin.ts): what a user's shell sees,
// with stdout and stderr as pipes, the exit code, signals and the environment given.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { hqlBin } from '../support/hql-bin'

const root = fileURLToPath(new URL('../../', import.meta.url))

export interface Finished {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Starts `hql args…` in the repository root; `env` is added to a copy of this process's environment without
 * its HQL_ settings and NO_COLOR/FORCE_COLOR (the test's own shell must not change what it sees).
 */
export function start(args: readonly string[], env: Readonly<Record<string, string>> = {}): ChildProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('HQL_') && !name.endsWith('_COLOR')),
  )
  return spawn(process.execPath, [hqlBin, ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Runs `hql args…` to its end. */
export async function hqlProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<Finished> {
  const child = start(args, env)
  const { stdout, stderr } = collect(child)
  // 'close', not 'exit': a process can exit before its pipes are read to the end, and under load npm test saw
  // `hql check`'s stderr empty though the process had written three problems to it.
  const [code] = (await once(child, 'close')) as [number | null]
  return { code, stdout: stdout(), stderr: stderr() }
}

/** Accumulates what a child prints. */
export function collect(child: ChildProcess): { stdout: () => string; stderr: () => string } {
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk) => (stdout += String(chunk)))
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
  return { stdout: () => stdout, stderr: () => stderr }
}

/** Resolves with stdout so far once it contains `text`; rejects with stderr if the process ends first. */
export function waitFor(child: ChildProcess, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    const onData = (chunk: unknown) => {
      stdout += String(chunk)
      if (stdout.includes(text)) {
        child.stdout?.off('data', onData)
        resolve(stdout)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
    child.once('exit', (code) =>
      reject(new Error(`hql exited (${code}) before printing '${text}': ${stdout}${stderr}`)),
    )
  })
}

/** Stops a long-running `hql` (serve) as Ctrl-C would, and waits for its exit code. */
export async function interrupt(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode
  const exited = once(child, 'exit') as Promise<[number | null]>
  child.kill('SIGINT')
  const [code] = await exited
  return code
}
