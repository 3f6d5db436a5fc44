import type { CollectionId, ContributorId, SourceId } from '../model/core'
import { component } from './components'
import type { Component } from './components'
import { collectionsFilter, contributorsFilter, sourcesFilter } from './filters'
import type { IdFilter } from './filters'

// Three names are both a filter and a component. One value serves both roles (each marked pure, so that a
// bundle drops what it does not import: dist/ holds these in a chunk with what every program reads):
// `.filter(contributors.eq('mhric-brad-pitt'))` and `.with(contributors(primaryImage))`.

/** Contributors: the `contributors` filter and the `contributors` component (all contributors, in billing order). */
export const contributors: Component<'contributors'> & IdFilter<'contributors', ContributorId> =
  /* @__PURE__ */ Object.assign(component('contributors') as object, contributorsFilter) as never
/** Sources: the `sources` filter and the `sources` component (where to watch, with prices). */
export const sources: Component<'sources'> & IdFilter<'sources', SourceId> = /* @__PURE__ */ Object.assign(
  component('sources') as object,
  sourcesFilter,
) as never
/** Collections: the `collections` filter and the `collections` component. */
export const collections: Component<'collections'> & IdFilter<'collections', CollectionId> =
  /* @__PURE__ */ Object.assign(component('collections') as object, collectionsFilter) as never
