// What a parsed text keeps. A large text's tree outlives the young generation's collections, which copy every
// object in it, so parse time grows faster than the text when each node takes several objects
// (docs/performance.md, "Parse speed"). These pin the tree's size, not any time.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parseDocument, printDocument } from '../../src/text'
import { hqlCatalog } from '../../bench/text-catalogs'

// The benches' catalog (one query a block, with parameters, lists, an `or` group, nested components and a
// comment), cut to whole queries.
const catalog = (queries: number) => {
  const blocks = hqlCatalog(queries * 500).split('\n# ')
  return blocks.slice(0, queries).join('\n# ')
}

/** Every object and array reachable from `root`, each counted once. */
function countObjects(root: unknown): number {
  const seen = new Set<object>()
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    for (const child of Object.values(value)) visit(child)
  }
  visit(root)
  return seen.size
}

describe("a parsed text's tree", () => {
  it('takes one object per node: offsets on the node, one shared empty Comments, no token kept', () => {
    const document = parseDocument(catalog(20))
    // 15 names, 11 other values and 23 other nodes, 10 lists; a comment adds its Comments and its array.
    // The tree as it was took 128: a range object per node, and a Comments with an array per line.
    expect(countObjects(document) / document.definitions.length).toBeLessThanOrEqual(60)
  })

  it('still gives each comment its line, and a line without comments shares the empty one', () => {
    const text = `${catalog(3)}# the end\n`
    const document = parseDocument(text)
    const [first, second] = document.definitions
    expect(first?.comments.leading).toEqual([" Query 0: a contributor's titles on given stores."])
    expect(second?.comments.leading).toEqual([" Query 1: a contributor's titles on given stores."])
    expect(first?.operation.comments).toBe(second?.operation.comments)
    expect(document.comments.leading).toEqual([' the end'])
    expect(printDocument(parseDocument(printDocument(document)))).toBe(printDocument(document))
  })

  it('retains at most 5 KB per catalog query once parsed (an array per list holds only its items)', () => {
    // In a process of its own, with the collector at hand, so that only the tree is between the two readings.
    const text = fileURLToPath(new URL('../../src/text/index.ts', import.meta.url))
    const script = `
      const { parseDocument } = await import(${JSON.stringify(text)})
      const source = (await import('node:fs')).readFileSync(0, 'utf8')
      parseDocument(source) // compiles the parser first, which stays
      gc()
      const before = process.memoryUsage().heapUsed
      const document = parseDocument(source)
      gc()
      console.log(JSON.stringify({ queries: document.definitions.length, bytes: process.memoryUsage().heapUsed - before }))
    `
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
      { input: catalog(1000), encoding: 'utf8', timeout: 120_000 },
    )
    expect(child.stderr).not.toMatch(/Error/)
    const { queries, bytes } = JSON.parse(child.stdout) as { queries: number; bytes: number }
    expect(queries).toBe(1000)
    // About 4.1 KB on Node 20; the tree as it was kept 8.2 KB, and 5.4 KB with lists in arrays grown by push.
    expect(bytes / queries).toBeLessThan(5_000)
  }, 180_000)
})
