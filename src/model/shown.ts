// Messages quote what the caller sent, and a hostile caller sends megabytes: a message echoes at most
// `echoedLength` characters of one value, and `echoedItems` items of one list, and says what it left out.
// An error then costs little to build, log or send, whatever the input. Only the text is cut: the `path`
// field of an HqlError is data, and keeps a key whole.

/** The most characters of one value that a message echoes. */
export const echoedLength = 80

/** The most items of one list that a message echoes. */
export const echoedItems = 10

/**
 * `text` quoted by `quote` (`'…'` unless told), whole when short; when long, its start, an ellipsis, and its
 * length: `'aaaa…' (1048576 characters)`. Its control and format characters (bidirectional controls among them)
 * and lone surrogates are written as escapes (`\u{202e}`): what a message echoes can neither reorder nor hide the
 * text around it, in a terminal, a log or an editor.
 */
export const clipped = (text: string, quote = (part: string) => `'${part}'`): string =>
  // A cut may part a surrogate pair (an emoji astride character 80): the half left is escaped too.
  (text.length > echoedLength
    ? `${quote(text.slice(0, echoedLength) + '…')} (${text.length} characters)`
    : quote(text)
  ).replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, (c) => `\\u{${(c.codePointAt(0) as number).toString(16)}}`)

/** A value of any kind, unquoted: an object by its kind (one without a prototype cannot become a string). */
export const shown = (value: unknown): string =>
  value && typeof value == 'object' ? 'an object' : clipped(String(value), String)

/** The first `echoedItems` of `items`, each as `show` writes it, and how many more there are. */
export const shownList = <T>(items: readonly T[], show: (item: T) => string, separator = ', '): string =>
  items
    .slice(0, echoedItems)
    .map((item) => show(item))
    .join(separator) + (items.length > echoedItems ? ` and ${items.length - echoedItems} more` : '')

/** A string in `quote`'s quotes (single ones unless told), cut short; anything else as `shown` writes it. */
export const quoted = (value: unknown, quote?: (part: string) => string): string =>
  typeof value == 'string' ? clipped(value, quote) : shown(value)

// A string in JSON's quotes, anything else as `shown` writes it.
const shownItem = (value: unknown): string => quoted(value, JSON.stringify)

/** A list as JSON shows it (`["a","b"]`), cut short: its first items, each as `shownValue` writes a value. */
export const shownArray = (items: readonly unknown[]): string => `[${shownList(items, shownItem, ',')}]`

/**
 * A value as JSON shows it (`"mhmov-a"`, `["a","b"]`, `5`) but cut short, and never throwing where
 * JSON.stringify does (a bigint, a cycle): a list by its first items, anything inside it or else by its kind.
 */
export const shownValue = (value: unknown): string =>
  Array.isArray(value) ? shownArray(value) : shownItem(value)
