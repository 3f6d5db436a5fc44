import type { SecretKeeper } from './auth/auth'

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
const OWN_FIELD = /^(?:accept|content-type|grant_type)$/i

// A secret field quoted in text a server sends back: JSON (`"password": "…"`) or a form (`password=…`).
const SECRET_FIELD_IN_TEXT =
  /("(?:password|client_?secret|refresh_?token|access_?token)"\s*:\s*"?|\b(?:password|client_?secret|refresh_?token|access_?token)=)[^"&\s]*/gi

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

/**
 * From this length a secret is no word nor number of any text: every token, and every encoded form of one. A
 * shorter secret may also be part of ordinary text (`port`, `Sunshine`, `1234`, `test1`, `p4`): it is
 * redacted where it stands as a value, not where letters or digits continue it on either side, so that `bad
 * port` survives a password `p` and `127.0.0.1:41234` a password `1234`. Any longer secret (every token,
 * base64 and encoded form) is redacted wherever it occurs, inside other words too (`id_<token>`, `令牌<token>`).
 */
const LONG_SECRET = 12

// Characters that need a backslash in a regular expression (with the `u` flag, no other may have one).
const SYNTAX = /[.*+?^${}()|[\]\\/]/g

/** `n` as `width` hex digits, each letter matching either case: encoders differ (`\u00fc`, `%C3%BC`, `%c3%bc`). */
function hexPattern(n: number, width: number): string {
  return n
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (digit) => `[${digit}${digit.toUpperCase()}]`)
}

/**
 * One character of a secret in every way an encoder may write it: as it is; as `\uXXXX` in either case (JSON
 * encoders escape any character: Python every non-ASCII one, Go `<`, `>` and `&`; a character outside the
 * BMP as its surrogate pair); as JSON's short escape (`\/` from PHP, `\"`); percent-encoded, its UTF-8 bytes in
 * either case (and a space as `+`, the form encoding's). Each character on its own, so that mixed forms match.
 */
function charPattern(char: string): string {
  // As it is; as JSON.stringify writes it (a short escape, `\n`, `\"`, or `\/`, which PHP writes; else itself,
  // or `\u0001`, which the next form matches too); a space also as `+`. A Set: each form once in the pattern.
  const forms = new Set([
    char,
    char === '/' ? '\\/' : JSON.stringify(char).slice(1, -1),
    char === ' ' ? '+' : char,
  ])
  return `(?:${[
    ...[...forms].map((form) => form.replace(SYNTAX, '\\$&')),
    // split('') gives UTF-16 code units: a character outside the BMP as its two surrogates.
    char
      .split('')
      .map((unit) => `\\\\u${hexPattern(unit.charCodeAt(0), 4)}`)
      .join(''),
    [...new TextEncoder().encode(char)].map((byte) => `%${hexPattern(byte, 2)}`).join(''),
  ].join('|')})`
}

/** Base64 of the UTF-8 bytes (btoa takes Latin-1 only: each byte goes in as one character). */
export function base64(value: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(value)))
}

/**
 * How a secret is found in text: the secret and its Base64, each character in any of its encodings (see
 * `charPattern`). Group 1 is the text kept before it. A long secret is found anywhere; a short one where it
 * stands as a value (see `LONG_SECRET`): each end that is a word character meets a non-word character, a Chinese
 * or Japanese character, an escape or the text's edge. A secret that is itself a secret field's name (a
 * password `password`) is found only after `:`, `=` or a quote, and not where it names its field.
 */
function patternOf(secret: string): RegExp {
  // Base64 without its padding: a server may drop it, and what is left of it is no secret. (Never the secret
  // itself: unpadded Base64 of n characters has at least n + 1.)
  const forms = [secret, base64(secret).replace(/=+$/, '')]
  const body = `(?:${forms.map((form) => [...form].map(charPattern).join('')).join('|')})`
  if (secret.length >= LONG_SECRET) return new RegExp(`()${body}`, 'gu')
  const wordAt = (char: string | undefined) => new RegExp(WORD, 'u').test(char ?? '')
  const before = wordAt(secret[0]) ? BEFORE_WORD : ''
  const after = wordAt(secret.at(-1)) ? `(?!(?!${CJK})${WORD})` : ''
  if (!isSecretKey(secret)) return new RegExp(`(${before})${body}${after}`, 'gu')
  // A password `password` is also the protocol's own word (`the password grant needs scope`): it is redacted
  // only where it stands as a value, after `:`, `=` or a quote, and not where it names its field.
  return new RegExp(`(^|[:=][ \\t]*|["'])${body}${after}(?!["' \\t]*[:=])`, 'gu')
}

