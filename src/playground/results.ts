// The result as cards: each item's poster (drawn by the service, so it loads offline) and name.

interface ImageLike {
  readonly mhid?: unknown
  readonly isDefault?: unknown
}

/** The items of a page: its content, or each silo's content one after another. */
export function itemsOf(page: unknown): unknown[] {
  const value = page as { content?: unknown; silos?: { content?: unknown }[] } | null
  if (Array.isArray(value?.silos))
    return value.silos.flatMap((silo) => (Array.isArray(silo.content) ? silo.content : []))
  return Array.isArray(value?.content) ? value.content : []
}

/** The poster the service serves for an object: its primary image's (or its own, for an image), else the default. */
export function posterPath(object: Record<string, unknown>): string {
  const pair = object['primaryImage'] as { object?: ImageLike } | undefined
  const image: ImageLike | undefined =
    pair?.object ?? (typeof object['original'] === 'object' ? object : undefined)
  if (image === undefined || image.isDefault === true || typeof image.mhid !== 'string')
    return '/images/default.svg'
  return `/images/${encodeURIComponent(image.mhid)}.svg`
}

/** One card per item, built with DOM calls (names come from the service: never parsed as HTML). */
export function renderCards(into: HTMLElement, items: readonly unknown[]): void {
  const cards = items.map((item) => {
    const object = ((item as { object?: unknown } | null)?.object ?? item) as Record<string, unknown>
    const name = typeof object['name'] === 'string' ? object['name'] : String(object['mhid'] ?? '')
    const card = document.createElement('figure')
    card.className = 'card'
    if (typeof object['mhid'] === 'string') card.dataset['mhid'] = object['mhid']
    const img = document.createElement('img')
    img.src = posterPath(object)
    img.alt = name
    img.loading = 'eager'
    const caption = document.createElement('figcaption')
    caption.textContent = name
    card.append(img, caption)
    return card
  })
  into.replaceChildren(...cards)
}

/** The most characters of an answer the page shows: beyond it the text is cut, and says so. */
export const answerShownMax = 1_000_000

/**
 * The answer as the JSON panel shows it: indented, and cut at `max` characters with a last line that says how
 * many were left out (never silently shortened).
 *
 * @example
 * answerText({ content: [] }) // '{\n  "content": []\n}'
 */
export function answerText(page: unknown, max: number = answerShownMax): string {
  const text = page === undefined ? '' : JSON.stringify(page, null, 2)
  if (text.length <= max) return text
  return `${text.slice(0, max)}\n… ${text.length - max} more characters not shown`
}
