import { describe, expect, it } from 'vitest'
import { compile } from 'hql'
import { HqlTextError, parseDocument, parseQuery, printDocument } from '../../src/text'
import type { FragmentDefinitionNode, ParamNode } from '../../src/text'
import { Lowering } from '../../src/text/lower'
import { maxErrorsPerText } from '../../src/text/errors'

/** A map that counts how often its names are listed (what a `did you mean` chooses from). */
class CountingMap<V> extends Map<string, V> {
  listed = 0
  override keys(): MapIterator<string> {
    this.listed++
    return super.keys()
  }
}

const catalog = `query moviesByContributor($contributor: ContributorId, $size: Int = 20)
explore Movie
  where contributors = $contributor
  page size $size

query byGenres($genres: [TraitId], $extra: TraitId = "mhgnr-war", $seed: FactorId, $w: Float = 0.5, $boost: Boolean = false)
relate Movie to $seed weight $w boost only $boost
  where traits in [$extra, $genres]
`

describe('named queries with parameters', () => {
  it('substitute values and defaults', () => {
    const q = parseQuery(catalog, {
      query: 'moviesByContributor',
      params: { contributor: 'mhric-brad-pitt' },
    })
    expect(compile(q).body).toEqual({
      filters: { returnType: { $eq: 'Movie' }, contributors: { $eq: 'mhric-brad-pitt' } },
      pageSize: 20,
    })
    const sized = parseQuery(catalog, {
      query: 'moviesByContributor',
      params: { contributor: 'mhric-x', size: 5 },
    })
    expect(compile(sized).body).toMatchObject({ pageSize: 5 })
  })

  it('splice a list parameter into a list and accept narrower types', () => {
    const q = parseQuery(catalog, {
      query: 'byGenres',
      params: { genres: ['mhgnr-drama', 'mhgnr-comedy'], seed: 'mhmov-gladiator' },
    })
    expect(compile(q).body).toEqual({
      factors: [{ id: 'mhmov-gladiator', weight: 0.5, boostOnly: false }],
      filters: {
        returnType: { $eq: 'Movie' },
        traits: { $in: ['mhgnr-war', 'mhgnr-drama', 'mhgnr-comedy'] },
      },
    })
  })

  it('stay parameters when printed: printing never substitutes them', () => {
    const printed = printDocument(parseDocument(catalog))
    expect(printed).toContain('where contributors = $contributor')
    expect(printed).toContain('relate Movie to $seed weight $w boost only $boost')
    expect(printed).toContain('where traits in [$extra, $genres]')
    expect(printDocument(parseDocument(printed))).toBe(printed)
  })

  it('take stand-in values for checking', () => {
    const q = parseQuery(catalog, { query: 'byGenres', placeholders: true })
    expect(compile(q).body).toMatchObject({
      factors: [{ id: 'mhmov-seed' }],
      filters: { traits: { $in: ['mhgnr-war', 'mhgnr-genres'] } },
    })
  })
})

describe('unknown names', () => {
  it('are suggested from names listed once, and only for the problems kept', () => {
    // 2,000 declared and 2,000 unknown: a list and a `did you mean` over it for each unknown name took 5.5 s.
    const declared = Array.from({ length: 2_000 }, (_, i) => `$param${i}: Id`).join(', ')
    const unknown = Array.from({ length: 2_000 }, (_, i) => `$parem${i}x`).join(', ')
    const fragments = Array.from({ length: 2_000 }, (_, i) => `fragment card${i} on Movie { primaryImage }`)
    const spreads = Array.from({ length: 2_000 }, (_, i) => `...cord${i}x`).join(', ')
    const text = `${fragments.join('\n')}\nquery q(${declared})\nlookup ${unknown} with ${spreads}`
    const document = parseDocument(text)
    const definition = document.definitions[0]!
    const params = new CountingMap<ParamNode>(definition.params.map((param) => [param.variable.name, param]))
    const known = new CountingMap<FragmentDefinitionNode>(
      document.fragments.map((fragment) => [fragment.name.value, fragment]),
    )
    const lowering = new Lowering(params, new Map(), { fragments: known })
    lowering.lower(definition.operation)
    expect(lowering.problems).toHaveLength(maxErrorsPerText)
    expect(lowering.problems[0]?.reason).toBe("unknown parameter $parem0x; did you mean 'param0'?")
    expect(params.listed).toBe(1)
    expect(known.listed).toBe(0)
  })

  it('lists a fragment’s names once for its unknown spreads', () => {
    const spreads = Array.from({ length: 20 }, (_, i) => `...cord${i}x`).join(', ')
    const document = parseDocument(`fragment card0 on Movie { primaryImage }\nexplore Movie with ${spreads}`)
    const known = new CountingMap<FragmentDefinitionNode>(
      document.fragments.map((fragment) => [fragment.name.value, fragment]),
    )
    const lowering = new Lowering(new Map(), new Map(), { fragments: known })
    lowering.lower(document.definitions[0]!.operation)
    expect(lowering.problems.map((problem) => problem.code)).toEqual(Array(20).fill('unknown_fragment'))
    expect(lowering.problems[0]?.reason).toBe("unknown fragment 'cord0x'; did you mean 'card0'?")
    expect(known.listed).toBe(1)
  })
})

describe('a parameter value of the wrong shape', () => {
  it('is refused as invalid_parameter however deep it nests, and never copied into the body', () => {
    let deepList: unknown = 'x'
    for (let i = 0; i < 100_000; i++) deepList = [deepList]
    let deepObject: unknown = 'x'
    for (let i = 0; i < 100_000; i++) deepObject = { a: deepObject }
    const cases: [string, string, unknown][] = [
      ['query q($s: String) silos silo Explore(name: $s)', 's', deepList],
      ['query q($ids: [Id]) lookup $ids', 'ids', [deepList]],
      ['query q($n: Int) explore page size $n', 'n', deepObject],
    ]
    // Copied into the body before it was refused: a RangeError (the stack's end) for each.
    for (const [text, name, value] of cases) {
      let thrown: unknown
      try {
        parseQuery(text, { params: { [name]: value } })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(HqlTextError)
      expect(thrown).toMatchObject({ code: 'invalid_parameter', line: 1, column: 9 })
    }
  })
})
