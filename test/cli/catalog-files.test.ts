// Which files a command reads, and how: text that is not UTF-8 is refused where its first bad byte is, never
// read with U+FFFD in its place (`hql fmt` wrote that back, losing the byte).
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
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
