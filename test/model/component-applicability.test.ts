// Each component on each type, directly and nested, through the builder, fromJSON and the text: every door
// accepts what the catalogue says applies and refuses the rest with `component_not_applicable` at the path of
// the component's name. The service's door is test/e2e/component-applicability.test.ts.
import { describe, expect, it } from 'vitest'
import { component, fromJSON, hql, objectTypeNames, returnType, returnTypeNames } from 'hql'
import { componentCatalogue, otherMediaPrefixes, traitPrefixes } from '../../src/schemas'
import type { ComponentName, ComponentSpec, ObjectTypeName } from 'hql'
import type { ComponentEntry } from '../../src/schemas'
import { prefixTypes } from '../../src/model'
import { HqlTextError, parseQuery } from '../../src/text'
import {
  exampleIds,
  mismatches,
  nestedCases,
  outcomeOf,
  topLevelCases,
  type ApplicabilityCase,
  type Outcome,
} from '../support/applicability'

/** The builder's spec for a case's components, built from names known only at run time. */
function specsOf(c: ApplicabilityCase): ComponentSpec[] {
  return c.components.map(({ name, components }) => {
    const spec = component(name) as ComponentSpec & ((...nested: ComponentSpec[]) => ComponentSpec)
    return components ? spec(...components.map((child) => component(child.name))) : spec
  })
}

/** The text of a case's components: `with keyContributors { primaryImage }`. */
const textOf = (c: ApplicabilityCase): string =>
  'with ' +
  c.components
    .map(({ name, components }) =>
      components ? `${name} { ${components.map((x) => x.name).join(', ')} }` : name,
    )
    .join(', ')

/** The text door, which must also place its error on the component's name in the text. */
function textOutcome(text: string, c: ApplicabilityCase): Outcome {
  const outcome = outcomeOf(() => parseQuery(text))
  if ('accepted' in outcome) return outcome
  const error = (() => {
    try {
      parseQuery(text)
    } catch (e) {
      return e
    }
  })()
  expect(error).toBeInstanceOf(HqlTextError)
  const name = c.path.length > 3 ? c.components[0]?.components?.[0]?.name : c.components[0]?.name
  // The error is reported where the offending component was written.
  if (!text.startsWith(name ?? '\u0000', (error as HqlTextError).offset))
    return { code: `${outcome.code} (not at '${name}' in the text)`, path: outcome.path }
  return outcome
}

type Door = (id: string, c: ApplicabilityCase) => Outcome
/** The doors a lookup of one id goes through. */
const lookupDoors: Record<string, Door> = {
  builder: (id, c) => outcomeOf(() => hql.lookup(id).with(...specsOf(c))),
  fromJSON: (id, c) => outcomeOf(() => fromJSON('lookup', { ids: [id], components: c.components })),
  text: (id, c) => textOutcome(`lookup ${JSON.stringify(id)} ${textOf(c)}`, c),
}
/** The doors an explore narrowed by returnType goes through. */
const exploreDoors: Record<string, (type: ObjectTypeName, c: ApplicabilityCase) => Outcome> = {
  builder: (type, c) =>
    outcomeOf(() =>
      hql
        .explore()
        .filter(returnType.eq(type as 'Movie'))
        .with(...specsOf(c)),
    ),
  fromJSON: (type, c) =>
    outcomeOf(() =>
      fromJSON('explore', { filters: { returnType: { $eq: type } }, components: c.components }),
    ),
  text: (type, c) => textOutcome(`explore ${type} ${textOf(c)}`, c),
}

const lookupTypes = objectTypeNames.filter((type) => exampleIds.has(type))
const nested = nestedCases((type) => exampleIds.has(type))

