// Options whose value is refused rather than read some other way: a number option takes decimal digits only
// (Number('') is 0, Number('0x1F90') 8080: `--port ''` listened on a random port), and a parameter given twice
// is a usage error (the last one was kept, the first dropped without a word).
import { describe, expect, it } from 'vitest'
import { hql } from './in-process'

describe('a number option', () => {
  it.each(['', ' ', '0x1F90', '1e3', '+80', '80.0', '８０'])('refuses --port %j, exit 2', async (port) => {
    expect(await hql('serve', '--port', port)).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: --port expects a port number (0-65535), got '${port}'\n`,
    })
  })

  it.each(['', '0x2', '1e1', ' 2', '2.0'])('refuses --max-pages %j, exit 2', async (pages) => {
    expect(await hql('run', 'examples/catalog/movies.hql', '-q', 'dramas', '--max-pages', pages)).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: --max-pages expects a whole number of 1 or more, got '${pages}'\n`,
    })
  })
})

describe('--param', () => {
  it.each([
    ['the same name', ['contributor=mhric-brad-pitt', 'contributor=mhric-tom-hanks']],
    ['with and without $', ['contributor=mhric-brad-pitt', '$contributor=mhric-tom-hanks']],
  ])('given twice with %s is a usage error naming it, exit 2', async (_, params) => {
    const args = ['compile', 'examples/catalog/movies.hql', '-q', 'moviesByContributor']
    const { code, stdout, stderr } = await hql(...args, ...params.flatMap((param) => ['-p', param]))
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' })
    expect(stderr).toBe(`error: --param $contributor is given twice (${params.join(', ')}); give it once\n`)
  })
})
