const REDACTED = '[redacted]'

/**
 * Keys whose values are secrets wherever they appear: token responses, forms, headers, hook data. Any case,
 * snake or camel: `client_secret`, `clientSecret`, `ACCESS_TOKEN`.
 */
const SECRET_KEY = /^(?:authorization|password|client_?secret|refresh_?token|access_?token)$/i

// Extra headers a caller adds may carry credentials of their own (an API key, a cookie).
const SECRET_HEADER = /authorization|cookie|token|secret|password|api-?key/i

// A secret field quoted in text a server sends back: JSON (`"password": "…"`) or a form (`password=…`).
const SECRET_FIELD_IN_TEXT =
  /("(?:password|client_secret|refresh_token|access_token)"\s*:\s*"?|\b(?:password|client_secret|refresh_token|access_token)=)[^"&\s]*/gi

// Characters that continue a word: a secret next to one of them is part of another word (`p` in `port`).
const WORD = '[\\p{L}\\p{N}_]'
const NOT_WORD = '[^\\p{L}\\p{N}_'
// An escape just before a secret ends the word before it: `\n` in JSON text, `%3D` in a URL.
const ESCAPE = '\\\\[bfnrt]|\\\\u[\\da-fA-F]{4}|%[\\da-fA-F]{2}'

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/**
 * Finds `secret` where it stands as a value, not inside other words: each end that is a word character must
 * meet a non-word character, an escape or the text's edge. A secret of letters only may also be an ordinary
 * word (a password `password`), so it counts only after punctuation, a line break, an auth scheme or the
 * text's start (spaces skipped), and not as a key (followed by `:` or `=`): `the password grant` is prose,
 * `password: password` has one value. The text before it is captured, to be kept.
 */
function occurrences(secret: string): RegExp {
  const literal = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const edge = (char: string | undefined) => new RegExp(WORD, 'u').test(char ?? '')
  const source = /^\p{L}{1,24}$/u.test(secret)
    ? `((?:^|${NOT_WORD} \\t]|${ESCAPE}|[Bb]earer|[Bb]asic)[ \\t]*)${literal}(?!${WORD}|["' \\t]*[:=])`
    : `(${edge(secret[0]) ? `^|${NOT_WORD}]|${ESCAPE}` : ''})${literal}${edge(secret.at(-1)) ? `(?!${WORD})` : ''}`
  return new RegExp(source, 'gu')
}

/**
 * The secret values one client knows (its credentials and every token it obtained), so that text coming from
 * elsewhere (a server's error body, an error's message) can be scrubbed of them before anyone sees it.
 */
export class Secrets {
  // Longest first, so that a secret containing another is replaced whole.
  #values: string[] = []
  #patterns: RegExp[] = []
  readonly #known = new Set<string>()

  add(value: string | undefined): void {
    if (value === undefined || value === '' || this.#known.has(value)) return
    this.#known.add(value)
    // A server may echo a secret in any of the encodings it received it in.
    for (const form of [
      value,
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
    ])
      if (!this.#values.includes(form)) this.#values.push(form)
    this.#values.sort((a, b) => b.length - a.length)
    this.#patterns = this.#values.map(occurrences)
  }

  /** `text` with every known secret that stands as a value replaced by `[redacted]`; other words are kept. */
  scrub(text: string): string {
    // Secret-named fields in JSON or form text are blanked even when their values were never seen here.
    let out = text.replace(SECRET_FIELD_IN_TEXT, (_match, before: string) => `${before}${REDACTED}`)
    for (const pattern of this.#patterns) out = out.replace(pattern, `$1${REDACTED}`)
    return out
  }

  /** A deep copy of a JSON-like value with secret keys replaced and known secret values scrubbed. */
  redact(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.scrub(value)
    if (value === null || typeof value !== 'object') return value
    if (depth > 32) return REDACTED // a JSON body is never this deep; refuse to walk a pathological one
    if (Array.isArray(value)) return value.map((item) => this.redact(item, depth + 1))
    // fromEntries defines each key as its own property: a server's `__proto__` key stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        isSecretKey(key) ? REDACTED : this.redact(item, depth + 1),
      ]),
    )
  }

  /** Headers with credentials hidden: Authorization keeps its scheme (`Bearer [redacted]`). */
  redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [
        key,
        key.toLowerCase() === 'authorization'
          ? `${value.split(' ')[0] ?? ''} ${REDACTED}`
          : SECRET_HEADER.test(key)
            ? REDACTED
            : this.scrub(value),
      ]),
    )
  }
}
