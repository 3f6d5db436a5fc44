// The project's documentation as the docs tests read it: which files, their fenced code blocks, their headings
// and GitHub's anchors for them, and their relative links.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** Every page of documentation, relative to the root: the README, docs/*.md and the grammar's README. */
export const docFiles: readonly string[] = [
  'README.md',
  ...readdirSync(`${root}docs`)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
  'grammar/README.md',
  'CHANGELOG.md',
]

export const read = (file: string): string => readFileSync(`${root}${file}`, 'utf8')

export interface Block {
  readonly file: string
  readonly lang: string
  readonly code: string
  /** The line of the opening fence, counted from 1. */
  readonly line: number
}

export function blocks(file: string, markdown = read(file)): Block[] {
  const found: Block[] = []
  const fence = /^```(\S*)[^\n]*\n([\s\S]*?)^```\s*$/gm
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown))
    found.push({
      file,
      lang: match[1] ?? '',
      code: match[2] ?? '',
      line: markdown.slice(0, match.index).split('\n').length,
    })
  return found
}

/** The markdown outside fenced blocks (a `#` comment in a block is not a heading, a link in one not a link). */
export const prose = (markdown: string): string => markdown.replace(/^```[\s\S]*?^```\s*$/gm, '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-')

export interface Heading {
  readonly level: number
  readonly text: string
  readonly anchor: string
}

/** The headings of a page with their anchors; a repeated anchor gets `-1`, `-2`… as on GitHub. */
export function headings(markdown: string): Heading[] {
  const seen = new Map<string, number>()
  return [...prose(markdown).matchAll(/^(#{1,6}) (.+)$/gm)].map((m) => {
    const base = slug(m[2] ?? '')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return { level: (m[1] ?? '').length, text: m[2] ?? '', anchor: count === 0 ? base : `${base}-${count}` }
  })
}

/** The targets of the inline links of a page's prose: `[text](target)`. */
export const linkTargets = (markdown: string): string[] =>
  [...prose(markdown).matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '')
