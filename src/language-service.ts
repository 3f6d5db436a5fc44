// hql/language: the language service over HQL text and the model, as pure functions (no protocol, no Node):
// diagnostics, completion, hover, formatting, document symbols and go-to-definition, with the ids a service
// knows when a reader is given. The language server (`hql lsp`) and the browser playground both run on it.
export {
  diagnose,
  complete,
  hover,
  resultTypeAt,
  formatDocument,
  documentSymbols,
  definitionAt,
  idIndex,
  noIds,
  readIds,
} from './language'
export type {
  Diagnostic,
  CompletionItem,
  CompletionKind,
  Hover,
  DocumentSymbol,
  IdEntry,
  IdProvider,
  IdReader,
  ReadIds,
} from './language'