/**
 * The secret values one client knows (its credentials and the tokens it obtained lately), so that text coming
 * from elsewhere (a server's error body, an error's message) can be scrubbed of them before anyone sees it.
 */
export class Secrets {
  // Credentials, for the client's life; issued tokens, the newest MAX_TOKENS in the order obtained.
  readonly #credentials = new Map<string, RegExp>()
  readonly #tokens = new Map<string, RegExp>()
  // The patterns of both, longest secret first, so that a secret containing another is replaced whole.
  #patterns: RegExp[] = []

  /** A credential (a client secret, a password, a configured token): scrubbed for the client's life. */
  add(value: string | undefined): void {
    this.#keep(value, this.#credentials)
  }

  /** A token the client obtained: scrubbed until MAX_TOKENS newer ones have been added. */
  addToken(value: string | undefined): void {
    this.#keep(value, this.#tokens)
  }

  // One rule for both: a credential stays one; a token seen again (a store handing it out, a refresh that
  // keeps its refresh token, a token configured as a credential) moves, its pattern with it, to the newest.
  #keep(value: string | undefined, into: Map<string, RegExp>): void {
    if (value === undefined || value === '' || this.#credentials.has(value)) return
    const pattern = this.#tokens.get(value)
    this.#tokens.delete(value)
    into.set(value, pattern ?? patternOf(value))
    for (const oldest of this.#tokens.keys()) {
      if (this.#tokens.size <= MAX_TOKENS) break
      this.#tokens.delete(oldest)
    }
    if (pattern === undefined) this.#sort()
  }

  /** How many secrets are looked for: bounded by the credentials and MAX_TOKENS. */
  get size(): number {
    return this.#patterns.length
  }

  #sort(): void {
    this.#patterns = [...this.#credentials, ...this.#tokens]
      .sort(([a], [b]) => b.length - a.length)
      .map(([, pattern]) => pattern)
  }

  /**
   * `text` with every known secret, in any encoding, replaced by `[redacted]`: long secrets wherever they
   * occur, short ones where they stand as values (not inside a longer run of letters and digits); other words
   * are kept. Meant for text from elsewhere (a server, the runtime): the client's own wording is never passed
   * through it.
   */
  // An arrow: callers pass `secrets.scrub` on as it is (to errors, checks, paging) with no wrapper of their own.
  readonly scrub = (text: string): string => {
    // Secret-named fields in JSON or form text are blanked even when their values were never seen here.
    let out = text.replace(SECRET_FIELD_IN_TEXT, `$1${REDACTED}`)
    for (const pattern of this.#patterns) out = out.replace(pattern, `$1${REDACTED}`)
    return out
  }
  /**
   * What an auth is lent (`AuthContext.secrets`): its `add` is for the tokens it obtains or a store hands it,
   * kept like `addToken` (the newest MAX_TOKENS), as SecretKeeper promises; its credentials come in once, from
   * `Auth.secrets`, through `add`.
   */
  readonly lent: SecretKeeper = {
    add: (value) => this.addToken(value),
    scrub: this.scrub,
    redact: (value) => this.redact(value),
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
}

/**
 * Headers, or the form of a token request, with credentials hidden: Authorization keeps its scheme (`Bearer
 * [redacted]`), secret-named fields are blanked, the client's own wording is kept, other values scrubbed of the
 * secrets `secrets` knows (an auth's context lends only its `scrub`).
 *
 * @example
 * redactFields({ authorization: 'Basic aWQ6c2VjcmV0', accept: 'application/json' }, new Secrets())
 * // { authorization: 'Basic [redacted]', accept: 'application/json' }
 */
export function redactFields(
  fields: Readonly<Record<string, string>>,
  secrets: Pick<Secrets, 'scrub'>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      key.toLowerCase() === 'authorization'
        ? `${value.split(' ')[0] ?? ''} ${REDACTED}`
        : SECRET_HEADER.test(key)
          ? REDACTED
          : OWN_FIELD.test(key)
            ? value
            : secrets.scrub(value),
    ]),
  )
}
