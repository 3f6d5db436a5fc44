import type { CollectionId } from '../ids'
import type { BlueprintType } from '../vocabulary'
import { blueprintTypes } from '../vocabulary'
import { byType, leaf, list, name, object, whole } from './rule'
import type { Rule } from './rule'
import { CollectionIdRule, SomeIdsRule } from './ids'
import { FiltersRule } from './filters'
import type { Filters } from './filters'

/**
 * Each silo blueprint by its type: where the silo goes (`positions` or `probability`, not both), its own filters
 * (which override the query's), and the params of its type; Content and Collection need theirs. Written out
 * member by member, and looked up by type (`BlueprintSpec`): a generic member type, a mapped type over the
 * types, or a blueprint of one type taken from the union cost each silo helper's type more (bench/types.bench.ts).
 */
export interface BlueprintsByType {
  readonly RecommendedForYou: {
    readonly type: 'RecommendedForYou'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params?: { readonly name?: string }
  }
  readonly Explore: {
    readonly type: 'Explore'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params?: { readonly name?: string }
  }
  readonly BasedOnItem: {
    readonly type: 'BasedOnItem'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params?: { readonly nameGenerator?: string }
  }
  readonly GraphLens: {
    readonly type: 'GraphLens'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params?: { readonly [key: string]: never }
  }
  readonly ExploreGraphLens: {
    readonly type: 'ExploreGraphLens'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params?: { readonly nameGenerator?: string }
  }
  readonly Content: {
    readonly type: 'Content'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params: { readonly name?: string; readonly ids: readonly string[] }
  }
  readonly Collection: {
    readonly type: 'Collection'
    readonly positions?: readonly number[]
    readonly probability?: number
    readonly filters?: Filters
    readonly params: { readonly name?: string; readonly id: CollectionId }
  }
}
/** A silo blueprint. */
export type Blueprint = BlueprintsByType[BlueprintType]

/** The params of each blueprint type. */
export type BlueprintParams = { readonly [Type in BlueprintType]: BlueprintsByType[Type]['params'] }

const title = /* @__PURE__ */ leaf<string>(
  { kind: 'string', code: 'invalid_request', expected: 'a title' },
  (value) => typeof value == 'string',
)
const template = /* @__PURE__ */ leaf<string>(
  { kind: 'string', code: 'invalid_request', expected: 'a title template ($1 is the seed)' },
  (value) => typeof value == 'string',
)

/** The message of a blueprint with both `positions` and `probability`. */
export const positionsWithProbability =
  'positions and probability cannot be combined: choose fixed positions or a probability'

// Params by type (SERVICE-SPEC.md), and those each type requires. Content and Collection are not shown there: a
// curated set of titles and an editorial collection are what their descriptions need, so those are their params.
const params: { readonly [Type in BlueprintType]: readonly [Readonly<Record<string, Rule>>, string?] } = {
  RecommendedForYou: [{ name: title }],
  Explore: [{ name: title }],
  BasedOnItem: [{ nameGenerator: template }],
  GraphLens: [{}],
  ExploreGraphLens: [{ nameGenerator: template }],
  Content: [{ name: title, ids: SomeIdsRule }, 'ids'],
  Collection: [{ name: title, id: CollectionIdRule }, 'id'],
}

const placement = {
  positions: /* @__PURE__ */ list(
    whole(0, 'invalid_request', 'a position of 0 or more'),
    'invalid_request',
    'a list of positions',
  ),
  probability: /* @__PURE__ */ leaf<number>(
    { kind: 'number', min: 0, max: 1, code: 'invalid_request', expected: 'a probability from 0 to 1' },
    (value) => typeof value == 'number' && value >= 0 && value <= 1,
  ),
  filters: FiltersRule,
}

/* @__NO_SIDE_EFFECTS__ */ function blueprint(type: BlueprintType): Rule<Blueprint> {
  const [fields, required] = params[type]
  return object<Record<string, unknown>>(
    {
      type: /* @__PURE__ */ name([type], 'unknown_blueprint', 'blueprint type'),
      ...placement,
      params: /* @__PURE__ */ object(
        fields,
        'invalid_request',
        `the params of ${type}`,
        required ? [required] : [],
      ),
    },
    'invalid_request',
    `a ${type} blueprint`,
    required ? ['type', 'params'] : ['type'],
    ['positions', 'probability', 'positions_with_probability', positionsWithProbability],
  ) as Rule<Blueprint>
}

/**
 * The rule of each blueprint type, made by a call an app's bundler may drop: the built package holds this module
 * in one chunk with rules every program reaches (the factors'), where `Object.fromEntries(…)` written at the top
 * level would be kept as a statement that may have effects (+0.4 kB gzip to bench/size/hql.ts from dist/).
 */
/* @__NO_SIDE_EFFECTS__ */ const byBlueprintType = (): Readonly<Record<string, Rule<Blueprint>>> =>
  Object.fromEntries(blueprintTypes.map((type) => [type, blueprint(type)]))

/** A silo blueprint: its type chooses its params. */
export const BlueprintRule: Rule<Blueprint> = /* @__PURE__ */ byType<Blueprint>(
  byBlueprintType(),
  'invalid_request',
  'a blueprint ({ type, … })',
  'unknown_blueprint',
  'blueprint type',
)

/** Silos' blueprints: one or more, within the request limit. */
export const BlueprintListRule: Rule<readonly Blueprint[]> = /* @__PURE__ */ list(
  BlueprintRule,
  'invalid_request',
  'a list of one or more blueprints',
  1,
  'blueprints',
)
