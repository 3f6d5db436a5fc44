import {
  CompletionItemKind,
  createConnection,
  ErrorCodes,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  StreamMessageWriter,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
  DiagnosticSeverity,
} from 'vscode-languageserver/node'
import type { CompletionItem, Connection, Diagnostic, InitializeResult } from 'vscode-languageserver/node'
import { TextDocument } from 'vscode-languageserver-textdocument'
import { complete, definitionAt, diagnose, documentSymbols, formatDocument, hover } from '../language'
import type { CompletionKind, IdProvider } from '../language'
import { ResilientMessageReader } from './framing'
import { IdSource } from './id-source'
import { ownValue } from './service-settings'

// `hql lsp --stdio`: the language service core behind the Language Server Protocol. The core works on
// offsets; TextDocument turns them into the protocol's line/character positions (UTF-16, as both count).

const kinds: Readonly<Record<CompletionKind, CompletionItemKind>> = {
  keyword: CompletionItemKind.Keyword,
  operator: CompletionItemKind.Operator,
  filter: CompletionItemKind.Field,
  type: CompletionItemKind.Class,
  id: CompletionItemKind.Value,
  component: CompletionItemKind.Property,
  sort: CompletionItemKind.EnumMember,
  blueprint: CompletionItemKind.Struct,
  param: CompletionItemKind.Variable,
  paramType: CompletionItemKind.TypeParameter,
  fragment: CompletionItemKind.Reference,
}

/**
 * Serves the protocol on stdin/stdout until the client exits; resolves when the connection closes. Messages are
 * read by ./framing.ts, which answers malformed ones itself and reads on.
 */
export function startLanguageServer(ids: IdProvider): Promise<void> {
  const writer = new StreamMessageWriter(process.stdout)
  const reader = new ResilientMessageReader(
    process.stdin,
    (answer) => void writer.write(answer),
    (problem) => process.stderr.write(`hql lsp: ${problem}\n`),
  )
  const connection = createConnection(ProposedFeatures.all, reader, writer)
  const closed = new Promise<void>((resolve) => connection.onExit(() => resolve()))
  serveLanguage(connection, ids)
  connection.listen()
  return closed
}

/**
 * A handler whose failures answer -32603 with the method's name only: the library would put the exception's
 * own text (`Cannot read properties of …`) in the answer. The text goes to stderr, the server's log.
 */
