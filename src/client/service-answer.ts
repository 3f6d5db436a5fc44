import type { JsonPath } from '../model/errors'

/**
 * What a failed response said, read from its body for the error's message and fields: the service's code,
 * message and path (`{ "error", "message", "path" }` from the graph endpoints, `{ "error",
 * "error_description" }` from OAuth), or the start of a body that is not JSON. Every part is one line and
 * bounded: a server's body ends up in a log line or a terminal, so it may neither flood it nor move its cursor.
 */
export interface ServiceAnswer {
  readonly code: string | undefined
  readonly message: string | undefined
  readonly path: string | undefined
  /** The start of the body when it was not JSON (an HTML page from a proxy, plain text), quoted. */
  readonly excerpt: string | undefined
}

// Long enough for every message the reference service writes (the longest lists the four graph endpoints).
const MAX_CODE = 64
const MAX_PATH = 200
const MAX_MESSAGE = 300
const MAX_EXCERPT = 160

/**
 * Reads an error body defensively: `body` is the parsed (and redacted) JSON or undefined, `text` the scrubbed
 * raw text. Only string members are taken, by fixed names; an object `error` (`{ "error": { "code",
 * "message" } }`, a common form elsewhere) is read the same way one level down.
 */
export function readServiceAnswer(body: unknown, text: string): ServiceAnswer {
  const excerpt = body === undefined ? oneLine(text, MAX_EXCERPT) : undefined
  // Object() takes any value (an array, a string, undefined): only own members of the names below are read.
  const top = Object(body) as Record<string, unknown>
  const records = [top, Object(top['error']) as Record<string, unknown>]
  const pick = (max: number, ...names: string[]) => {
    for (const record of records)
      for (const name of names) {
        const value = Object.hasOwn(record, name) ? record[name] : undefined
        if (typeof value === 'string') return oneLine(value, max)
      }
    return undefined
  }
  return {
    code: pick(MAX_CODE, 'error', 'code'),
    message: pick(MAX_MESSAGE, 'message', 'error_description', 'detail'),
    path: pick(MAX_PATH, 'path'),
    excerpt: excerpt && `"${excerpt}"`,
  }
}

/** `(code): $.path: message`, `: message`, ` (code)` or `: "excerpt"`: what follows `answered HTTP 400`. */
export function describeAnswer(answer: ServiceAnswer): string {
  // Each part is undefined or one line of text, never empty (oneLine).
  const detail = [answer.path, answer.message ?? answer.excerpt].filter(Boolean).join(': ')
  return (answer.code === undefined ? '' : ` (${answer.code})`) + (detail && `: ${detail}`)
}

/**
 * A path as the service writes it (`$.filters.traits.$eq`, `$.components[2].name`, `$["a key"]`: formatPath's
 * form) as a JsonPath; [] for anything else, since a path from elsewhere is a hint, not a contract.
 */
export function parsePath(text: string | undefined): JsonPath {
  const parts: (string | number)[] = []
  try {
    // Steps are taken one after the other from the `$` on (sticky): text between them fails the whole path.
    const rest =
      text?.startsWith('$') &&
      text
        .slice(1)
        .replace(
          /\.([A-Za-z_$][\w$]*)|\[(\d{1,9})\]|\[("(?:[^"\\]|\\.)*")\]/gy,
          (_, name?: string, index?: string, quoted?: string) => (
            parts.push(name ?? (index === undefined ? (JSON.parse(quoted!) as string) : Number(index))),
            ''
          ),
        )
    return rest === '' ? parts : []
  } catch {
    // A quoted key with an escape JSON does not have (`["\q"]`).
    return []
  }
}

/**
 * `text` on one line, at most `max` characters (an ellipsis marks a cut): control characters (line breaks,
 * terminal escapes) become spaces and runs of spaces one. Undefined when nothing is left.
 */
export function oneLine(text: string, max: number): string | undefined {
  // Only the start is ever shown: a huge body is cut before the regular expressions walk it.
  const flat = text
    .slice(0, max * 4)
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim()
  if (flat === '') return undefined
  const chars = [...flat]
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat
}
