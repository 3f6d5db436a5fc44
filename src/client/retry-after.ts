/**
 * `Retry-After` as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable.
 * Not capped here: the retry policy and the rate budget each cap what they wait for.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  // Date.parse is lenient ('-5' is a year); an HTTP date always names its month.
  const date = /[a-z]{3}/i.test(trimmed) ? Date.parse(trimmed) : Number.NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
