import { plainSortTypes, sortOrders, sortProperties } from '../vocabulary'
import type { SortOrder, SortProperty } from '../vocabulary'
import { byType, list, name, object } from './rule'
import type { Rule } from './rule'
import { AnyIdRule } from './ids'

export type PlainSortType = (typeof plainSortTypes)[number]

/** A sort key of explore: by a property, by one of the plain orders, or by the order of given ids. */
export type Sort =
  | { readonly type: 'property'; readonly property: SortProperty; readonly order?: SortOrder }
  | { readonly type: PlainSortType; readonly order?: SortOrder }
  | { readonly type: 'idsOrder'; readonly ids: readonly string[]; readonly order?: SortOrder }
export type SortType = Sort['type']

const order = /* @__PURE__ */ name(sortOrders, 'invalid_sort', 'sort order')
const plain = /* @__PURE__ */ object<{ type: PlainSortType; order?: SortOrder }>(
  { type: /* @__PURE__ */ name(plainSortTypes, 'unknown_sort', 'sort'), order },
  'invalid_sort',
  'a sort',
  ['type'],
)

/** The words a sort may be named by, at any door: its JSON types, and the properties (text's `order by name`). */
export const sortWords: readonly string[] = [...sortProperties, ...plainSortTypes, 'idsOrder', 'property']

/** The sort by the order of given ids: its own rule too, which the builder's `idsOrder(…)` checks with. */
export const IdsOrderRule: Rule<{ type: 'idsOrder'; ids: readonly string[]; order?: SortOrder }> =
  /* @__PURE__ */ object<{ type: 'idsOrder'; ids: readonly string[]; order?: SortOrder }>(
    {
      type: /* @__PURE__ */ name(['idsOrder'], 'unknown_sort', 'sort'),
      ids: /* @__PURE__ */ list(AnyIdRule, 'invalid_sort', 'a list of one or more ids', 1, 'ids'),
      order,
    },
    'invalid_sort',
    'a sort',
    ['type', 'ids'],
  )

/** A sort: `{ type, order? }`, `property` with the property, `idsOrder` with one or more ids. */
export const SortRule: Rule<Sort> = /* @__PURE__ */ byType<Sort>(
  /* @__PURE__ */ sortOptions(),
  'invalid_sort',
  'a sort ({ type, order? })',
  'unknown_sort',
  'sort',
  sortWords,
)

// The sort rule's options, by type. Made in a call marked pure, so that a bundle that does not read the sort rule
// drops it: as an argument written out, its spread of `Object.fromEntries(…)` kept the rule in dist/'s chunk.
/* @__NO_SIDE_EFFECTS__ */
function sortOptions(): Readonly<Record<string, Rule<Sort>>> {
  return {
    property: /* @__PURE__ */ object<{ type: 'property'; property: SortProperty; order?: SortOrder }>(
      {
        type: /* @__PURE__ */ name(['property'], 'unknown_sort', 'sort'),
        property: /* @__PURE__ */ name(sortProperties, 'unknown_sort', 'sort property'),
        order,
      },
      'invalid_sort',
      'a sort',
      ['type', 'property'],
    ),
    ...Object.fromEntries(plainSortTypes.map((type) => [type, plain])),
    idsOrder: IdsOrderRule,
  } as Readonly<Record<string, Rule<Sort>>>
}

/** A list of sorts, most significant first. */
export const SortListRule: Rule<readonly Sort[]> = /* @__PURE__ */ list(
  SortRule,
  'invalid_request',
  'a list of sorts',
)
