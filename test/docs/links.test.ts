import { existsSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { docFiles, headings, linkTargets, read, root } from './markdown'

// Every relative link of the README, docs/ and grammar/README.md names a file that exists and, with a `#`, a
// heading of that page; and every page of docs/ starts with a table of contents of its sections.
/** The anchors of a page's sections (its `##` headings), in order. */
const sectionAnchors = (page: string) =>
  headings(page)
    .filter((h) => h.level === 2)
    .map((h) => h.anchor)

/** The anchors a piece of markdown links to on its own page (`](#anchor)`), in order. */
const anchorsLinked = (markdown: string) => [...markdown.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1])

describe('links between the pages', () => {
  test.each(docFiles)('%s: every relative link resolves, anchors included', (file) => {
    const broken = linkTargets(read(file))
      .filter((target) => !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [path = '', anchor] = target.split('#')
        const page = path === '' ? file : relative(root, join(dirname(join(root, file)), path))
        if (!existsSync(join(root, page))) return true
        if (anchor === undefined) return false
        if (!page.endsWith('.md')) return true
        return !headings(read(page)).some((h) => h.anchor === anchor)
      })
    expect(broken).toEqual([])
  })

  test.each(docFiles.filter((file) => file.startsWith('docs/')))(
    '%s starts with a table of contents of its sections',
    (file) => {
      const text = read(file)
      const toc =
        /^# .+\n(?:<!--.*-->\n)?\n((?:- .+\n)+)/m.exec(text.replace(/^<!--.*-->\n\n/, ''))?.[1] ?? ''
      const sections = sectionAnchors(text)
      expect(sections.length).toBeGreaterThan(0)
      expect(anchorsLinked(toc)).toEqual(sections)
    },
  )

  // The README keeps its contents on one `Contents:` paragraph under the introduction (a list would push the
  // two commands and the quickstart down the page); it must name every section, in order.
  test("the README's contents line names each of its sections", () => {
    const text = read('README.md')
    const contents = /^Contents: ((?:.+\n)+)/m.exec(text)?.[1] ?? ''
    const sections = sectionAnchors(text)
    expect(sections.length).toBeGreaterThan(5)
    expect(anchorsLinked(contents)).toEqual(sections)
  })
})
