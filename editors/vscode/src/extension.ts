import { workspace, type ExtensionContext } from 'vscode'
import { LanguageClient, TransportKind } from 'vscode-languageclient/node'
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node'
import { serverCommand } from './server-command'

// The VS Code client of `hql lsp --stdio`: highlighting and the language configuration come from the
// manifest; everything else (diagnostics, completion, hover, formatting, symbols) from the server.

let client: LanguageClient | undefined

export async function activate(context: ExtensionContext): Promise<void> {
  const settings = workspace.getConfiguration('hql')
  const folders = (workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath)
  const { command, args, cwd } = serverCommand(settings.get<string>('server.path'), folders)
  const executable = {
    command,
    args: [...args],
    transport: TransportKind.stdio,
    // A .cmd shim only starts through the shell on Windows.
    options: { ...(cwd === undefined ? {} : { cwd }), shell: process.platform === 'win32' },
  }
  const serverOptions: ServerOptions = { run: executable, debug: executable }
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'hql' }],
    // The server reads `hql.service` from here at start, and from didChangeConfiguration after.
    initializationOptions: { service: settings.get('service') ?? null },
    synchronize: { configurationSection: 'hql' },
  }
  client = new LanguageClient('hql', 'HQL language server', serverOptions, clientOptions)
  context.subscriptions.push({ dispose: () => void client?.stop() })
  // Restarting picks up a new server path; the service setting reaches the running server on its own.
  context.subscriptions.push(
    workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('hql.server.path')) void client?.restart()
    }),
  )
  await client.start()
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop()
}
