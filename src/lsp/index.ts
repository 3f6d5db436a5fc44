// The language server (Node): `hql lsp --stdio` starts it.
export { startLanguageServer } from './server'
