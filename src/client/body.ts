/**
 * The body as text, or undefined when it is longer than `limit` bytes: a declared Content-Length past the
 * limit is refused before a byte is read, and a body without one is counted as it streams in and dropped as
 * soon as it passes the limit (cancelling the stream closes the connection).
 */
export async function readText(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return ''
  const length = response.headers.get('content-length')
  if (Number(length) > limit) return void response.body.cancel().catch(() => {})
  // A length the transport holds the body to is read in one go: the chunk loop costs promises per chunk.
  if (length !== null && lengthBindsBody(response, length)) return response.text()
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let size = 0
  for (;;) {
    if (size > limit) return void reader.cancel().catch(() => {})
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
}

/**
 * Whether fetch delivers at most Content-Length bytes of this body (a longer body is cut off, a shorter one
 * fails). Not for a compressed body, which fetch inflates (a few KB of gzip can become gigabytes), nor for a
 * cross-origin response in a browser, whose Content-Encoding a page may not be allowed to see: those are
 * counted as they stream in.
 */
function lengthBindsBody(response: Response, length: string): boolean {
  // 'default' is Node's (undici's) type, 'basic' a same-origin browser response: every header is visible.
  return (
    /^\d{1,15}$/.test(length) &&
    /^(?:default|basic)$/.test(response.type) &&
    /^(?:identity)?$/i.test(response.headers.get('content-encoding')?.trim() ?? '')
  )
}

/** JSON.parse, or undefined for text that is not JSON (JSON.parse never gives undefined itself). */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** The message of a fetch failure and of its cause (undici puts the socket error there), as plain text. */
export function describeFailure(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; depth < 3 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message)
    current = current.cause
  }
  return parts.length > 0 ? parts.join(': ') : String(error)
}
