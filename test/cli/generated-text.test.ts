// What `hql generate` copies from its input into the module it writes is quoted there, never code: the
// `--import-from` specifier (a Windows path's `\d` and `\i` were read as escapes, a quote ended the string) and
// the catalog's paths in comments (a directory named `x*/ … /*` closed the comment and put code in the module).
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hql, scratch } from './in-process'

const query = 'query a explore Movie\n'

/** The module `hql generate` writes for `catalog` with `args`. */
async function generated(catalog: string, ...args: string[]): Promise<string> {
  const out = join(catalog, '..', 'queries.ts')
  const { code, stderr } = await hql('generate', catalog, '--out', out, ...args)
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' })
  return readFile(out, 'utf8')
}

describe('hql generate', () => {
  it.each([
    ['a Windows path', '..\\dist\\index.js'],
    ['a quote', "hql'; globalThis.hacked = 1; '"],
    ['a line break and a backslash at the end', 'hql\n\\'],
  ])('writes --import-from with %s as a string that reads back the same', async (_, specifier) => {
    const dir = await scratch()
    await writeFile(join(dir, 'a.hql'), query)
    const module = await generated(join(dir, 'a.hql'), '--import-from', specifier)
    const line = module.split('\n').find((text) => text.startsWith('import * as H from '))!
    const literal = line.slice('import * as H from '.length)
    expect(new Function(`return ${literal}`)()).toBe(specifier)
  })

  it('keeps the default import as it was', async () => {
    const dir = await scratch()
    await writeFile(join(dir, 'a.hql'), query)
    expect(await generated(join(dir, 'a.hql'))).toContain("\nimport * as H from 'hql'\n")
  })

  it('writes a path holding */ into its comment without closing it', async () => {
    const dir = await scratch()
    const catalog = join(dir, 'catalog')
    const folder = join(catalog, 'x*/ globalThis.hacked = 1 /*')
    await mkdir(folder, { recursive: true })
    await writeFile(join(folder, 'a.hql'), query)
    const module = await generated(catalog)
    // Every */ ends the one-line comment it is on, which began it.
    for (const line of module.split('\n').filter((text) => text.includes('*/')))
      expect(line).toMatch(/^\/\*\*(?:(?!\*\/).)*\*\/$/)
    expect(module).toContain('/** `a` from x*\\/ globalThis.hacked = 1 /*\\/a.hql:1. */')
  })
})
