import type { SecretKeeper } from './auth/auth'
import { MAX_SECRET_LENGTH } from '../model/limits'
import { ClientConfigError } from './errors'

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

// A secret field quoted in text a server sends back: a JSON string (`"password": "…"`, to its closing quote,
// spaces, `&` and escaped quotes included: the value after an opening quote), or a JSON number or form value
// (`password=…`).
const SECRET_FIELD_IN_TEXT =
  /(\b(?:password|client_?secret|refresh_?token|access_?token)(?:"\s*:\s*"?|=))(?:(?<=")(?:[^"\\]|\\.)*|[^"&\s,}]*)/gi

// Characters that continue a word: a short secret next to one of them is part of another word (`p` in `port`).
const WORD = /[\p{L}\p{N}_]/u
// Chinese and Japanese are written without spaces: their characters end a word (`密码Sunshine错误`).
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u

/**
 * Issued tokens kept for scrubbing, newest last: a server only echoes what it was sent, and the client sends
 * only its newest tokens; the ones before are kept for requests still in flight when they were replaced, and
 * for a refresh refused while quoting the token it replaces. Eight cover four generations of access and
 * refresh tokens, and keep scrubbing cheap however long the client lives (each refresh used to add four
 * patterns for good).
 */
export const MAX_TOKENS = 8

/**
 * A long secret is looked for in pieces of at most this many characters, each wherever it occurs: a server that
 * cuts a long token short still loses what it shows of it.
 */
const PIECE = 64

/**
 * From this length a secret is no word nor number of any text: every token, and every encoded form of one. A
 * shorter secret may also be part of ordinary text (`port`, `Sunshine`, `1234`, `test1`, `p4`): it is
 * redacted where it stands as a value, not where letters or digits continue it on either side, so that `bad
 * port` survives a password `p` and `127.0.0.1:41234` a password `1234`. Any longer secret (every token,
 * base64 and encoded form) is redacted wherever it occurs, inside other words too (`id_<token>`, `令牌<token>`).
 */
const LONG_SECRET = 12

/** Base64 of the UTF-8 bytes (btoa takes Latin-1 only: each byte goes in as one character). */
export function base64(value: string): string {
  let latin1 = ''
  // A byte at a time: spreading a long secret's bytes into one call's arguments overflows the stack.
  for (const byte of new TextEncoder().encode(value)) latin1 += String.fromCharCode(byte)
  return btoa(latin1)
}

// One encoded character: `\uXXXX` (hex digits in either case) or a JSON short escape; or a UTF-8 sequence
// percent-encoded (either case).
const ESCAPE = /(\\u[\da-fA-F]{4}|\\["\\/bfnrt])|(%[\da-fA-F]{2}(?:%[89abAB][\da-fA-F])*)/g

/**
 * Characters encoders write for one another, read as one: a space as `+` (a form's), Base64's `+` and `/` as
 * base64url's `-` and `_`.
 */
const fold = (text: string) => text.replace(/[+-]/g, ' ').replaceAll('_', '/')

/**
 * `text` as its reader would decode it (see `ENCODED`), that folded (see `fold`), and a function from a place in
 * either to the place in `text`. One pass, whatever the secrets: each is then found by `indexOf`, where a regular expression of each
 * of its characters' encodings took seconds to compile for a long one (three for a 5 KB token).
 */
function decode(text: string): [string, string, (at: number) => number] {
  // Where each escape ends, in the decoded text and in `text` (from there to the next escape, the two run
  // alike). (An exec loop: `replace` with a function took twice as long; two arrays, half the time of one of
  // pairs.)
  const decodedAt = [0]
  const textAt = [0]
  let plain = ''
  let last = 0
  ESCAPE.lastIndex = 0
  for (let match; (match = ESCAPE.exec(text));) {
    const [unit, escape, percent] = match
    let char = unit
    // A JSON escape reads as JSON does; percent-encoding as a URL's (left as it is where it is not UTF-8).
    if (escape) char = JSON.parse(`"${escape}"`) as string
    else
      try {
        char = decodeURIComponent(percent!)
      } catch {}
    plain += text.slice(last, match.index) + char
    decodedAt.push(plain.length)
    // Where the escape ends: where the expression (global) goes on from.
    textAt.push((last = ESCAPE.lastIndex))
  }
  plain += text.slice(last)
  const place = (at: number) => {
    // The last escape that ends at or before `at`: a binary search.
    let low = 0
    for (let high = decodedAt.length - 1; low < high;) {
      const middle = (low + high + 1) >> 1
      if (decodedAt[middle]! <= at) low = middle
      else high = middle - 1
    }
    return textAt[low]! + at - decodedAt[low]!
  }
  return [plain, fold(plain), place]
}

/**
 * What a secret is found by in decoded text (see `decode`), folded: the secret as it is and as its encoder's
 * reader decodes it, and its Base64 (unpadded: a server may drop the padding, and what is left of it is no
 * secret). A long secret's (see `LONG_SECRET`) in pieces of about PIECE characters (at least half that), each
 * once: a repetitive secret's pieces repeat.
 */
function findersOf(secret: string): string[] {
  const finders = new Set<string>()
  for (const form of [secret, decode(secret)[0], base64(secret).replace(/=+$/, '')].map(fold)) {
    const size =
      secret.length < LONG_SECRET ? form.length : Math.ceil(form.length / Math.ceil(form.length / PIECE))
    for (let at = 0; at < form.length; at += size) finders.add(form.slice(at, at + size))
  }
  return [...finders]
}

/** Whether a letter or digit continues a word from `edge`, a found secret's own end, to `next`, beside it. */
const continues = (edge = '', next = '') => WORD.test(edge) && WORD.test(next) && !CJK.test(next)

/**
 * The secret values one client knows (its credentials and the tokens it obtained lately), so that text coming
 * from elsewhere (a server's error body, an error's message) can be scrubbed of them before anyone sees it.
 */
export class Secrets {
  // Credentials, for the client's life; issued tokens, the newest MAX_TOKENS in the order obtained (and any
  // older one a request in flight still holds).
  readonly #credentials = new Map<string, string[]>()
  readonly #tokens = new Map<string, string[]>()
  readonly #held = new Map<string, number>()

  /** A credential (a client secret, a password, a configured token): scrubbed for the client's life. */
  add(value: string | undefined): void {
    this.#keep(value, this.#credentials)
  }

  /** A token the client obtained: scrubbed until MAX_TOKENS newer ones have been added. */
  addToken(value: string | undefined): void {
    this.#keep(value, this.#tokens)
  }

  /**
   * `addToken`, and the token kept however many newer ones come in until it is held once less (`by` -1): the
   * answer to a request still in flight may quote the token it was sent with (a slow call, while other calls
   * renew their tokens, or an auth that gives each call its own). Each hold is undone once.
   */
  hold(token: string, by = 1): void {
    if (by > 0) this.addToken(token)
    // Trimmed, as #keep keeps it.
    const key = token.trim()
    const count = (this.#held.get(key) ?? 0) + by
    if (count > 0) this.#held.set(key, count)
    else this.#held.delete(key)
  }

  // One rule for both: a credential stays one; a token seen again (a store handing it out, a refresh that
  // keeps its refresh token, a token configured as a credential) moves, its patterns with it, to the newest.
  #keep(value: string | undefined, into: Map<string, string[]>): void {
    // Trimmed: fetch sends a header's value trimmed (a token read from a file ends with a newline), so a server
    // quotes it so.
    value = value?.trim()
    if (!value || this.#credentials.has(value)) return
    if (value.length > MAX_SECRET_LENGTH)
      throw new ClientConfigError(`a token or credential longer than ${MAX_SECRET_LENGTH} characters`, [
        'auth',
      ])
    const patterns = this.#tokens.get(value)
    this.#tokens.delete(value)
    into.set(value, patterns ?? findersOf(value))
    for (const oldest of this.#tokens.keys()) {
      if (this.#tokens.size <= MAX_TOKENS) break
      if (oldest !== value && !this.#held.has(oldest)) this.#tokens.delete(oldest)
    }
  }

  /**
   * `text` with every known secret, in any encoding, replaced by `[redacted]`: long secrets wherever they
   * occur, short ones where they stand as values (not inside a longer run of letters and digits); other words
   * are kept. Meant for text from elsewhere (a server, the runtime): the client's own wording is never passed
   * through it.
   */
  // An arrow: callers pass `secrets.scrub` on as it is (to errors, checks, paging) with no wrapper of their own.
  readonly scrub = (text: string): string => {
    // Every place a secret is found, overlapping ones included, then each run of places as one `[redacted]`:
    // replaced one after another, the pieces of a repetitive secret would leave parts of it behind (a piece
    // found where its neighbour stands takes part of the neighbour's place, and the rest matches no piece), and
    // a secret within another would cut the other short.
    const places: number[][] = []
    let decoded: ReturnType<typeof decode> | undefined
    for (const kept of [this.#credentials, this.#tokens])
      for (const [secret, finders] of kept)
        for (const finder of finders) {
          // Decoding never lengthens text: a finder longer than the text is not in it (most values of a body).
          if (finder.length > text.length) continue
          const [plain, folded, place] = (decoded ??= decode(text))
          for (let at = folded.indexOf(finder); at >= 0; at = folded.indexOf(finder, at + 1)) {
            const end = at + finder.length
            // Whether it is one to redact: a long one always (see `LONG_SECRET`); a short one where it stands as a
            // value: no letter or digit continues it where its own end is one (a Chinese or Japanese character
            // ends a word). A secret that is itself a secret field's name (a password `password`) only after `:`,
            // `=` or a quote, and not where it names its field (`the password grant needs scope`).
            if (
              secret.length >= LONG_SECRET ||
              (SECRET_KEY.test(secret)
                ? (at === 0 || /(?:[:=][ \t]*|["'])$/.test(plain.slice(Math.max(0, at - 64), at))) &&
                  !/^["' \t]*[:=]/.test(plain.slice(end, end + 64))
                : !continues(plain[at], plain[at - 1]) && !continues(plain[end - 1], plain[end]))
            )
              places.push([place(at), place(end)])
          }
        }
    let out = ''
    let end = 0
    for (const [from, to] of places.sort(([a], [b]) => a! - b!)) {
      // A place that starts where the one before ends, or within it, extends it.
      if (from! > end || !out) out += text.slice(end, from) + REDACTED
      end = Math.max(end, to!)
    }
    out += text.slice(end)
    // Then secret-named fields in JSON or form text are blanked, even when their values were never seen here.
    // After the known secrets: a value cut short at a space (a form's end) would leave a known one's rest.
    return out.replace(SECRET_FIELD_IN_TEXT, `$1${REDACTED}`)
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
    if (!value || typeof value !== 'object') return value
    if (depth > 32) return REDACTED // a JSON body is never this deep; refuse to walk a pathological one
    if (Array.isArray(value)) return value.map((item) => this.redact(item, depth + 1))
    // fromEntries defines each key as its own property: a server's `__proto__` key stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        this.scrub(key),
        SECRET_KEY.test(key) ? REDACTED : this.redact(item, depth + 1),
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
