import { readFile, readdir, writeFile, cp } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compile } from '../../src/compile'
import { parseQuery } from '../../src/text'
import { hql, scratch } from './in-process'

describe('hql compile', () => {
  it('prints the request JSON of the named query with its parameters', async () => {
    const { code, stdout } = await hql(
      'compile',
      'examples/catalog/movies.hql',
      '--query',
      'moviesByContributor',
      '--param',
      'contributor=mhric-brad-pitt',
      '--param',
      'size=5',
    )
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({
      endpoint: '/graph/explore',
      method: 'POST',
      body: { filters: { contributors: { $eq: 'mhric-brad-pitt' } }, pageSize: 5 },
    })
  })

  it('takes list parameters as a,b and reports query errors as file:line:col with exit 1', async () => {
    const ok = await hql(
      'compile',
      'examples/catalog/movies.hql',
      '-q',
      'details',
      '-p',
      'ids=mhmov-a,mhmov-b',
      '--body',
    )
    expect(JSON.parse(ok.stdout).ids).toEqual(['mhmov-a', 'mhmov-b'])
    const bad = await hql(
      'compile',
      'examples/catalog/movies.hql',
      '-q',
      'moviesByContributor',
      '-p',
      'contributor=mhsrc-x',
    )
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(
      /^examples\/catalog\/movies\.hql:4:27: parameter \$contributor: expected Contributor id/,
    )
    expect(bad.stderr).toContain('^')
  })

  it('a --param named __proto__ is a parameter like any other, not a prototype', async () => {
    const dir = await scratch()
    await writeFile(join(dir, 'q.hql'), 'query q($__proto__: [Id]) lookup $__proto__\n')
    const { code, stdout, stderr } = await hql(
      'compile',
      join(dir, 'q.hql'),
      '-p',
      '__proto__=["mhmov-a"]',
      '--body',
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ ids: ['mhmov-a'] })
  })

  it('exits 2 on usage errors', async () => {
    expect((await hql('compile')).code).toBe(2)
    expect((await hql('compil', 'x')).code).toBe(2)
    expect((await hql('compile', 'examples/catalog/movies.hql', '-q', 'dramas', '-p', 'nonsense')).code).toBe(
      2,
    )
    expect((await hql('compile', 'no/such/file.hql')).code).toBe(2)
  })
})

describe('hql --help', () => {
  it.each(['compile', 'fmt', 'check', 'generate', 'fixtures', 'run', 'serve'])(
    'documents %s',
    async (command) => {
      const { code, stdout } = await hql(command, '--help')
      expect(code).toBe(0)
      expect(stdout).toContain(`Usage: hql ${command}`)
    },
  )

  it('lists the commands and the exit codes', async () => {
    const { code, stdout } = await hql('--help')
    expect(code).toBe(0)
    expect(stdout).toContain('Exit codes:')
    for (const command of ['compile', 'fmt', 'check', 'generate', 'fixtures', 'run', 'serve'])
      expect(stdout).toContain(command)
  })
})

