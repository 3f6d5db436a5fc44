// Which files a command reads, and how: text that is not UTF-8 is refused where its first bad byte is, never
// read with U+FFFD in its place (`hql fmt` wrote that back, losing the byte); a symbolic link in a catalog's
// directory is followed (skipped, `hql fixtures` removed the linked file's fixtures).
import { mkdir, readFile, readdir, symlink, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hql, scratch } from './in-process'

/** `# Café queries` in Latin-1: 0xE9 is no UTF-8. */
const latin1 = Buffer.from('# Caf\xe9 queries\nquery a\nexplore  Movie\n', 'latin1')

describe('a file that is not UTF-8', () => {
  it('is a problem at the line and column of its first bad byte for hql check, and fmt leaves it as it is', async () => {
    const dir = await scratch()
    const file = join(dir, 'latin.hql')
    await writeFile(file, latin1)
    const checked = await hql('check', dir)
    expect(checked.code).toBe(1)
    expect(checked.stderr).toMatch(new RegExp(`^${file}:1:6: not UTF-8: byte 0xE9 `))
    const formatted = await hql('fmt', file)
    expect(formatted.code).toBe(1)
    expect(formatted.stderr).toContain(`${file}:1:6: not UTF-8`)
    expect(await readFile(file)).toEqual(latin1)
  })

  it('is refused by hql compile, at its first bad byte', async () => {
    const dir = await scratch()
    const file = join(dir, 'q.hql')
    // A truncated three-byte character on line 2 (`é` is two bytes, `€` three: E2 82 AC).
    await writeFile(
      file,
      Buffer.concat([Buffer.from('query q\n  explore Movie # é '), Buffer.from([0xe2, 0x82])]),
    )
    const { code, stderr } = await hql('compile', file)
    expect(code).toBe(1)
    expect(stderr).toMatch(new RegExp(`^${file}:2:21: not UTF-8: byte 0xE2 `))
  })

  it('with a byte order mark, or with U+FFFD written as text, is UTF-8 and read as before', async () => {
    const dir = await scratch()
    const file = join(dir, 'q.hql')
    await writeFile(file, '\ufeffquery q explore Movie # \ufffd\n')
    expect(await hql('check', file)).toMatchObject({ code: 0, stdout: '1 query in 1 file: ok\n' })
  })
})

describe('symbolic links in a catalog directory', () => {
  /** catalog/ with a.hql, and b.hql linked from shared/ (one query each). */
  async function linkedCatalog(): Promise<string> {
    const dir = await scratch()
    await mkdir(join(dir, 'catalog'))
    await mkdir(join(dir, 'shared'))
    await writeFile(join(dir, 'catalog', 'a.hql'), 'query a explore Movie\n')
    await writeFile(join(dir, 'shared', 'b.hql'), 'query b explore Movie\n')
    await symlink(join('..', 'shared', 'b.hql'), join(dir, 'catalog', 'b.hql'))
    return dir
  }

  it('are followed to a .hql file: check counts it, and fixtures keeps its fixture', async () => {
    const dir = await linkedCatalog()
    const catalog = join(dir, 'catalog')
    expect(await hql('check', catalog)).toMatchObject({ code: 0, stdout: '2 queries in 2 files: ok\n' })
    const out = join(dir, 'fixtures')
    expect((await hql('fixtures', join(catalog, 'a.hql'), join(catalog, 'b.hql'), '--out', out)).code).toBe(0)
    const again = await hql('fixtures', catalog, '--out', out)
    expect(again).toMatchObject({ code: 0, stderr: '' })
    expect(again.stdout).not.toContain('removed')
    expect((await readdir(out)).sort()).toEqual(['a.json', 'b.json'])
  })

  it('are followed to a directory, once, however many links lead back to it', async () => {
    const dir = await linkedCatalog()
    const catalog = join(dir, 'catalog')
    await mkdir(join(dir, 'more'))
    await writeFile(join(dir, 'more', 'c.hql'), 'query c explore Movie\n')
    await symlink(join('..', 'more'), join(catalog, 'more'))
    await symlink(join('..', 'more'), join(catalog, 'more-again'))
    await symlink('.', join(catalog, 'self'))
    await symlink('..', join(dir, 'more', 'up'))
    const { code, stdout, stderr } = await hql('check', catalog)
    expect(stderr).toBe('')
    expect({ code, stdout }).toEqual({ code: 0, stdout: '3 queries in 3 files: ok\n' })
  })

  it('to nothing is reported by name when it names a .hql file, and skipped otherwise', async () => {
    const dir = await linkedCatalog()
    const catalog = join(dir, 'catalog')
    await symlink(join(dir, 'nowhere'), join(catalog, 'notes'))
    expect(await hql('check', catalog)).toMatchObject({ code: 0, stdout: '2 queries in 2 files: ok\n' })
    await symlink(join(dir, 'nowhere.hql'), join(catalog, 'gone.hql'))
    const { code, stderr } = await hql('check', catalog)
    expect(code).toBe(2)
    expect(stderr).toBe(`error: ${join(catalog, 'gone.hql')}: no such file or directory\n`)
  })
})

describe('a file reached twice', () => {
  it.each([
    ['named twice', (file: string) => [file, file]],
    ['in a directory named too', (file: string) => [dirname(file), file]],
    ['named through ./', (file: string) => [file, `${dirname(file)}/./a.hql`]],
  ])('is read once when %s', async (_, args) => {
    const dir = await scratch()
    const file = join(dir, 'a.hql')
    await writeFile(file, 'query a explore Movie\n')
    // Read twice, its query was "already defined at" itself.
    expect(await hql('check', ...args(file))).toMatchObject({ code: 0, stdout: '1 query in 1 file: ok\n' })
  })
})
