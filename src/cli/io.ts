/** What a command may touch besides files: its output streams, the environment, and whether it talks to a person. */
export interface CliIo {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
  readonly env: Readonly<Record<string, string | undefined>>
  /** Whether stderr is a terminal (progress is shown only then). */
  readonly interactive: boolean
  /** Resolves when the user asks to stop (Ctrl-C); `serve` waits on it. */
  readonly stopped: () => Promise<void>
}

/** The exit codes of `hql`, documented in docs/cli.md and in `hql --help`. */
export const exitCodes = {
  /** Everything went well. */
  ok: 0,
  /** The input has problems: syntax or query errors, unformatted files (`fmt --check`), a stale file (`--check`). */
  problems: 1,
  /** The command line is wrong: unknown command or option, a missing argument, a malformed --param. */
  usage: 2,
  /** Running a query failed: network, authentication, or an error from the service. */
  service: 3,
  /** The machine refused: a port in use, a permission denied, a full or read-only disk. */
  environment: 4,
} as const

export const exitCodeHelp = `
Exit codes:
  0  success
  1  problems in the input: syntax or query errors, unformatted files (fmt --check), stale output (--check)
  2  usage error: unknown command or option, missing argument, malformed --param, a path that does not exist
  3  running a query failed: network, authentication, or an error from the service
  4  the machine refused: a port in use, a permission denied, a full or read-only disk`
