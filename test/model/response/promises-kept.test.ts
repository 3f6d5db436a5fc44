// What the per-query check refuses and what it lets through, at the edges a review of session 23 found (each case
// failed before its fix): an answer is refused for breaking a promise the documents or the query make, and for
// nothing else (docs/response-checks.md).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allSubscriptions,
  contributions,
  hql,
  items,
  keyContributors,
  primaryGroup,
  primaryImage,
  returnType,
  silo,
} from 'hql'
import { responseCheckOf } from '../../../src/model/core'
import type { Query } from '../../../src/model/core'

const id = (prefix: string, n = 1) => `${prefix}${String(n).padStart(39, '0')}`
const pageOf = (content: unknown[], pagingInfo: object = { next: null }) => ({ content, pagingInfo })
const pair = (object: unknown, context: object = {}) => ({ object, context })
const rendition = { url: 'https://img.example/1.jpg', width: 10, height: 10 }
const image = (extra: object = {}) => ({
  mhid: id('mhimg'),
  name: null,
  isDefault: true,
  ...{ original: rendition, thumbnail: rendition, small: rendition, medium: rendition, large: rendition },
  ...extra,
})
const media = (prefix: string, n = 1, extra: object = {}) => ({
  mhid: id(prefix, n),
  name: `M${n}`,
  altId: `${prefix}-m${n}`,
  releaseDate: 0,
  ...extra,
})
const contributor = (extra: object = {}) => ({ mhid: id('mhric'), name: 'C', altId: 'mhric-c', ...extra })
const collection = (extra: object = {}) => ({
  mhid: id('mhcol'),
  name: 'L',
  altId: 'mhcol-l',
  createdDate: 0,
  description: '',
  permissions: 'public',
  published: true,
  ...extra,
})

/** The issues' paths and messages of checking `response` against what `query` promises ([] when it passes). */
function issuesOf(query: Query, response: unknown): [string, string][] {
  const result = responseCheckOf(query).safeParse(response)
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])
}

describe('an object of a known type a component does not hold', () => {
  it('is refused, naming the type the documents promise and the one that came', () => {
    const movie = hql.explore().filter(returnType.eq('Movie'))
    // A primaryImage holding a Movie (thumbnail and all): was checked as a Movie and passed.
    expect(
      issuesOf(
        movie.with(primaryImage),
        pageOf([pair(media('mhmov', 1, { primaryImage: pair(media('mhmov', 2)) }))]),
      ),
    ).toEqual([['content.0.object.primaryImage.object.mhid', 'expected an Image, got a Movie']])
    // keyContributors holding a title; a Source's allSubscriptions holding a Movie.
    expect(
      issuesOf(
        movie.with(keyContributors),
        pageOf([pair(media('mhmov', 1, { keyContributors: [pair(media('mhsss'), { relationships: [] })] }))]),
      ),
    ).toEqual([
      ['content.0.object.keyContributors.0.object.mhid', 'expected a Contributor, got a ShowSeries'],
    ])
    const source = {
      mhid: id('mhsrc'),
      name: 'S',
      altId: 'mhsrc-s',
      connectable: 0,
      webUrl: 'https://s.example',
    }
    expect(
      issuesOf(
        hql.lookup(id('mhsrc')).with(allSubscriptions),
        pageOf([pair({ ...source, allSubscriptions: [pair(media('mhmov'))] })]),
      ).map(([path]) => path),
    ).toEqual(['content.0.object.allSubscriptions.0.object.mhid'])
  })

  it('passes where its type is one the list may hold, and where hql does not know its prefix (property)', () => {
    const query = hql.lookup(id('mhcol')).with(items(primaryImage))
    const known = fc.constantFrom('mhmov', 'mhsss', 'mhsep', 'mhsng', 'mhgam', 'mhggp')
    const unknown = fc
      .stringMatching(/^mh[a-z]{3}$/)
      .filter((p) => p.startsWith('mhz') || p.startsWith('mhq'))
    fc.assert(
      fc.property(known, unknown, (kind, strange) => {
        const item = pair(media(kind, 1, { primaryImage: pair(image()) }))
        const response = pageOf([pair(collection({ items: [item, pair({ mhid: id(strange) })] }))])
        expect(issuesOf(query, response)).toEqual([])
      }),
      { numRuns: 50 },
    )
  })
})

describe('an object without an mhid where several types may come', () => {
  it('is refused at its mhid, in items, contributions and primaryGroup (every such type has one)', () => {
    const cases: [Query, unknown, string][] = [
      [
        hql.lookup(id('mhcol')).with(items(primaryImage)),
        pair(collection({ items: [pair({ name: 'x', primaryImage: 'nope' })] })),
        'content.0.object.items.0.object.mhid',
      ],
      [
        hql.lookup(id('mhric')).with(contributions(keyContributors)),
        pair(contributor({ contributions: [pair({ name: 'x' })] })),
        'content.0.object.contributions.0.object.mhid',
      ],
      [
        hql.lookup(id('mhmov')).with(primaryGroup(primaryImage)),
        pair(media('mhmov', 1, { primaryGroup: pair({}) })),
        'content.0.object.primaryGroup.object.mhid',
      ],
    ]
    for (const [query, item, path] of cases) {
      const found = issuesOf(query, pageOf([item]))
      expect(found.map(([at]) => at)).toEqual([path])
      expect(found[0]![1]).toMatch(/, and the mhid does not tell the type$/)
    }
  })
})

