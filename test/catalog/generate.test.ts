import { describe, expect, it } from 'vitest'
import { compile, HqlError } from 'hql'
import { parseQuery } from '../../src/text'
import { catalogFile, catalogFixtures, checkCatalog, generateModule, loadCatalog } from '../../src/catalog'
import * as generated from '../../examples/catalog/queries'
import { readFile } from 'node:fs/promises'

const catalogText = async (name: string) => readFile(`examples/catalog/${name}`, 'utf8')

describe('generated functions', () => {
  it('send the same request as the text query with the same values', async () => {
    const movies = await catalogText('movies.hql')
    const home = await catalogText('home.hql')
    const cases = [
      [
        generated.moviesByContributor({ contributor: 'mhric-brad-pitt' }),
        movies,
        'moviesByContributor',
        { contributor: 'mhric-brad-pitt' },
      ],
      [
        generated.moviesByContributor({ contributor: 'mhric-x', size: 3 }),
        movies,
        'moviesByContributor',
        { contributor: 'mhric-x', size: 3 },
      ],
      [generated.dramas(), movies, 'dramas', {}],
      [
        generated.similarTo({ seed: 'mhmov-gladiator', contributor: 'mhric-russell-crowe' }),
        movies,
        'similarTo',
        { seed: 'mhmov-gladiator', contributor: 'mhric-russell-crowe' },
      ],
      [
        generated.details({ ids: ['mhmov-gladiator', 'iTunes:Movie:1'] }),
        movies,
        'details',
        { ids: ['mhmov-gladiator', 'iTunes:Movie:1'] },
      ],
      [generated.home({ liked: ['mhmov-gladiator'] }), home, 'home', { liked: ['mhmov-gladiator'] }],
    ] as const
    for (const [query, text, name, params] of cases)
      expect(compile(query)).toEqual(compile(parseQuery(text, { query: name, params })))
  })

  it('take ids as strings (issue 31), and refuse a wrong one where the query is built, naming its path', () => {
    const fromUrl: string = 'mhsrc-itunes'
    expect(() => generated.moviesByContributor({ contributor: fromUrl })).toThrow(
      "$.filters.contributors.$eq: expected a Contributor id (mhric…, mhrgc…, mhfic…, mhfgc…), got 'mhsrc-itunes'",
    )
    expect(() => generated.details({ ids: ['not an id'] })).toThrow(HqlError)
  })

  it('are written the same way every time, and the example module is up to date', async () => {
    const { queries } = checkCatalog(await loadCatalog(['examples/catalog']))
    const module = generateModule(queries)
    expect(generateModule(queries)).toBe(module)
    expect(module).not.toMatch(/\d{4}-\d{2}-\d{2}|version/i)
    expect(await readFile('examples/catalog/queries.ts', 'utf8')).toBe(module)
  })

  it('cover every endpoint element the builder can express', () => {
    const text = `query all($t: TypeName, $b: Boolean = true, $n: Int = 2)
relate to "mhmov-a" weight 0.5 boost only $b, "mhric-b"
  where returnType = $t and (traits contains all ["mhgnr-a"] or traits != "mhgnr-b")
  with keyContributors size $n { primaryImage, contributions { keyTraits } }
  page 1
query sorted($ids: [Id]) explore order by idsOrder $ids desc, random, likeOrder asc
query seeds silos for [] silo GraphLens silo Content(ids: ["mhmov-a"]) at [1, 2] silo size 3`
    const { errors, queries } = checkCatalog({ files: [catalogFile('all.hql', 'all.hql', text)] })
    expect(errors).toEqual([])
    const module = generateModule(queries)
    expect(module).toContain(
      "H.hql.relate({ id: 'mhmov-a', weight: 0.5, boostOnly: params.b ?? true }, 'mhric-b')",
    )
    expect(module).toContain(
      ".filter(H.returnType.eq(params.t), H.traits.or(H.traits.all('mhgnr-a'), H.traits.ne('mhgnr-b')))",
    )
    expect(module).toContain(
      '.with(H.keyContributors(H.primaryImage, H.contributions(H.keyTraits)).pageSize(params.n ?? 2))',
    )
    expect(module).toContain(
      // A sort as its helper's call: \`.sort()\` takes only the sorts the helpers made.
      '.sort(H.idsOrder.desc(...params.ids), H.random(), H.likeOrder.asc())',
    )
    expect(module).toContain("H.silo.content({ ids: ['mhmov-a'], positions: [1, 2] })")
    expect(module).toContain('.ids()')
  })
})

describe('the line a generated function names', () => {
  it('counts lines as errors do: \\n, \\r\\n and a lone \\r each end one', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = ['# first', 'query a explore', '', 'query b', 'explore'].join(eol)
      const { errors, queries } = checkCatalog({ files: [catalogFile('q.hql', 'q.hql', text)] })
      expect(errors).toEqual([])
      const module = generateModule(queries)
      expect(module, JSON.stringify(eol)).toContain('/** `a` from q.hql:2. */')
      expect(module, JSON.stringify(eol)).toContain('/** `b` from q.hql:4. */')
    }
  })
})

describe('fixtures', () => {
  it("hold each query's request with defaults and stand-ins", async () => {
    const { queries } = checkCatalog(await loadCatalog(['examples/catalog']))
    const fixtures = catalogFixtures(queries)
    expect([...fixtures.keys()]).toEqual([
      'home.json',
      'moviesByContributor.json',
      'dramas.json',
      'similarTo.json',
      'details.json',
    ])
    expect(JSON.parse(fixtures.get('moviesByContributor.json') ?? '')).toMatchObject({
      endpoint: '/graph/explore',
      method: 'POST',
      body: { filters: { contributors: { $eq: 'mhric-contributor' } }, pageSize: 20 },
    })
  })
})
