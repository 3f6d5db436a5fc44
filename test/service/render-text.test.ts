// The HTTP answers' text renderer (src/service/query/render-text.ts) against the object path it replaced:
// for generated queries (every endpoint, ids of every type, components nested and repeated, tight limits),
// jsonText of the 'text' answer is JSON.stringify of the 'objects' answer to the byte, and a request over a
// limit fails with the same error at the same path either way.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { browsableTypes, recommendedTypes } from '../../src/model/query'
import type { ObjectTypeName } from '../../src/model'
import { componentsFor } from '../model/generated-queries'
import { benchLookup } from '../../bench/service-requests'
import type { Requested } from '../model/promised-responses'
import type { GraphNode, ImageNode } from '../../src/service/graph/entities'
import { graphFor } from '../../src/service/graph/shared-graph'
import { errorResponse } from '../../src/service/http/errors'
import {
  answerQuery,
  type AnswerDeps,
  type AnswerForm,
  type GraphEndpoint,
} from '../../src/service/query/answer'
import { DEFAULT_LIMITS, type QueryContext } from '../../src/service/query/context'
import { jsonText } from '../../src/service/query/json-text'
import { DEFAULT_FIELD_NAMES, defaultFields, defaultImage } from '../../src/service/query/objects'

const { graph } = graphFor(undefined, [{ username: 'demo', password: 'render-text', name: 'Demo User' }])
const image = defaultImage('http://127.0.0.1')

/** Nodes of every type: titles, episodes, people, traits, sources, public and private collections, users, images. */
const lookupNodes = [
  ...graph.media.slice(0, 6),
  ...graph.episodic.slice(0, 3),
  ...graph.contributors.slice(0, 4),
  ...graph.traits.slice(0, 3),
  ...graph.sources.slice(0, 3),
  ...graph.collections.filter((c) => c.permissions === 'public').slice(0, 3),
  ...graph.collections.filter((c) => c.permissions !== 'public').slice(0, 2),
  ...graph.users.slice(0, 3),
  ...graph.images.slice(0, 2),
]

/** Components valid for `types`, nested up to `depth` levels (test/model/generated-queries.ts). */
const componentsOf = (types: readonly ObjectTypeName[], depth: number): fc.Arbitrary<Requested[]> =>
  componentsFor(types, depth)

/** Nodes of a type set, as lookup ids: the types' ids the graph holds, and images and private collections. */
const typed = (nodes: readonly { readonly mhid: string; readonly type: ObjectTypeName }[]) =>
  fc.uniqueArray(fc.constantFrom(...nodes), { minLength: 1, maxLength: 4 }).chain((chosen) =>
    componentsOf([...new Set(chosen.map((n) => n.type))], 3).map((components) => ({
      endpoint: 'lookup' as const,
      body: { ids: chosen.map((n) => n.mhid), components },
    })),
  )

const returned = (types: readonly ObjectTypeName[]) =>
  types.length === 1 ? { $eq: types[0] } : { $in: types }

const body = fc.oneof(
  typed(lookupNodes),
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...browsableTypes), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: 1, max: 8 }),
      fc.integer({ min: 0, max: 2 }),
    )
    .chain(([types, pageSize, page]) =>
      componentsOf(types, 3).map((components) => ({
        endpoint: 'explore' as const,
        body: { filters: { returnType: returned(types) }, pageSize, page, components },
      })),
    ),
  fc
    .tuple(
      fc.uniqueArray(fc.constantFrom(...recommendedTypes), { minLength: 1, maxLength: 2 }),
      fc.integer({ min: 1, max: 8 }),
    )
    .chain(([types, pageSize]) =>
      componentsOf(types, 3).map((components) => ({
        endpoint: 'relate' as const,
        body: {
          factors: [{ id: 'mhmov-gladiator' }, { id: 'mhric-tom-hanks', weight: 0.5 }],
          filters: { returnType: returned(types) },
          pageSize,
          components,
        },
      })),
    ),
  fc
    .tuple(fc.constantFrom('Explore', 'GraphLens'), fc.integer({ min: 1, max: 4 }))
    .chain(([type, siloPageSize]) =>
      componentsOf(['Movie', 'ShowSeries'], 2).map((components) => ({
        endpoint: 'silos' as const,
        body: { blueprints: [{ type }], siloPageSize, components },
      })),
    ),
)

/** The answer as the HTTP layer would write it, or the error body it would send. */
function answer(
  deps: AnswerDeps,
  endpoint: GraphEndpoint,
  json: unknown,
  username: string | undefined,
  form: AnswerForm,
): string {
  try {
    const value = answerQuery(deps, endpoint, json, username, form)
    return form === 'text' ? jsonText(value) : JSON.stringify(value)
  } catch (error) {
    const { status, body } = errorResponse(error)
    return `${status} ${JSON.stringify(body)}`
  }
}

describe('the text renderer of the HTTP answers', () => {
  it('writes the same bytes as the object path, and fails where it fails, for generated queries', () => {
    const outcomes: string[] = []
    fc.assert(
      fc.property(
        body,
        fc.constantFrom('demo', undefined),
        fc.constantFrom(undefined, 40, 200),
        fc.constantFrom(undefined, 3000, 20_000),
        ({ endpoint, body: json }, username, maxObjects, maxWork) => {
          const limits = { ...DEFAULT_LIMITS, ...(maxObjects && { maxObjects }), ...(maxWork && { maxWork }) }
          const deps: AnswerDeps = { graph, limits, defaultImage: () => image }
          const text = answer(deps, endpoint, json, username, 'text')
          outcomes.push(text.slice(0, 3))
          expect(text).toBe(answer(deps, endpoint, json, username, 'objects'))
        },
      ),
      { numRuns: 300 },
    )
    // Most cases answer (the rest fail a limit, or name a private collection): the comparison is of answers.
    expect(outcomes.filter((o) => o === '{"c' || o === '{"s').length).toBeGreaterThan(outcomes.length / 2)
  })

  it('writes the bench lookup (3 titles, nested components, ~120 KB) alike', () => {
    const deps: AnswerDeps = { graph, limits: DEFAULT_LIMITS, defaultImage: () => image }
    // The bench's lookup, and userSocial: every component the answer writes from the asker.
    const lookup = { ...benchLookup, components: [...benchLookup.components, { name: 'userSocial' }] }
    const text = answer(deps, 'lookup', lookup, 'demo', 'text')
    expect(text.length).toBeGreaterThan(100_000)
    expect(text).toBe(answer(deps, 'lookup', lookup, 'demo', 'objects'))
  })

  it('knows every default field name of every type (a component named like one takes the object path)', () => {
    const samples: (GraphNode | ImageNode)[] = [
      graph.media[0],
      graph.episodic[0],
      graph.contributors[0],
      graph.traits[0],
      graph.sources[0],
      graph.collections[0],
      graph.users[0],
      graph.images[0],
      image,
    ].filter((node) => node !== undefined)
    for (const node of samples) {
      // The asking user's own fields are the widest (their email).
      const ctx = { user: node } as unknown as QueryContext
      for (const key of Object.keys(defaultFields(node, ctx))) expect(DEFAULT_FIELD_NAMES).toContain(key)
    }
    expect(samples.map((n) => n.type)).toEqual(
      expect.arrayContaining(['Movie', 'Contributor', 'Trait', 'Source', 'Collection', 'User', 'Image']),
    )
  })
})
