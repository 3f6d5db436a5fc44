import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { catalogFile, checkCatalog, loadCatalog } from '../../src/catalog'
import type { Catalog } from '../../src/catalog'

const catalogOf = (files: Record<string, string>): Catalog => ({
  files: Object.entries(files).map(([path, text]) => catalogFile(path, path, text)),
})

describe('checkCatalog', () => {
  it('reports every problem at once, in file order, as file:line:col', () => {
    const { errors, queries } = checkCatalog(
      catalogOf({
        'a.hql': [
          'query good explore Movie',
          'query broken explore where',
          // A `query` that starts a line starts the next definition, never a filter name of the one before.
          'query alsoBroken explore Movie with primaryImg',
          'explore Movie',
          'query good explore',
        ].join('\n'),
        'b.hql':
          'query delete($x: Int) explore page $x\nquery typo($c: ContributorId) explore where contributors = $d',
      }),
    )
    expect(errors.map((error) => error.message)).toEqual([
      "a.hql:3:1: expected a filter name (returnType, contributors, traits...) or '(', found 'query'",
      "a.hql:3:37: unknown component 'primaryImg'; did you mean 'primaryImage'?",
      "a.hql:4:1: every query of a catalog needs a name: 'query <name>' above it",
      "a.hql:5:7: query 'good' is already defined at a.hql:1:7",
      "b.hql:1:7: 'delete' cannot name a generated function; choose another name",
      'b.hql:2:12: parameter $c is never used',
      "b.hql:2:60: unknown parameter $d; did you mean 'c'?",
    ])
    expect(queries.map((query) => query.name)).toEqual(['good'])
  })

  it('checks parameters without defaults with stand-in values, and defaults as given', () => {
    const { errors, queries } = checkCatalog(
      catalogOf({
        'q.hql': 'query q($c: ContributorId, $n: Int = 0) explore where contributors = $c page size $n',
      }),
    )
    expect(errors.map((error) => [error.code, error.line, error.column])).toEqual([
      ['invalid_page_size', 1, 83],
    ])
    expect(queries).toEqual([])
  })

  // Issue 12: a text problem (an unused parameter) used to stop the check before the model's (an id's prefix,
  // a component's name). The model's are added, except at a place a text problem already explains.
  it("reports the text's problems and the model's together, each mistake once", () => {
    const { errors } = checkCatalog(
      catalogOf({
        'q.hql': [
          'query a($c: Id) explore Movie where traits = "mhsrc-x" with primaryImg',
          'query b($n: Int = "x", $t: Strin) explore where traits = $t with keyTraitz page size $n',
          'query c explore where traits = $nope with primaryImg',
        ].join('\n'),
      }),
    )
    expect(errors.map((error) => [error.code, error.line, error.column])).toEqual([
      ['unused_parameter', 1, 9],
      ['wrong_id_prefix', 1, 46],
      ['unknown_component', 1, 61],
      ['invalid_parameter', 2, 19],
      ['unknown_type', 2, 28],
      ['unknown_component', 2, 66],
      ['unknown_parameter', 3, 32],
      ['unknown_component', 3, 43],
    ])
  })

  it('loads the example catalog with no problems', async () => {
    const catalog = await loadCatalog(['examples/catalog'])
    expect(catalog.files.map((file) => file.relativePath)).toEqual(['home.hql', 'movies.hql'])
    const { errors, queries } = checkCatalog(catalog)
    expect(errors).toEqual([])
    expect(queries.map((query) => query.name)).toEqual([
      'home',
      'moviesByContributor',
      'dramas',
      'similarTo',
      'details',
    ])
  })

  it('drops one byte order mark at the start of a file: line 1 columns are those an editor shows', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'hql-bom-'))
    try {
      await writeFile(
        join(directory, 'bom.hql'),
        '\ufeffquery a explore Movei\nquery b explore Movie with primaryImag',
      )
      const { errors } = checkCatalog(await loadCatalog([directory]))
      // Counted as a column, the mark put line 1's error at 1:18, where an editor shows Movei at 1:17.
      expect(errors.map((error) => `${error.line}:${error.column} ${error.code}`)).toEqual([
        '1:17 unknown_type',
        '2:28 unknown_component',
      ])
      expect(errors[0]?.frame.split('\n')[0]).toBe('1 | query a explore Movei')
    } finally {
      await rm(directory, { recursive: true })
    }
  })
})
