import { existsSync } from 'node:fs'
import { join } from 'node:path'

// Which `hql` starts the language server. Kept apart from the vscode API so a test can run it in Node.

/** The command and arguments of `hql lsp --stdio`, and the folder to start it in. */
export interface ServerCommand {
  readonly command: string
  readonly args: readonly string[]
  readonly cwd: string | undefined
}

/**
 * `configured` (the `hql.server.path` setting) when set; else the first workspace folder's
 * `node_modules/.bin/hql` (the project's own version of the language, as `npx hql` would pick); else `hql` on
 * the PATH.
 */
export function serverCommand(
  configured: string | undefined,
  folders: readonly string[],
  platform: NodeJS.Platform = process.platform,
): ServerCommand {
  const args = ['lsp', '--stdio']
  const trimmed = configured?.trim() ?? ''
  if (trimmed !== '') return { command: trimmed, args, cwd: folders[0] }
  // npm writes a .cmd shim on Windows; the plain name is a shell script there.
  const bin = platform === 'win32' ? 'hql.cmd' : 'hql'
  for (const folder of folders) {
    const local = join(folder, 'node_modules', '.bin', bin)
    if (existsSync(local)) return { command: local, args, cwd: folder }
  }
  return { command: 'hql', args, cwd: folders[0] }
}
