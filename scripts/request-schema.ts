// The JSON Schema of HQL requests, generated from the model's zod/mini request schemas (src/model/request),
// so that it cannot say anything the model does not. `npm run schema` writes it to schema/; a test checks
// that the committed file is what this generates.
import { fileURLToPath } from 'node:url'
import * as z from 'zod/mini'
import { format, resolveConfig } from 'prettier'
import {
  AnyIdSchema,
  BlueprintSchema,
  ComponentListSchema,
  ComponentRequestSchema,
  ExploreRequestSchema,
  FactorSchema,
  FiltersSchema,
  LookupRequestSchema,
  RelateRequestSchema,
  SilosRequestSchema,
  SortSchema,
} from '../src/model'

/** Where the schema is committed. */
export const SCHEMA_FILE = new URL('../schema/hql-request.schema.json', import.meta.url)
// A name, not a location: the schema is published in the package (schema/), not at a URL.
export const SCHEMA_ID = 'urn:hql:schema:request'

// Model schemas that get a name in $defs (the rest is inlined, or named after the filter it serves).
const names = z.registry<{ id: string; description?: string }>()
names.add(ExploreRequestSchema, { id: 'ExploreRequest', description: 'The body of POST /graph/explore.' })
names.add(RelateRequestSchema, { id: 'RelateRequest', description: 'The body of POST /graph/relate.' })
names.add(LookupRequestSchema, { id: 'LookupRequest', description: 'The body of POST /graph/lookup.' })
names.add(SilosRequestSchema, { id: 'SilosRequest', description: 'The body of POST /graph/silos.' })
names.add(FiltersSchema, { id: 'Filters', description: 'Filters by name; all of them apply together.' })
names.add(SortSchema, { id: 'Sort' })
names.add(ComponentListSchema, { id: 'ComponentList' })
names.add(ComponentRequestSchema, { id: 'Component', description: 'A component, with nested components.' })
names.add(FactorSchema, { id: 'Factor', description: 'A relate factor: a user, title or contributor id.' })
names.add(BlueprintSchema, { id: 'Blueprint', description: 'A silo blueprint.' })
names.add(AnyIdSchema, { id: 'AnyId', description: 'An mhid, an altId, or a mapped source id.' })

/** What `compile` returns: the endpoint, the method and the endpoint's body. */
const CompiledRequestSchema = z.discriminatedUnion('endpoint', [
  z.strictObject({
    endpoint: z.literal('/graph/explore'),
    method: z.literal('POST'),
    body: ExploreRequestSchema,
  }),
  z.strictObject({
    endpoint: z.literal('/graph/relate'),
    method: z.literal('POST'),
    body: RelateRequestSchema,
  }),
  z.strictObject({
    endpoint: z.literal('/graph/lookup'),
    method: z.literal('POST'),
    body: LookupRequestSchema,
  }),
  z.strictObject({
    endpoint: z.literal('/graph/silos'),
    method: z.literal('POST'),
    body: SilosRequestSchema,
  }),
])

type JsonSchema = Record<string, unknown>

// Refinements run code, which JSON Schema cannot carry: each one the request model has is restated here in
// JSON Schema terms. A refinement added to the model without a line here is not in the schema (the property
// test in test/schema catches the other direction: anything compile emits must validate).
function restateRefinements(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  // z.readonly marks values immutable in TypeScript; JSON Schema's readOnly means "set by the server".
  delete ctx.jsonSchema['readOnly']
  if (ctx.zodSchema === AnyIdSchema)
    // src/model/request/ids.ts: a five-letter prefix (mhid, altId, the current-user alias) or Source:Type:id.
    ctx.jsonSchema['pattern'] = '^(?:[a-z]{5}|[^:\\s]+:[^:\\s]*:\\S+$)'
  if (ctx.zodSchema === BlueprintSchema)
    // src/model/request/blueprints.ts: positions and probability exclude each other.
    ctx.jsonSchema['not'] = { type: 'object', required: ['positions', 'probability'] }
}

/** The operator schemas of Filters have no name in the model: name each after its filter (`TraitsOperator`). */
function nameOperators(schema: JsonSchema): JsonSchema {
  const defs = schema['$defs'] as Record<string, JsonSchema>
  const filters = defs['Filters']?.['properties'] as Record<string, { $ref?: string }>
  const renamed = new Map<string, string>()
  for (const [filter, property] of Object.entries(filters)) {
    const from = property.$ref?.replace('#/$defs/', '')
    if (from === undefined || !from.startsWith('__schema')) continue
    renamed.set(from, `${filter[0]!.toUpperCase()}${filter.slice(1)}Operator`)
  }
  const unnamed = Object.keys(defs).filter((name) => name.startsWith('__schema') && !renamed.has(name))
  if (unnamed.length > 0)
    throw new Error(
      `unnamed $defs ${unnamed.join(', ')}: give their model schemas an id in scripts/request-schema.ts`,
    )
  const text = JSON.stringify(schema).replace(/"#\/\$defs\/(__schema\d+)"/g, (_, name: string) =>
    JSON.stringify(`#/$defs/${renamed.get(name)}`),
  )
  const result = JSON.parse(text) as JsonSchema
  const renamedDefs = result['$defs'] as Record<string, JsonSchema>
  result['$defs'] = Object.fromEntries(
    Object.entries(renamedDefs).map(([name, def]) => [renamed.get(name) ?? name, def]),
  )
  return result
}

/** The request schema as a JSON value: a compiled request at the root, each body under `$defs`. */
export function requestJsonSchema(): JsonSchema {
  const generated = z.toJSONSchema(CompiledRequestSchema, {
    target: 'draft-2020-12',
    metadata: names,
    unrepresentable: 'throw',
    override: restateRefinements,
  }) as JsonSchema
  const { $schema, ...rest } = nameOperators(generated)
  return {
    $schema,
    $id: SCHEMA_ID,
    title: 'HQL request',
    description:
      'A request to the Entertainment Graph Query Service as hql compiles it: { endpoint, method, body }. ' +
      'Validate a body alone against #/$defs/ExploreRequest, RelateRequest, LookupRequest or SilosRequest. ' +
      'Generated from the model by `npm run schema`; do not edit.',
    ...rest,
  }
}

/** The file's text: the schema formatted as prettier formats the rest of the repository. */
export async function requestSchemaText(): Promise<string> {
  const filepath = fileURLToPath(SCHEMA_FILE)
  const config = await resolveConfig(filepath)
  return format(JSON.stringify(requestJsonSchema()), { ...config, filepath })
}