// What the service's object pages list per type (SERVICE-NOTES.md "Query elements", SERVICE-SPEC.md for Source,
// Collection and Subscription), written out apart from the catalogue: the doors below follow the catalogue, so
// only this notices a catalogue that strays from the documentation (`images` on Source). Media and contributor
// types are found by their documented prefixes, so the new subtypes are held to the same lists. Of Image and
// Trait only `thumbnail` is said: the lookup page asks for it on the primary image, and a trait has one. The
// SDK's media kinds (OtherMedia) have no object page: they are media, so they take the media list
// (docs/result-types.md).
const mediaComponents = [
  'primaryName',
  'primaryImage',
  'secondaryImage',
  'images',
  'keyContributors',
  'contributors',
  'keySuitabilities',
  'primaryGroup',
  'keyTraits',
  'sources',
  'collections',
  'socialMetrics',
  'userSocial',
]
const contributorComponents = [
  'primaryName',
  'primaryImage',
  'secondaryImage',
  'images',
  'contributions',
  'collections',
  'followers',
  'likers',
  'socialMetrics',
  'userSocial',
]
const documentedPrefixes: Record<string, readonly string[]> = {
  ...Object.fromEntries(
    ['mhmov', 'mhsep', 'mhssn', 'mhsss', 'mhmsv', 'mhspc', 'mhtrl', 'mhggp', ...otherMediaPrefixes].map(
      (p) => [p, mediaComponents],
    ),
  ),
  mhimg: ['thumbnail'],
  ...Object.fromEntries(traitPrefixes.map((p) => [p, ['thumbnail']])),
  ...Object.fromEntries(['mhric', 'mhrgc', 'mhfic', 'mhfgc'].map((p) => [p, contributorComponents])),
  mhusr: [
    'primaryImage',
    'secondaryImage',
    'images',
    'ownedCollections',
    'following',
    'followers',
    'liking',
    'likers',
    'socialMetrics',
    'userSocial',
  ],
  mhsrc: [
    'primaryName',
    'primaryImage',
    'secondaryImage',
    'allSubscriptions',
    'allMediums',
    'socialMetrics',
    'userSocial',
  ],
  mhcol: [
    'items',
    'primaryName',
    'primaryImage',
    'secondaryImage',
    'images',
    'primaryOwner',
    'collections',
    'socialMetrics',
    'userSocial',
  ],
}

describe('the catalogue against the documentation', () => {
  const documented = [...prefixTypes.keys()].filter((prefix) => Object.hasOwn(documentedPrefixes, prefix))
  it('covers every prefix the model knows, so that no type escapes the cross-check', () => {
    expect(documented).toEqual([...prefixTypes.keys()])
  })
  it.each(documented)(
    'objects of prefix %s take exactly the components their object page lists',
    (prefix) => {
      const type = prefixTypes.get(prefix) as ObjectTypeName
      const inCatalogue = topLevelCases(type)
        .filter((c) => c.applies)
        .map((c) => c.components[0]?.name)
      expect(inCatalogue.sort()).toEqual([...(documentedPrefixes[prefix] ?? [])].sort())
    },
  )

  it('a subscription takes its metadata and nothing else (SERVICE-SPEC.md, Source)', () => {
    expect(
      topLevelCases('Subscription')
        .filter((c) => c.applies)
        .map((c) => c.components[0]?.name),
    ).toEqual(['metadata'])
  })
})

describe('the cases come from the catalogue', () => {
  it('hold refusals and acceptances, top level and nested, on every type', () => {
    const all = [...objectTypeNames.flatMap(topLevelCases), ...nested]
    expect(all.filter((c) => c.applies).length).toBeGreaterThan(20)
    expect(all.filter((c) => !c.applies).length).toBeGreaterThan(20)
    expect(nested.filter((c) => !c.applies).length).toBeGreaterThan(10)
    // A known refusal and a known acceptance, so an empty or inverted generation cannot pass.
    expect(topLevelCases('Source').find((c) => c.label === 'images on Source')?.applies).toBe(false)
    expect(topLevelCases('Movie').find((c) => c.label === 'images on Movie')?.applies).toBe(true)
  })

  it.each(objectTypeNames.filter((type) => !exampleIds.has(type)))(
    '%s has no id prefix: it is reached only nested (below), not by lookup',
    (type) => {
      const parents = nested.filter((c) => {
        const parent = c.components[0]?.name as ComponentName
        return (componentCatalogue[parent] as ComponentEntry).of?.includes(type)
      })
      expect(parents.length).toBeGreaterThan(0)
    },
  )
})

describe.each(Object.keys(lookupDoors))('door %s', (door) => {
  const lookup = lookupDoors[door] as Door
  const explore = exploreDoors[door] as (typeof exploreDoors)[string]

  it.each(lookupTypes)(
    'lookup of a %s: each component accepted where it applies, refused elsewhere',
    (type) => {
      const id = exampleIds.get(type) as string
      expect(mismatches(topLevelCases(type), (c) => lookup(id, c))).toEqual([])
    },
  )

  it.each([...returnTypeNames])(
    'explore returnType %s: each component accepted where it applies, refused elsewhere',
    (type) => {
      expect(mismatches(topLevelCases(type), (c) => explore(type, c))).toEqual([])
    },
  )

  it('each component nested under each parent: accepted where it applies to what the parent returns', () => {
    expect(mismatches(nested, (c) => lookup(exampleIds.get(c.on) as string, c))).toEqual([])
  })
})
