// The HQL language service: diagnostics, completion, hover, formatting and document symbols over text and the
// model. No Node imports: the language server (src/lsp) and the browser playground share it.
export { diagnose } from './diagnostics'
export type { Diagnostic } from './diagnostics'
export { complete } from './completion'
export type { CompletionItem, CompletionKind } from './completion'
export type { GivenFragment } from './fragments'
export { hover, resultTypeAt } from './hover'
export type { Hover } from './hover'
export { formatDocument } from './format'
export { documentSymbols } from './symbols'
export type { DocumentSymbol } from './symbols'
export { idIndex, noIds } from './ids'
export type { IdEntry, IdProvider } from './ids'
export { idTypes, listedEntry, readIds } from './read-ids'
export type { IdReader, ReadIds } from './read-ids'
export { definitionAt } from './definition'
// The filter helpers' names, for the TypeScript plugin's ranking of completions after `.filter(`.
export { filterNames } from '../model/vocabulary'