describe('hql fmt, check, generate, fixtures', () => {
  it('passes on the example catalog (as in CI)', async () => {
    expect(await hql('check', 'examples/catalog')).toMatchObject({
      code: 0,
      stdout: '5 queries in 2 files: ok\n',
    })
    // One file, one query: the nouns take the number.
    expect(await hql('check', 'examples/catalog/home.hql')).toMatchObject({
      stdout: '1 query in 1 file: ok\n',
    })
    expect(
      (await hql('generate', 'examples/catalog', '--out', 'examples/catalog/queries.ts', '--check')).code,
    ).toBe(0)
    expect((await hql('fmt', '--check', 'examples/catalog')).code).toBe(0)
  })

  it('formats in place, and --check fails on an unformatted file', async () => {
    const dir = await scratch()
    const file = join(dir, 'q.hql')
    await writeFile(file, 'query   q   explore Movie   where traits = "mhgnr-a"  with primaryImage')
    const check = await hql('fmt', '--check', dir)
    expect(check.code).toBe(1)
    expect(check.stderr).toContain(`${file}: not formatted`)
    expect((await hql('fmt', dir)).code).toBe(0)
    expect(await readFile(file, 'utf8')).toBe(
      'query q\nexplore Movie\n  where traits = "mhgnr-a"\n  with primaryImage\n',
    )
    expect((await hql('fmt', '--check', dir)).code).toBe(0)
  })

  // What docs/text.md (Query catalogs) and docs/cli.md promise about fmt, check and reserved names.
  it('fmt keeps every comment but joins comment blocks separated by a blank line', async () => {
    const dir = await scratch()
    const file = join(dir, 'q.hql')
    await writeFile(file, '# one\n\n# two\nquery q explore\n\n# tail one\n\n# tail two\n')
    expect((await hql('fmt', dir)).code).toBe(0)
    expect(await readFile(file, 'utf8')).toBe('# one\n# two\nquery q\nexplore\n\n# tail one\n# tail two\n')
  })

  it.each([
    ['empty', ''],
    ['comment-only', '# nothing here yet\n'],
  ])('an %s file is a syntax error for check and fmt (exit 1)', async (_, text) => {
    const dir = await scratch()
    const file = join(dir, 'q.hql')
    await writeFile(file, text)
    for (const command of ['check', 'fmt']) {
      const { code, stderr } = await hql(command, dir)
      expect(code).toBe(1)
      expect(stderr.startsWith(`${file}:`), stderr).toBe(true)
      expect(stderr).toMatch(/^[^\n]*:\d+:1: expected 'query'[^\n]*found end of input/)
    }
  })

  it("refuses a JavaScript reserved word as a catalog query's name, which parseQuery accepts", async () => {
    const dir = await scratch()
    await writeFile(join(dir, 'q.hql'), 'query with explore\n')
    const { code, stderr } = await hql('check', dir)
    expect(code).toBe(1)
    expect(stderr).toContain(`${join(dir, 'q.hql')}:1:7: 'with' cannot name a generated function`)
    expect(compile(parseQuery('query with explore\n', { query: 'with' })).endpoint).toBe('/graph/explore')
  })

  it('refuses a parameter named after a key of Object.prototype, which generated code would read', async () => {
    const dir = await scratch()
    await writeFile(join(dir, 'q.hql'), 'query q($constructor: Int = 2) explore page size $constructor\n')
    const { code, stderr } = await hql('check', dir)
    expect(code).toBe(1)
    expect(stderr).toContain(
      `${join(dir, 'q.hql')}:1:9: '$constructor' cannot name a parameter of a generated function`,
    )
  })

  it('reports every problem of a catalog, with exit 1', async () => {
    const dir = await scratch()
    await writeFile(
      join(dir, 'a.hql'),
      'query a explore with primaryImg\nquery b explore where traits = "mhsrc-x"\n',
    )
    const { code, stderr } = await hql('check', dir)
    expect(code).toBe(1)
    expect(stderr).toContain(`${join(dir, 'a.hql')}:1:22: unknown component 'primaryImg'`)
    expect(stderr).toContain(`${join(dir, 'a.hql')}:2:32: expected a Trait id`)
    expect(stderr).toContain('2 problems')
  })

  it('generate --check fails on a stale file, and fixtures are written and checked', async () => {
    const dir = await scratch()
    await cp('examples/catalog', join(dir, 'catalog'), { recursive: true })
    const out = join(dir, 'queries.ts')
    expect((await hql('generate', join(dir, 'catalog'), '--out', out, '--check')).code).toBe(1)
    expect((await hql('generate', join(dir, 'catalog'), '--out', out)).code).toBe(0)
    expect(await readFile(out, 'utf8')).toBe(await readFile('examples/catalog/queries.ts', 'utf8'))
    await writeFile(join(dir, 'catalog', 'more.hql'), 'query more explore')
    const stale = await hql('generate', join(dir, 'catalog'), '--out', out, '--check')
    expect(stale).toMatchObject({ code: 1 })
    expect(stale.stderr).toContain('stale')

    const fixtures = join(dir, 'fixtures')
    expect((await hql('fixtures', join(dir, 'catalog'), '--out', fixtures)).code).toBe(0)
    expect(JSON.parse(await readFile(join(fixtures, 'more.json'), 'utf8'))).toEqual({
      endpoint: '/graph/explore',
      method: 'POST',
      body: { filters: {} },
    })
    expect((await hql('fixtures', join(dir, 'catalog'), '--out', fixtures, '--check')).code).toBe(0)
  })

  it('fixtures --check reports the .json of a removed query; writing removes it', async () => {
    const dir = await scratch()
    await writeFile(join(dir, 'a.hql'), 'query kept explore\nquery gone explore Movie\n')
    const out = join(dir, 'fixtures')
    expect((await hql('fixtures', dir, '--out', out)).code).toBe(0)
    await writeFile(join(dir, 'a.hql'), 'query kept explore\n')
    await writeFile(join(out, 'notes.txt'), 'not a fixture')
    const stale = await hql('fixtures', dir, '--out', out, '--check')
    expect(stale.code).toBe(1)
    expect(stale.stderr).toBe(
      `${join(out, 'gone.json')}: no query of the catalog writes it; run hql fixtures ${dir} --out ${out}\n`,
    )
    const written = await hql('fixtures', dir, '--out', out)
    expect(written).toMatchObject({ code: 0, stderr: '' })
    expect(written.stdout).toContain(`removed ${join(out, 'gone.json')}`)
    expect((await readdir(out)).sort()).toEqual(['kept.json', 'notes.txt'])
    expect((await hql('fixtures', dir, '--out', out, '--check')).code).toBe(0)
  })
})
