// The JSON Schema of HQL requests, written from the model's request rules (src/model/request: the rules every
// door checks with), so that it cannot say anything the rules do not. Each kind of rule has one JSON Schema form
// below; what JSON Schema cannot state (the component catalogue's applicability, a name twice at one level) stays
// fromJSON's. `npm run schema` writes it to schema/; a test checks that the committed file is what this writes.
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import {
  requestLimits as limits,
  typePrefixes,
  AnyIdRule,
  BlueprintRule,
  ComponentListRule,
  ComponentRequestRule,
  FactorRule,
  FiltersRule,
  SortRule,
  currentUserAlias,
  filterOperatorRules,
  requestRules,
} from '../src/model'
import type { Rule } from '../src/model'

/** Where the schema is committed. */
export const SCHEMA_FILE = new URL('../schema/hql-request.schema.json', import.meta.url)
// A name, not a location: the schema is published in the package (schema/), not at a URL.
export const SCHEMA_ID = 'urn:hql:schema:request'

type JsonSchema = Record<string, unknown>

// The rules that get a name in $defs (the rest is inlined), with what the schema says of each.
const named = new Map<Rule, { readonly id: string; readonly description?: string }>([
  [requestRules.explore, { id: 'ExploreRequest', description: 'The body of POST /graph/explore.' }],
  [requestRules.relate, { id: 'RelateRequest', description: 'The body of POST /graph/relate.' }],
  [requestRules.lookup, { id: 'LookupRequest', description: 'The body of POST /graph/lookup.' }],
  [requestRules.silos, { id: 'SilosRequest', description: 'The body of POST /graph/silos.' }],
  [FiltersRule, { id: 'Filters', description: 'Filters by name; all of them apply together.' }],
  ...Object.entries(filterOperatorRules).map(
    ([filter, rule]) =>
      [rule as Rule, { id: `${filter[0]?.toUpperCase()}${filter.slice(1)}Operator` }] as const,
  ),
  [SortRule, { id: 'Sort' }],
  [ComponentListRule, { id: 'ComponentList' }],
  [ComponentRequestRule, { id: 'Component', description: 'A component, with nested components.' }],
  [FactorRule, { id: 'Factor', description: 'A relate factor: a user, title or contributor id.' }],
  [BlueprintRule, { id: 'Blueprint', description: 'A silo blueprint.' }],
  [AnyIdRule, { id: 'AnyId', description: 'An mhid, an altId, or a mapped source id.' }],
])

// An id's forms (src/model/ids.ts, `describeId`): an altId (the prefix, `-`, and text without whitespace) or an
// mhid (the prefix and 39 letters or digits); any id may also be a mapped source id (`Source:Type:id`).
const prefixed = (prefixes: readonly string[]) => `(?:${prefixes.join('|')})(?:-\\S+|[A-Za-z0-9]{39})`
const mappedSourceId = '[^:\\s]+:[^:\\s]*:\\S+'

/** Writes the schema of rules, collecting the named ones in `defs` as it meets them. */
class Writer {
  readonly defs: Record<string, JsonSchema> = {}

  /** A rule's schema: a reference to its definition where it is named, else the schema itself. */
  of(rule: Rule): JsonSchema {
    const name = named.get(rule)
    if (name === undefined) return this.inline(rule)
    if (!(name.id in this.defs)) {
      // Reserved first: a rule reached again through itself refers to its definition.
      this.defs[name.id] = {}
      this.defs[name.id] = {
        ...(name.description ? { description: name.description } : {}),
        ...this.inline(rule),
      }
    }
    return { $ref: `#/$defs/${name.id}` }
  }

