const REDACTED = '[redacted]'

/**
 * Keys whose values are secrets wherever they appear: token responses, forms, headers, hook data. Any case,
 * snake or camel: `client_secret`, `clientSecret`, `ACCESS_TOKEN`.
 */
const SECRET_KEY = /^(?:authorization|password|client_?secret|refresh_?token|access_?token)$/i

// Extra headers a caller adds may carry credentials of their own (an API key, a cookie).
const SECRET_HEADER = /authorization|cookie|token|secret|password|api-?key/i

// Fields whose values are the client's fixed wording, never scrubbed: with a password `password` or `json`,
// a token request still shows `grant_type: password` and `accept: application/json`.
const OWN_FIELDS = new Set(['accept', 'content-type', 'grant_type'])

// A secret field quoted in text a server sends back: JSON (`"password": "…"`) or a form (`password=…`).
const SECRET_FIELD_IN_TEXT =
  /("(?:password|client_secret|refresh_token|access_token)"\s*:\s*"?|\b(?:password|client_secret|refresh_token|access_token)=)[^"&\s]*/gi

// Characters that continue a word: a short secret next to one of them is part of another word (`p` in `port`).
const WORD = '[\\p{L}\\p{N}_]'
// Chinese and Japanese are written without spaces: their characters end a word (`密码Sunshine错误`).
const CJK = '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]'
// An escape just before a secret ends the word before it: `\n` in JSON text, `%3D` in a URL.
const BEFORE_WORD = `^|[^\\p{L}\\p{N}_]|${CJK}|\\\\[bfnrt]|\\\\u[\\da-fA-F]{4}|%[\\da-fA-F]{2}`

/**
 * Issued tokens kept for scrubbing, newest last: a server only echoes what it was sent, and the client sends
 * only its newest tokens; the ones before are kept for requests still in flight when they were replaced, and
 * for a refresh refused while quoting the token it replaces. Eight cover four generations of access and
 * refresh tokens, and keep scrubbing cheap however long the client lives (each refresh used to add four
 * patterns for good).
 */
export const MAX_TOKENS = 8

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key)
}

/** From this length a secret is no word nor number of any text: every token, and every encoded form of one. */
const LONG_SECRET = 12

/**
 * Whether a secret may also be part of ordinary text: shorter than 12 characters (`port`, `Sunshine`, `1234`,
 * `test1`, `p4`). Such a secret is redacted where it stands as a value, not where letters or digits continue
 * it on either side, so that `bad port` survives a password `p` and `127.0.0.1:41234` a password `1234`. Any
 * longer secret (every token, base64 and encoded form) is redacted wherever it occurs, inside other words too
 * (`id_<token>`, `令牌<token>`).
 */
function isWordLike(secret: string): boolean {
  return secret.length < LONG_SECRET
}

/**
 * Where a short secret stands as a value: each end that is a word character (a letter, a digit or `_`) meets
 * a non-word character, a Chinese or Japanese character, an escape or the text's edge. A secret that is itself
 * a secret field's name (a password `password`) is redacted only after `:`, `=` or a quote. The text before it
 * is captured, to be kept.
 */
function wordPattern(secret: string): RegExp {
  const literal = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const wordAt = (char: string | undefined) => new RegExp(WORD, 'u').test(char ?? '')
  const before = wordAt(secret[0]) ? BEFORE_WORD : ''
  const after = wordAt(secret.at(-1)) ? `(?!(?!${CJK})${WORD})` : ''
  if (!isSecretKey(secret)) return new RegExp(`(${before})${literal}${after}`, 'gu')
  // A password `password` is also the protocol's own word (`the password grant needs scope`): it is redacted
  // only where it stands as a value, after `:`, `=` or a quote, and not where it names its field.
  return new RegExp(`(^|[:=][ \\t]*|["'])${literal}${after}(?!["' \\t]*[:=])`, 'gu')
}

/** One form of a secret, and how it is found: as a substring, or (short) where it stands as a value. */
interface Form {
  readonly text: string
  readonly pattern: RegExp | undefined
}

