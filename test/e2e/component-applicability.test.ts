// The reference service's door of test/model/component-applicability.test.ts, over real HTTP: a component on a
// type it does not apply to is a 400 with the code and path the other doors give; one that applies is answered,
// and the object carries it in the shape the catalogue gives it. So a catalogue that let `images` apply to
// Source, while the service has no images of sources to give, fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objectTypeNames, typeOfId } from 'hql'
import { componentCatalogue, isDefaultField } from '../../src/schemas'
import type { ComponentName, ObjectTypeName } from 'hql'
import type { ComponentEntry } from '../../src/schemas'
import { formatPath, returnTypeNames } from '../../src/model'
import { buildCatalog } from '../../src/service/catalog/build'
import { defaultCatalogDir, readCatalogDir } from '../../src/service/catalog/load'
import { GraphIndex } from '../../src/service/graph/graph-index'
import { startHarness, type Harness } from '../service/helpers'
import { exampleIds, nestedCases, topLevelCases, type ApplicabilityCase } from '../support/applicability'

// The same catalog the service loads, read as data: where to find an object of each type.
const graph = new GraphIndex(
  buildCatalog(readCatalogDir(defaultCatalogDir()), [{ username: 'demo', name: 'Demo User' }]),
)
/** One object of each type the reference catalog has (a public editorial collection; the token's user). */
const catalogIds: ReadonlyMap<ObjectTypeName, string> = new Map(
  objectTypeNames.flatMap((type) => {
    const nodes = [
      ...graph.media,
      ...graph.contributors,
      ...graph.traits,
      ...graph.sources,
      ...graph.collections.filter((c) => c.owner === graph.editors),
      ...graph.images,
    ]
    const id = type === 'User' ? 'mhals-current-user' : nodes.find((node) => node.type === type)?.mhid
    return id === undefined ? [] : [[type, id] as const]
  }),
)

let h: Harness
beforeAll(async () => {
  h = await startHarness({ rateLimit: false })
})
afterAll(() => h.service.close())

const entry = (name: string): ComponentEntry => componentCatalogue[name as ComponentName]

/**
 * Answered only where the data has one (docs/reference-service.md, "Components": `primaryGroup` only where an editorial collection
 * holds the title): absent is truthful, present must be in shape.
 */
const whereTheDataHasOne: ReadonlySet<string> = new Set(['primaryGroup'])

/** Whether `value` has the shape a component of this entry adds: a pair, a paged list, an array, a value. */
function hasShape(value: unknown, shape: ComponentEntry['shape'], name: string): boolean {
  if (value === undefined && whereTheDataHasOne.has(name)) return true
  const v = value as { object?: unknown; content?: unknown; pagingInfo?: unknown } | null | undefined
  if (shape === 'pair') return typeof v?.object === 'object'
  if (shape === 'list') return Array.isArray(v?.content) && typeof v?.pagingInfo === 'object'
  if (shape === 'array') return Array.isArray(value)
  return value !== undefined
}

/** The pairs a component's value holds (one for a pair, all of a list or array, none for a plain value). */
function pairsOf(value: unknown, shape: ComponentEntry['shape']): { object?: Record<string, unknown> }[] {
  if (shape === 'pair') return [value as { object?: Record<string, unknown> }]
  if (shape === 'list') return (value as { content: [] }).content
  if (shape === 'array') return value as []
  return []
}

/** What went wrong with one case, or nothing: a refusal must match, an acceptance must carry the component. */
async function problemOf(body: object, c: ApplicabilityCase): Promise<string | undefined> {
  const r = await h.post('ids' in body ? '/graph/lookup' : '/graph/explore', body)
  if (!c.applies) {
    const want = { status: 400, error: 'component_not_applicable', path: formatPath(c.path) }
    const got = { status: r.status, error: r.body?.error, path: r.body?.path }
    return JSON.stringify(got) === JSON.stringify(want) ? undefined : `${c.label}: ${JSON.stringify(got)}`
  }
  if (r.status !== 200) return `${c.label}: refused, ${r.status} ${JSON.stringify(r.body)}`
  const [{ name, components = [] }] = c.components as [ApplicabilityCase['components'][number]]
  for (const pair of r.body.content as { object: Record<string, unknown> }[]) {
    // A component that is one of the type's default fields (an image's thumbnail) is that field, as it was.
    const own = typeOfId(String(pair.object.mhid))
    if (own !== undefined && isDefaultField(own, name) && pair.object[name] !== undefined) continue
    if (!hasShape(pair.object[name], entry(name).shape, name))
      return `${c.label}: ${name} missing or misshapen`
    const [child] = components
    if (child === undefined) continue
    // The child is on every object of the parent it applies to.
    for (const inner of pair.object[name] === undefined
      ? []
      : pairsOf(pair.object[name], entry(name).shape)) {
      const type = typeOfId(String(inner.object?.mhid)) ?? 'Subscription'
      if (
        entry(child.name).appliesTo.includes(type) &&
        !(isDefaultField(type, child.name) && inner.object?.[child.name] !== undefined) &&
        !hasShape(inner.object?.[child.name], entry(child.name).shape, child.name)
      )
        return `${c.label}: ${child.name} missing or misshapen on a ${type}`
    }
  }
  return undefined
}

const problems = async (cases: ApplicabilityCase[], bodyOf: (c: ApplicabilityCase) => object) => {
  const found: string[] = []
  for (const c of cases) {
    const problem = await problemOf(bodyOf(c), c)
    if (problem !== undefined) found.push(problem)
  }
  return found
}

// A page of one object: the case is about the components, not the paging.
const lookupBody = (id: string) => (c: ApplicabilityCase) => ({ ids: [id], components: c.components })
const exploreBody = (type: ObjectTypeName) => (c: ApplicabilityCase) => ({
  filters: { returnType: { $eq: type } },
  components: c.components,
  pageSize: 2,
})

describe('the reference service, over HTTP', () => {
  const lookupTypes = objectTypeNames.filter((type) => exampleIds.has(type))

  describe.each(lookupTypes.filter((type) => catalogIds.has(type)))('lookup of a %s', (type) => {
    it('answers each component that applies, in its shape, and refuses the rest as the other doors do', async () => {
      expect(await problems(topLevelCases(type), lookupBody(catalogIds.get(type) as string))).toEqual([])
    })
  })

  // Refusals need no object (the request is checked before any id is resolved); acceptances do.
  describe.each(lookupTypes.filter((type) => !catalogIds.has(type)))('lookup of a %s', (type) => {
    it(`refuses each component that does not apply (acceptance skipped: the reference catalog has no ${type})`, async () => {
      const refused = topLevelCases(type).filter((c) => !c.applies)
      expect(await problems(refused, lookupBody(exampleIds.get(type) as string))).toEqual([])
    })
  })

  describe.each([...returnTypeNames])('explore returnType %s', (type) => {
    it('answers each component that applies, in its shape, and refuses the rest', async () => {
      expect(await problems(topLevelCases(type), exploreBody(type))).toEqual([])
    })
  })

  it('each component nested under each parent: answered where it applies to what the parent returns', async () => {
    const nested = nestedCases((type) => catalogIds.has(type))
    expect(nested.length).toBeGreaterThan(0)
    expect(await problems(nested, (c) => lookupBody(catalogIds.get(c.on) as string)(c))).toEqual([])
  })
})