  private inline(rule: Rule): JsonSchema {
    switch (rule.kind) {
      case 'integer':
        return { type: 'integer', minimum: rule.min, maximum: Number.MAX_SAFE_INTEGER }
      case 'number':
        return { type: 'number', minimum: rule.min, ...(rule.max === undefined ? {} : { maximum: rule.max }) }
      case 'string':
        return { type: 'string' }
      case 'boolean':
        return { type: 'boolean' }
      case 'name':
        return rule.names.length === 1
          ? { type: 'string', const: rule.names[0] }
          : { type: 'string', enum: rule.names }
      case 'id': {
        if (rule.prefixes === undefined)
          return { type: 'string', pattern: `^(?:${prefixed(allPrefixes)}|${mappedSourceId})$` }
        const schema: JsonSchema = { type: 'string', pattern: `^${prefixed(rule.prefixes)}$` }
        // The alias reads as an altId of `mhals` (OtherMedia), and is the user: only where a user is taken.
        if (!rule.alias && rule.prefixes.includes(currentUserAlias.slice(0, 5)))
          schema['not'] = { const: currentUserAlias }
        if (rule.alias && !rule.prefixes.includes(currentUserAlias.slice(0, 5)))
          return { anyOf: [schema, { type: 'string', const: currentUserAlias }] }
        return schema
      }
      case 'list':
        return {
          type: 'array',
          items: this.of(rule.item),
          ...(rule.min > 0 ? { minItems: rule.min } : {}),
          ...(rule.limit === undefined ? {} : { maxItems: limits[rule.limit] }),
        }
      case 'object': {
        const schema: JsonSchema = {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(rule.fields).map(([key, field]) => [key, this.of(field)]),
          ),
          ...(rule.required.length > 0 ? { required: rule.required } : {}),
          additionalProperties: false,
        }
        if (rule.exclusive !== undefined)
          schema['not'] = { type: 'object', required: [rule.exclusive[0], rule.exclusive[1]] }
        return schema
      }
      case 'byType':
        // One schema per option: the plain sorts share one rule, written once.
        return { oneOf: [...new Set(Object.values(rule.options))].map((option) => this.of(option)) }
      case 'operator': {
        const one = (key: string, value: JsonSchema): JsonSchema => ({
          type: 'object',
          properties: { [key]: value },
          required: [key],
          additionalProperties: false,
        })
        const values: JsonSchema = {
          type: 'array',
          items: this.of(rule.value),
          minItems: 1,
          maxItems: limits.values,
        }
        return {
          anyOf: [
            one('$eq', this.of(rule.value)),
            one('$ne', this.of(rule.value)),
            one('$in', values),
            one('$all', values),
            one('$or', { type: 'array', items: this.of(rule), minItems: 1, maxItems: limits.values }),
          ],
        }
      }
      case 'lazy':
        return this.of(rule.rule())
    }
  }
}

const allPrefixes = Object.values(typePrefixes).flat() as string[]

/** The request schema as a JSON value: a compiled request at the root, each body under `$defs`. */
export function requestJsonSchema(): JsonSchema {
  const writer = new Writer()
  const oneOf = (['explore', 'relate', 'lookup', 'silos'] as const).map((endpoint) => ({
    type: 'object',
    properties: {
      endpoint: { type: 'string', const: `/graph/${endpoint}` },
      method: { type: 'string', const: 'POST' },
      body: writer.of(requestRules[endpoint]),
    },
    required: ['endpoint', 'method', 'body'],
    additionalProperties: false,
  }))
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCHEMA_ID,
    title: 'HQL request',
    description:
      'A request to the Entertainment Graph Query Service as hql compiles it: { endpoint, method, body }. ' +
      'Validate a body alone against #/$defs/ExploreRequest, RelateRequest, LookupRequest or SilosRequest. ' +
      "Written from the model's request rules by `npm run schema`; do not edit.",
    oneOf,
    $defs: writer.defs,
  }
}

/** The file's text: the schema formatted as prettier formats the rest of the repository. */
export async function requestSchemaText(): Promise<string> {
  const filepath = fileURLToPath(SCHEMA_FILE)
  const config = await resolveConfig(filepath)
  return format(JSON.stringify(requestJsonSchema()), { ...config, filepath })
}
