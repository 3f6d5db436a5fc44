// The params of the methods the hql language server answers, checked before the protocol library reads them:
// the library's own wrappers read `params.workDoneToken` or `params.position.line` first, so a request with
// `null` for params or a position failed inside them with an internal TypeError (-32603 "Cannot read
// properties of null"). Each check says what is wrong in the protocol's words, or undefined when the params
// will do. Methods not listed here take whatever the library takes.

type Check = (params: unknown) => string | undefined

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0
const isId = (value: unknown): boolean =>
  typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))

function position(value: unknown, at: string): string | undefined {
  if (!isObject(value) || !isCount(value.line) || !isCount(value.character))
    return `${at} must be { line, character }, two whole numbers of 0 or more`
  return undefined
}

function range(value: unknown, at: string): string | undefined {
  if (!isObject(value)) return `${at} must be { start, end }`
  return position(value.start, `${at}.start`) ?? position(value.end, `${at}.end`)
}

function documentId(params: unknown): string | undefined {
  if (!isObject(params)) return 'params must be an object'
  if (!isObject(params.textDocument) || typeof params.textDocument.uri !== 'string')
    return 'params.textDocument must be { uri } with a string uri'
  return undefined
}

const documentPosition: Check = (params) =>
  documentId(params) ?? position((params as Record<string, unknown>).position, 'params.position')

const object: Check = (params) => (isObject(params) ? undefined : 'params must be an object')

function didOpen(params: unknown): string | undefined {
  const problem = documentId(params)
  if (problem !== undefined) return problem
  const document = (params as { textDocument: Record<string, unknown> }).textDocument
  if (
    typeof document.text !== 'string' ||
    typeof document.languageId !== 'string' ||
    !isCount(document.version)
  )
    return 'params.textDocument must hold a string languageId and text, and a whole version'
  return undefined
}

function didChange(params: unknown): string | undefined {
  const problem = documentId(params)
  if (problem !== undefined) return problem
  const { textDocument, contentChanges } = params as Record<string, unknown> & {
    textDocument: Record<string, unknown>
  }
  if (!isCount(textDocument.version)) return 'params.textDocument.version must be a whole number'
  if (!Array.isArray(contentChanges)) return 'params.contentChanges must be a list'
  for (const [i, change] of contentChanges.entries()) {
    const at = `params.contentChanges[${i}]`
    if (!isObject(change) || typeof change.text !== 'string') return `${at} must hold a string text`
    if (change.range !== undefined) {
      const wrong = range(change.range, `${at}.range`)
      if (wrong !== undefined) return wrong
    }
  }
  return undefined
}

// vscode-jsonrpc reads `params.id.toString()` of a cancellation before any handler: one without an id ended
// the process.
const cancel: Check = (params) =>
  isObject(params) && isId(params.id) ? undefined : 'params must be { id }, an integer or a string'

// The library reads params.capabilities.workspace of an initialize (-32603 `Cannot read properties of
// undefined` without it), params.value of $/setTrace and params.token of $/progress.
const initialize: Check = (params) =>
  !isObject(params)
    ? 'params must be an object'
    : !isObject(params.capabilities)
      ? 'params.capabilities must be an object'
      : undefined
const setTrace: Check = (params) =>
  isObject(params) && typeof params.value === 'string' ? undefined : 'params must be { value }, a string'
const progress: Check = (params) =>
  isObject(params) && isId(params.token)
    ? undefined
    : 'params must be { token, value }, an integer or string token'

const checks: ReadonlyMap<string, Check> = new Map([
  ['$/cancelRequest', cancel],
  ['$/setTrace', setTrace],
  ['$/progress', progress],
  ['initialize', initialize],
  ['textDocument/completion', documentPosition],
  ['textDocument/hover', documentPosition],
  ['textDocument/definition', documentPosition],
  ['textDocument/formatting', documentId],
  ['textDocument/documentSymbol', documentId],
  ['textDocument/didOpen', didOpen],
  ['textDocument/didChange', didChange],
  ['textDocument/didClose', documentId],
  // Registered by TextDocuments.listen, which reads params.textDocument.uri of each.
  ['textDocument/willSave', documentId],
  ['textDocument/willSaveWaitUntil', documentId],
  ['textDocument/didSave', documentId],
  ['workspace/didChangeConfiguration', object],
])

/**
 * What is wrong with the params of `method`, or undefined when they will do (or the method is none the server
 * checks).
 *
 * @example
 * paramsProblem('textDocument/hover', { textDocument: { uri: 'file:///a.hql' }, position: null })
 * // 'params.position must be { line, character }, two whole numbers of 0 or more'
 */
export function paramsProblem(method: string, params: unknown): string | undefined {
  return checks.get(method)?.(params)
}