describe('a top-level object of a prefix hql does not know', () => {
  const strange = pair({ mhid: id('mhpod'), name: 'A podcast' })
  it('passes where the query does not narrow its types (no returnType, or $ne)', () => {
    for (const query of [
      hql.explore(),
      hql.explore().filter(returnType.ne('Movie')),
      hql.relate(id('mhmov')),
    ])
      expect(issuesOf(query, pageOf([strange, pair(media('mhsss'))]))).toEqual([])
  })

  it('is refused where the query names its types', () => {
    for (const query of [
      hql.explore().filter(returnType.eq('Movie')),
      hql.explore().filter(returnType.in('Movie', 'ShowSeries')),
      hql.lookup(id('mhmov')),
    ])
      expect(issuesOf(query, pageOf([strange]))).toEqual([
        ['content.0.object.mhid', expect.stringMatching(/, and the mhid does not tell the type$/)],
      ])
  })
})

describe('what the documents leave open', () => {
  it('pagingInfo.previous is any object or null, with the strict check', () => {
    const query = hql.lookup(id('mhcol')).with(items)
    for (const previous of [null, {}, { page: 0 }, { endpoint: '/graph/lookup', method: 'POST' }])
      expect(issuesOf(query, pageOf([pair(collection({ items: [] }))], { next: null, previous }))).toEqual([])
    expect(issuesOf(query, pageOf([], { next: null, previous: 'back' }))).toEqual([
      ['pagingInfo.previous', expect.stringMatching(/^expected an object/)],
    ])
  })

  it("an image's averageColor is of any type", () => {
    const query = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
    for (const averageColor of [null, '#336699', 0x336699, { r: 1 }])
      expect(
        issuesOf(query, pageOf([pair(media('mhmov', 1, { primaryImage: pair(image({ averageColor })) }))])),
      ).toEqual([])
  })
})

describe("a silos blueprint's own filters", () => {
  const silos = (...content: unknown[]) => ({
    silos: [{ title: 'S', content, pagingInfo: { next: null } }],
    pagingInfo: { next: null },
  })
  it("override the query's returnType for its silo (SERVICE-SPEC.md), in what the check accepts", () => {
    const series = silo.explore({ name: 'Series', filters: [returnType.eq('ShowSeries')] })
    const query = hql.silos(series).filter(returnType.eq('Movie'))
    expect(issuesOf(query, silos(pair(media('mhsss'))))).toEqual([])
    // What neither the blueprint's filters nor the query's let through is still refused.
    expect(issuesOf(query, silos(pair(media('mhsep')))).map(([path]) => path)).toEqual([
      'silos.0.content.0.object.mhid',
    ])
    // A blueprint without a returnType follows the query's; one with its own holds only its own.
    const both = hql.silos(series, silo.explore()).filter(returnType.eq('Movie'))
    expect(issuesOf(both, silos(pair(media('mhmov')), pair(media('mhsss'))))).toEqual([])
    const movies = hql.silos(silo.explore({ filters: [returnType.eq('Movie')] }))
    expect(issuesOf(movies, silos(pair(media('mhsss')))).map(([, message]) => message)).toEqual([
      'expected a Movie, got a ShowSeries',
    ])
  })

  // The run-time twin of test/builder/silo-blueprint-types.test-d.ts: the result type gives what is accepted here.
  it("take $in and $ne as the query's returnType would, in place of the query's", () => {
    const paths = (query: Query, ...content: unknown[]) =>
      issuesOf(query, silos(...content)).map(([path]) => path)
    const listed = hql
      .silos(silo.explore({ filters: [returnType.in('Movie', 'ShowSeries')] }))
      .filter(returnType.eq('Contributor'))
    expect(paths(listed, pair(media('mhmov')), pair(media('mhsss')))).toEqual([])
    expect(paths(listed, pair(contributor()))).toEqual(['silos.0.content.0.object.mhid'])
    // The blueprint's $ne replaces the query's $eq (the merge is by filter name): all but movies.
    const notMovies = hql
      .silos(silo.explore({ filters: [returnType.ne('Movie')] }))
      .filter(returnType.eq('Movie'))
    expect(paths(notMovies, pair(media('mhsss')), pair(contributor()))).toEqual([])
    expect(paths(notMovies, pair(media('mhmov')))).toEqual(['silos.0.content.0.object.mhid'])
    // A blueprint without a returnType of its own holds the query's movies.
    const withPlain = hql
      .silos(silo.explore({ filters: [returnType.ne('Movie')] }), silo.explore())
      .filter(returnType.eq('Movie'))
    expect(paths(withPlain, pair(media('mhmov')), pair(media('mhsss')))).toEqual([])
  })
})
