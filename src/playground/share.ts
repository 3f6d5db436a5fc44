// The share link: the query text in the URL's hash (`#q=<text>`), which never reaches a server, so a link
// holds any query without a service of its own to store it.

const KEY = 'q'

/** The hash that holds `text`. */
export function shareHash(text: string): string {
  return `#${new URLSearchParams({ [KEY]: text })}`
}

/** The query text a hash holds, if it holds one. */
export function textFromHash(hash: string): string | undefined {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get(KEY)
  return text === null ? undefined : text
}
