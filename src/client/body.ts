/**
 * The body as text, or undefined when it is longer than `limit` bytes: a declared Content-Length past the
 * limit is refused before a byte is read, and the body is counted as it streams in and dropped as soon as it
 * passes the limit (cancelling the stream closes the connection). One way for every body: reading a page whose
 * length binds it with `text()` instead saved nothing a page waits for (0.96–1.05x, session 19).
 */
export async function readText(response: Response, limit: number): Promise<string | undefined> {
  if (response.body === null) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  // A declared length past the limit is over it before the first read.
  let size = Number(response.headers.get('content-length')) > limit ? Infinity : 0
  for (;;) {
    if (size > limit) return void reader.cancel().catch(() => {})
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    text += decoder.decode(value, { stream: true })
  }
  return text + decoder.decode()
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
  // Not an Error (a string thrown), or one that says nothing: as JavaScript writes it.
  return parts.join(': ') || String(error)
}
