// The (component, type) pairs of the component catalogue, each with whether the component applies: the cases
// every door (builder, fromJSON, text, the reference service) must accept or refuse alike. Generated from the
// model, so a new type, a new component or a changed `appliesTo` changes the cases with it.
import { componentNames, objectTypeNames } from 'hql'
import { componentCatalogue } from '../../src/schemas'
import type { ComponentName, JsonPath, ObjectTypeName } from 'hql'
import type { ComponentEntry } from '../../src/schemas'
import { prefixTypes } from '../../src/model'

/** A component request asked of objects of one type, and what every door must do with it. */
export interface ApplicabilityCase {
  /** What the case asks, for failure lists: `images on Source`, `keyTraits under primaryImage`. */
  readonly label: string
  /** The type of the top-level object the query asks for. */
  readonly on: ObjectTypeName
  /** The components of the request, in object form. */
  readonly components: readonly { readonly name: string; readonly components?: readonly { name: string }[] }[]
  readonly applies: boolean
  /** Where a refusal points: the name of the component that does not apply. */
  readonly path: JsonPath
}

const entry = (name: ComponentName): ComponentEntry => componentCatalogue[name]

/** Each component requested directly on objects of `type`. */
export function topLevelCases(type: ObjectTypeName): ApplicabilityCase[] {
  return componentNames.map((name) => ({
    label: `${name} on ${type}`,
    on: type,
    components: [{ name }],
    applies: entry(name).appliesTo.includes(type),
    path: ['components', 0, 'name'],
  }))
}

/**
 * Each component nested under each component that returns objects (`of`), asked on the first type the parent
 * applies to that `on` can reach: it applies when it applies to one of the parent's `of` types.
 */
export function nestedCases(reachable: (type: ObjectTypeName) => boolean): ApplicabilityCase[] {
  const cases: ApplicabilityCase[] = []
  for (const parent of componentNames) {
    const of = entry(parent).of
    const on = entry(parent).appliesTo.find(reachable)
    if (of === undefined || on === undefined) continue
    for (const name of componentNames)
      cases.push({
        label: `${name} under ${parent} (of ${of.join(', ')}) on ${on}`,
        on,
        components: [{ name: parent, components: [{ name }] }],
        applies: entry(name).appliesTo.some((type) => of.includes(type)),
        path: ['components', 0, 'components', 0, 'name'],
      })
  }
  return cases
}

/**
 * An id of each type that has a prefix, made up (`mhmov-example`): enough for every door but the service's
 * acceptance, which needs an object that exists. Types without a prefix (Subscription) have none.
 */
export const exampleIds: ReadonlyMap<ObjectTypeName, string> = new Map(
  objectTypeNames.flatMap((type) => {
    const prefix = [...prefixTypes].find(([, named]) => named === type)?.[0]
    return prefix === undefined ? [] : [[type, `${prefix}-example`] as const]
  }),
)

/** What a door did with a request: accepted it, or refused it with a code at a path. */
export type Outcome = { readonly accepted: true } | { readonly code: string; readonly path: JsonPath }

/** The cases a door got wrong, as lines that say what was expected and what happened. */
export function mismatches(
  cases: readonly ApplicabilityCase[],
  door: (c: ApplicabilityCase) => Outcome,
): string[] {
  return cases.flatMap((c) => {
    const outcome = door(c)
    const got = 'accepted' in outcome ? 'accepted' : `${outcome.code} at ${JSON.stringify(outcome.path)}`
    const want = c.applies ? 'accepted' : `component_not_applicable at ${JSON.stringify(c.path)}`
    return got === want ? [] : [`${c.label}: expected ${want}, got ${got}`]
  })
}

/** The outcome of a door that throws on refusal. */
export function outcomeOf(run: () => unknown): Outcome {
  try {
    run()
    return { accepted: true }
  } catch (error) {
    const { code, path } = error as { code?: unknown; path?: unknown }
    if (typeof code !== 'string' || !Array.isArray(path)) throw error
    return { code, path }
  }
}
