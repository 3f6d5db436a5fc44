import { returnTypeNames } from '../ids'
import type { CollectionId, ContributorId, MediaId, ReturnTypeName, SourceId, TraitId } from '../ids'
import { filterNames } from '../vocabulary'
import type { FilterName } from '../vocabulary'
import { name, object, operator, unknownName } from './rule'
import type { Operator, Rule } from './rule'
import { CollectionIdRule, ContributorIdRule, MediaIdRule, SourceIdRule, TraitIdRule } from './ids'

export type { Operator } from './rule'
export type { FilterName } from '../vocabulary'

/**
 * What `returnType` compares: a type that can be retrieved (`returnTypeNames`, ids.ts). Image and Subscription
 * are reached through what owns them, and say so.
 */
export const ReturnTypeNameRule: Rule<ReturnTypeName> = /* @__PURE__ */ name(
  returnTypeNames,
  'unknown_type',
  'type',
  (found) =>
    found === 'Image' || found === 'Subscription'
      ? `${found} cannot be retrieved on its own (ask for it as a component of what owns it); returnType takes ${returnTypeNames.join(', ')}`
      : unknownName('type', found, returnTypeNames),
)

/** The values each filter compares. */
export const filterValueRules = {
  returnType: ReturnTypeNameRule,
  contributors: ContributorIdRule,
  contributorsOf: MediaIdRule,
  sources: SourceIdRule,
  traits: TraitIdRule,
  collections: CollectionIdRule,
} as const satisfies { readonly [Name in FilterName]: Rule<FilterValues[Name]> }

/** The values each filter compares, as types (written out: a conditional type over the rules costs more). */
export interface FilterValues {
  readonly returnType: ReturnTypeName
  readonly contributors: ContributorId
  readonly contributorsOf: MediaId
  readonly sources: SourceId
  readonly traits: TraitId
  readonly collections: CollectionId
}
export type FilterValue<Name extends FilterName> = FilterValues[Name]

// Each filter's operator rule on its own, so that a program keeps only the rules of the filter helpers it
// imports (src/builder/filters.ts): esbuild drops no property of an object it keeps.
export const ReturnTypeOperatorRule: Rule<Operator<ReturnTypeName>> =
  /* @__PURE__ */ operator(ReturnTypeNameRule)
export const ContributorsOperatorRule: Rule<Operator<ContributorId>> =
  /* @__PURE__ */ operator(ContributorIdRule)
export const ContributorsOfOperatorRule: Rule<Operator<MediaId>> = /* @__PURE__ */ operator(MediaIdRule)
export const SourcesOperatorRule: Rule<Operator<SourceId>> = /* @__PURE__ */ operator(SourceIdRule)
export const TraitsOperatorRule: Rule<Operator<TraitId>> = /* @__PURE__ */ operator(TraitIdRule)
export const CollectionsOperatorRule: Rule<Operator<CollectionId>> =
  /* @__PURE__ */ operator(CollectionIdRule)

/** Each filter's operator, by the filter's name. */
export const filterOperatorRules: { readonly [Name in FilterName]: Rule<Operator<FilterValue<Name>>> } = {
  returnType: ReturnTypeOperatorRule,
  contributors: ContributorsOperatorRule,
  contributorsOf: ContributorsOfOperatorRule,
  sources: SourcesOperatorRule,
  traits: TraitsOperatorRule,
  collections: CollectionsOperatorRule,
}

/** A filters object: each filter at most once, by name. */
export type Filters = {
  readonly returnType?: Operator<ReturnTypeName>
  readonly contributors?: Operator<ContributorId>
  readonly contributorsOf?: Operator<MediaId>
  readonly sources?: Operator<SourceId>
  readonly traits?: Operator<TraitId>
  readonly collections?: Operator<CollectionId>
}

/** Filters by name, in canonical order (`filterNames`); all of them apply together. */
export const FiltersRule: Rule<Filters> = /* @__PURE__ */ object<Filters>(
  filterOperatorRules,
  'invalid_request',
  'an object of filters',
  [],
  undefined,
  ['unknown_filter', 'filter'],
)

/** A filter's name, where a filter is named apart from a filters object (the builder's `.filter()`). */
export const FilterNameRule: Rule<FilterName> = /* @__PURE__ */ name(filterNames, 'unknown_filter', 'filter')

/** The message of a filter set twice in one query (the builder's `.filter()`, the text's `where`). */
export const duplicateFilter = (filter: string): string =>
  `filter '${filter}' is set twice; combine its values in one operator (in, all, or)`