function guarded<P, R>(method: string, handler: (params: P) => R | Promise<R>): (params: P) => Promise<R> {
  return async (params) => {
    try {
      return await handler(params)
    } catch (error) {
      if (error instanceof ResponseError) throw error
      process.stderr.write(
        `hql lsp: ${method} failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      )
      throw new ResponseError(ErrorCodes.InternalError, `hql could not answer ${method}`)
    }
  }
}

function serveLanguage(connection: Connection, embedded: IdProvider): void {
  const documents = new TextDocuments(TextDocument)
  // Ids come from `hql.service` when it is set (initializationOptions, then didChangeConfiguration), else
  // from the embedded catalog. Secrets stay out of the log: IdSource logs keys and scrubbed errors only.
  const ids = new IdSource(embedded, {
    info: (message) => connection.console.info(message),
    warn: (message) => connection.console.warn(message),
  })
  const initializeResult: InitializeResult = {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      completionProvider: { triggerCharacters: ['$', '"', ' ', '{', ','] },
      hoverProvider: true,
      documentFormattingProvider: true,
      documentSymbolProvider: true,
      definitionProvider: true,
    },
    serverInfo: { name: 'hql' },
  }
  connection.onInitialize(
    guarded('initialize', (params) => {
      ids.configure(serviceSetting(params.initializationOptions))
      return initializeResult
    }),
  )
  connection.onDidChangeConfiguration(({ settings }) => {
    const hql = ownValue(settings, 'hql')
    if (hql !== undefined) ids.configure(ownValue(hql, 'service'))
  })

  const publish = (document: TextDocument) => {
    const diagnostics: Diagnostic[] = diagnose(document.getText(), document.uri).map((d) => ({
      range: { start: document.positionAt(d.start), end: document.positionAt(d.end) },
      severity: DiagnosticSeverity.Error,
      code: d.code,
      source: 'hql',
      message: d.message,
    }))
    void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics })
  }
  documents.onDidChangeContent((change) => publish(change.document))
  /**
   * Throws ContentModified (-32801) when `document` was edited or closed since a request read it at `version`:
   * an answer waiting on `hql.service` was computed on the text before the edit, and its ranges, turned into
   * positions of the text after it, pointed elsewhere (a completion's edit replaced part of `Movie`).
   */
  const unchangedSince = (document: TextDocument, version: number, method: string): void => {
    if (documents.get(document.uri) !== document || document.version !== version)
      throw new ResponseError(
        LSPErrorCodes.ContentModified,
        `the document changed while hql answered ${method}; ask again`,
      )
  }
  documents.onDidClose(
    (event) => void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] }),
  )

  connection.onCompletion(
    guarded('textDocument/completion', async ({ textDocument, position }): Promise<CompletionItem[]> => {
      const document = documents.get(textDocument.uri)
      if (!document) return []
      const { version } = document
      const text = document.getText()
      const offset = document.offsetAt(position)
      const items = await ids.completion((provider) => complete(text, offset, provider))
      unchangedSince(document, version, 'textDocument/completion')
      return items.map((item) => ({
        label: item.label,
        kind: kinds[item.kind],
        ...(item.detail === undefined ? {} : { detail: item.detail }),
        // Ids are found by name too: the client filters on filterText, which holds both.
        ...(item.kind === 'id' ? { filterText: `"${item.label} ${item.detail ?? ''}` } : {}),
        textEdit: {
          range: { start: document.positionAt(item.start), end: document.positionAt(item.end) },
          newText: item.insertText,
        },
      }))
    }),
  )

  connection.onHover(
    guarded('textDocument/hover', async ({ textDocument, position }) => {
      const document = documents.get(textDocument.uri)
      if (!document) return null
      const { version } = document
      const text = document.getText()
      const offset = document.offsetAt(position)
      const found = await ids.hover((provider) => hover(text, offset, provider))
      unchangedSince(document, version, 'textDocument/hover')
      if (!found) return null
      return {
        contents: { kind: 'markdown', value: found.markdown },
        range: { start: document.positionAt(found.start), end: document.positionAt(found.end) },
      }
    }),
  )

  connection.onDocumentFormatting(
    guarded('textDocument/formatting', ({ textDocument }) => {
      const document = documents.get(textDocument.uri)
      const formatted = document && formatDocument(document.getText())
      if (!document || formatted === undefined || formatted === document.getText()) return []
      const end = document.positionAt(document.getText().length)
      return [{ range: { start: { line: 0, character: 0 }, end }, newText: formatted }]
    }),
  )

  connection.onDefinition(
    guarded('textDocument/definition', ({ textDocument, position }) => {
      const document = documents.get(textDocument.uri)
      const found = document && definitionAt(document.getText(), document.offsetAt(position))
      if (!document || !found) return null
      const range = { start: document.positionAt(found.start), end: document.positionAt(found.end) }
      return { uri: textDocument.uri, range }
    }),
  )

  connection.onDocumentSymbol(
    guarded('textDocument/documentSymbol', ({ textDocument }) => {
      const document = documents.get(textDocument.uri)
      if (!document) return []
      return documentSymbols(document.getText()).map((symbol) => ({
        name: symbol.name,
        detail: symbol.detail,
        kind: SymbolKind.Function,
        range: { start: document.positionAt(symbol.start), end: document.positionAt(symbol.end) },
        selectionRange: {
          start: document.positionAt(symbol.nameStart),
          end: document.positionAt(symbol.nameEnd),
        },
      }))
    }),
  )

  documents.listen(connection)
}

/**
 * `hql.service` from initializationOptions: `{ service }` (what the VS Code extension sends) or
 * `{ hql: { service } }`.
 */
function serviceSetting(options: unknown): unknown {
  const hql = ownValue(options, 'hql')
  return hql !== undefined ? ownValue(hql, 'service') : ownValue(options, 'service')
}
