import { componentCatalogue, isComponentName, isConditional } from '../model/components'
import type { ComponentEntry } from '../model/components'
import type { ObjectTypeName } from '../model/ids'

interface RequestedComponent {
  readonly name: string
  readonly components?: readonly RequestedComponent[]
}

// The result of a query in TypeScript syntax, with the names hql exports (TypedObject, Pair, PagedList, Silo,
// ItemContext, EmptyContext, PagingInfo, the contexts and values): what hover shows for the query under the cursor.

const union = (types: readonly ObjectTypeName[]) => types.map((type) => `'${type}'`).join(' | ') || 'never'

/** The object of `types` with `components`, as TypeScript: what `FragmentOf` says of a fragment. */
export function objectType(
  types: readonly ObjectTypeName[],
  components: readonly RequestedComponent[],
): string {
  if (components.length === 0) return `TypedObject<${union(types)}>`
  // Each component is a field on the types it applies to only, as in ResultOf: the types are grouped by the
  // fields they get, one member of the union per group.
  const groups = new Map<string, ObjectTypeName[]>()
  for (const type of types) {
    const fields = components.flatMap((component) => {
      if (!isComponentName(component.name)) return [`${component.name}: unknown`]
      const entry: ComponentEntry = componentCatalogue[component.name]
      if (!entry.appliesTo.includes(type)) return []
      const optional = isConditional(entry) ? '?' : ''
      return [`${component.name}${optional}: ${componentType(entry, component.components ?? [])}`]
    })
    const key = fields.join('; ')
    groups.set(key, [...(groups.get(key) ?? []), type])
  }
  const members = [...groups].map(([fields, group]) =>
    fields === '' ? `TypedObject<${union(group)}>` : `TypedObject<${union(group)}> & { ${fields} }`,
  )
  return members.length < 2 ? (members[0] ?? 'never') : members.map((member) => `(${member})`).join(' | ')
}

function componentType(entry: ComponentEntry, nested: readonly RequestedComponent[]): string {
  // A component's pair has an empty context unless its entry names one (`Pair`'s default is any context).
  const context = `, ${entry.context ?? 'EmptyContext'}`
  const item = () => `Pair<${objectType(entry.of ?? [], nested)}${context}>`
  switch (entry.shape) {
    case 'primitive':
      return entry.value ?? 'unknown'
    case 'pair':
      return item()
    // A plain array reaches the user as a page (src/model/response/query-check/lists.ts).
    case 'array':
    case 'list':
      return `PagedList<${item()}>`
  }
}

/**
 * The response of a query returning `types` with the components of its body, as TypeScript: what `ResultOf`
 * says of the same query (test/language/result-type.test.ts holds the two together). A top-level item's
 * context is shaped by the query, so it is open (`ItemContext`); silos answers its silos under `silos`.
 */
export function resultTypeText(
  endpoint: string,
  types: readonly ObjectTypeName[],
  components: readonly RequestedComponent[],
): string {
  const item = `Pair<${objectType(types, components)}, ItemContext>`
  return endpoint === 'silos'
    ? `{ silos: readonly Silo<${item}>[]; pagingInfo: PagingInfo }`
    : `PagedList<${item}>`
}
