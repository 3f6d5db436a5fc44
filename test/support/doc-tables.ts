// Renders docs/builder.md's reference tables from the model, so a test can check the page against the model
// (`npx tsx test/support/doc-tables.ts` prints them for pasting).
import { componentNames, filterNames, returnTypeNames } from 'hql'
import {
  componentCatalogue,
  componentSummaries,
  filterIdTypes,
  mediaTypeNames,
  plainSortTypes,
  sortProperties,
  blueprintTypes,
} from '../../src/schemas'
import type { ComponentEntry } from '../../src/schemas'

/** A list of types, with the media types written `media` (docs/builder.md says which they are). */
function typeList(types: readonly string[], separator: string): string {
  const media = mediaTypeNames.every((type) => types.includes(type))
  const rest = types.filter((type) => !media || !(mediaTypeNames as readonly string[]).includes(type))
  return [...(media ? ['media'] : []), ...rest].join(separator)
}

export function componentTable(): string {
  const rows = componentNames.map((name) => {
    const entry: ComponentEntry = componentCatalogue[name]
    const adds =
      entry.shape === 'primitive'
        ? `value: ${entry.value}`
        : `${entry.shape} of ${typeList(entry.of ?? [], ' / ')}${entry.context ? ` (context: ${entry.context})` : ''}`
    return `| \`${name}\` | ${typeList(entry.appliesTo, ', ')} | ${adds} | ${componentSummaries[name]} |`
  })
  return ['| component | applies to | adds | what |', '|---|---|---|---|', ...rows].join('\n')
}

export function filterTable(): string {
  const rows = filterNames.map((name) => {
    const values =
      name === 'returnType'
        ? `a type name: ${returnTypeNames.join(', ')}`
        : `${typeList(filterIdTypes[name], ' or ')} ids`
    const helper = name === 'returnType' ? 'returnType' : name
    return `| \`${name}\` | \`${helper}\` | ${values} |`
  })
  return ['| filter | builder | values |', '|---|---|---|', ...rows].join('\n')
}

export function sortTable(): string {
  const helperOf: Record<string, string> = {
    popularity: '`popularity.asc()` / `.desc()`',
    collectionOrder: '`collectionOrder.asc()` / `.desc()`',
    likeOrder: '`likeOrder.asc()` / `.desc()`',
    followOrder: '`followOrder.asc()` / `.desc()`',
    random: '`random()` (`random.asc()` / `.desc()`)',
  }
  const property = sortProperties.map(
    (p) =>
      `| \`{ type: 'property', property: '${p}' }\` | \`${p === 'name' ? 'byName' : p}.asc()\` / \`.desc()\` |`,
  )
  const plain = plainSortTypes.map((t) => `| \`{ type: '${t}' }\` | ${helperOf[t]} |`)
  return [
    '| sort | builder |',
    '|---|---|',
    ...property,
    ...plain,
    "| `{ type: 'idsOrder', ids }` | `idsOrder(...ids)` (`idsOrder.asc(...ids)` / `.desc(…)`) |",
  ].join('\n')
}

export function blueprintTable(): string {
  const helper = (type: string) => `silo.${type[0]?.toLowerCase()}${type.slice(1)}`
  return [
    '| blueprint type | builder |',
    '|---|---|',
    ...blueprintTypes.map((t) => `| \`${t}\` | \`${helper(t)}(…)\` |`),
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log([componentTable(), filterTable(), sortTable(), blueprintTable()].join('\n\n'))
}