// A server may echo a secret in any of the encodings it received it in.
function formsOf(value: string): Form[] {
  const texts = new Set([
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ])
  const wordLike = isWordLike(value)
  return [...texts].map((text) => ({ text, pattern: wordLike ? wordPattern(text) : undefined }))
}

/**
 * The secret values one client knows (its credentials and the tokens it obtained lately), so that text coming
 * from elsewhere (a server's error body, an error's message) can be scrubbed of them before anyone sees it.
 */
export class Secrets {
  // Credentials, for the client's life; issued tokens, the newest MAX_TOKENS in the order obtained.
  readonly #credentials = new Map<string, Form[]>()
  readonly #tokens = new Map<string, Form[]>()
  // Every form of both, longest first, so that a secret containing another is replaced whole.
  #forms: Form[] = []

  /** A credential (a client secret, a password, a configured token): scrubbed for the client's life. */
  add(value: string | undefined): void {
    if (value === undefined || value === '' || this.#credentials.has(value)) return
    this.#tokens.delete(value)
    this.#credentials.set(value, formsOf(value))
    this.#sort()
  }

  /** A token the client obtained: scrubbed until MAX_TOKENS newer ones have been added. */
  addToken(value: string | undefined): void {
    if (value === undefined || value === '' || this.#credentials.has(value)) return
    const forms = this.#tokens.get(value)
    // Seen again (a store handing it out, a refresh that keeps its refresh token): it becomes the newest.
    this.#tokens.delete(value)
    this.#tokens.set(value, forms ?? formsOf(value))
    for (const oldest of this.#tokens.keys()) {
      if (this.#tokens.size <= MAX_TOKENS) break
      this.#tokens.delete(oldest)
    }
    if (forms === undefined) this.#sort()
  }

  /** How many forms of secrets are looked for: bounded by the credentials and MAX_TOKENS. */
  get size(): number {
    return this.#forms.length
  }

  #sort(): void {
    this.#forms = [...this.#credentials.values(), ...this.#tokens.values()]
      .flat()
      .sort((a, b) => b.text.length - a.text.length)
  }

  /**
   * `text` with every known secret replaced by `[redacted]`: long secrets wherever they occur, short ones where
   * they stand as values (not inside a longer run of letters and digits); other words are kept. Meant for text from elsewhere (a server,
   * the runtime): the client's own wording is never passed through it.
   */
  scrub(text: string): string {
    // Secret-named fields in JSON or form text are blanked even when their values were never seen here.
    let out = text.replace(SECRET_FIELD_IN_TEXT, (_match, before: string) => `${before}${REDACTED}`)
    for (const { text: secret, pattern } of this.#forms) {
      // Most texts hold no secret at all: a substring test first keeps scrubbing linear in the text.
      if (!out.includes(secret)) continue
      out = pattern === undefined ? out.replaceAll(secret, REDACTED) : out.replace(pattern, `$1${REDACTED}`)
    }
    return out
  }

  /**
   * A deep copy of a JSON-like value from elsewhere: values under secret keys replaced, known secrets scrubbed
   * from the other values and from the keys themselves.
   */
  redact(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.scrub(value)
    if (value === null || typeof value !== 'object') return value
    if (depth > 32) return REDACTED // a JSON body is never this deep; refuse to walk a pathological one
    if (Array.isArray(value)) return value.map((item) => this.redact(item, depth + 1))
    // fromEntries defines each key as its own property: a server's `__proto__` key stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        this.scrub(key),
        isSecretKey(key) ? REDACTED : this.redact(item, depth + 1),
      ]),
    )
  }

  /**
   * Headers, or the form of a token request, with credentials hidden: Authorization keeps its scheme (`Bearer
   * [redacted]`), secret-named fields are blanked, the client's own wording is kept, other values scrubbed.
   */
  redactFields(fields: Readonly<Record<string, string>>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        key.toLowerCase() === 'authorization'
          ? `${value.split(' ')[0] ?? ''} ${REDACTED}`
          : SECRET_HEADER.test(key)
            ? REDACTED
            : OWN_FIELDS.has(key.toLowerCase())
              ? value
              : this.scrub(value),
      ]),
    )
  }
}
