import { ClientConfigError } from './errors'

/** Headers the client owns: the token it manages (and refreshes on 401) and the JSON it sends and reads. */
const OWN_HEADERS = new Set(['authorization', 'accept', 'content-type'])

// RFC 9110 §5.6.2: a header name is a token. A value must not break the header block (CR, LF, NUL).
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const BAD_VALUE = /[\r\n\0]/

const WHERE = ['hooks', 'beforeRequest'] as const

/** What one attempt sends besides the client's own request: extra headers, names lowercased, and a signal. */
export interface AttemptChanges {
  readonly headers: Readonly<Record<string, string>> | undefined
  readonly signal: AbortSignal | undefined
}

/**
 * Reads what a `beforeRequest` hook returned. Only a plain object is read, and only its `headers` and
 * `signal`: a hook written as `(info) => logger.info(info)` returns whatever the logger returns, and must keep
 * working. What is read is checked here, so that a bad header is a ClientConfigError naming it rather than a
 * TypeError from inside fetch that would pass for a network failure.
 */
export function readChanges(returned: unknown): AttemptChanges {
  if (!isPlainObject(returned)) return { headers: undefined, signal: undefined }
  const { headers, signal } = returned as { headers?: unknown; signal?: unknown }
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new ClientConfigError('a beforeRequest hook returned a signal that is no AbortSignal', [
      ...WHERE,
      'signal',
    ])
  return { headers: headers === undefined ? undefined : readHeaders(headers), signal }
}

function readHeaders(headers: unknown): Record<string, string> {
  if (!isPlainObject(headers))
    throw new ClientConfigError('expected headers as an object of strings', [...WHERE, 'headers'])
  const out: [string, string][] = []
  for (const [name, value] of Object.entries(headers)) {
    const at = [...WHERE, 'headers', name]
    const lower = name.toLowerCase()
    if (!HEADER_NAME.test(name)) throw new ClientConfigError('not a valid header name', at)
    if (typeof value !== 'string' || BAD_VALUE.test(value))
      throw new ClientConfigError('expected a string without line breaks', at)
    // Overriding them would break token refresh and redaction, or the JSON the client relies on.
    if (OWN_HEADERS.has(lower))
      throw new ClientConfigError(`${lower} is set by the client and cannot be changed by a hook`, at)
    out.push([lower, value])
  }
  // fromEntries defines each name as its own property: a `__proto__` header stays a header.
  return Object.fromEntries(out)
}

function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false
  const proto: unknown = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
