import * as c from '../check/kit'

// Schemas built at load are marked pure (why: check/kit.ts).

// The types are written out, and their checkers typed by them: inferred from the checkers (`c.Infer`), a first
// list result type of a program cost 3 type instantiations more (bench/types.bench.ts).

/** A request that returns the next (or previous) page: send `body` to `endpoint` with `method`. */
export interface NextRequest {
  readonly endpoint: string
  readonly method: string
  readonly body: { readonly [key: string]: unknown }
}
export const NextRequestSchema: c.Checker<NextRequest> = /* @__PURE__ */ c.object({
  endpoint: c.string,
  // Kept open here: the client refuses a method other than POST with its own error.
  method: c.string,
  body: c.anyObject,
})

/**
 * Where a list's next and previous pages are. Only `next`'s fields are documented; `previous` (source and
 * collection result sets) is "object or null" (SERVICE-SPEC.md, "Paging Info object"), so it is typed and checked
 * as any object: `client.previous` checks what it follows when it follows it.
 */
export interface PagingInfo {
  readonly next: NextRequest | null
  readonly previous?: NextRequest | { readonly [key: string]: unknown } | null
}
export const PagingInfoSchema: c.Checker<PagingInfo> = /* @__PURE__ */ c.object({
  next: /* @__PURE__ */ c.nullable(NextRequestSchema),
  previous: /* @__PURE__ */ c.optional(/* @__PURE__ */ c.nullable(c.anyObject)),
})

// The two envelopes, around any item checker: the envelope check (envelope-schemas.ts) puts `unknown` in them,
// the per-query check (query-check/) the items a query promises. Written once, as each costs the client's
// bundle its text twice otherwise.

/** A list of `item`s as a page: `{ content, pagingInfo }`. */
/* @__NO_SIDE_EFFECTS__ */ export const pagedOf = (item: c.Checker<unknown>): c.Checker<unknown> =>
  c.object({ content: c.array(item), pagingInfo: PagingInfoSchema })

/** A silos response whose silos hold `item`s: `{ silos: [{ title, content, pagingInfo }], pagingInfo }`. */
/* @__NO_SIDE_EFFECTS__ */ export const silosOf = (item: c.Checker<unknown>): c.Checker<unknown> =>
  c.object({
    silos: c.array(c.object({ title: c.string, content: c.array(item), pagingInfo: PagingInfoSchema })),
    pagingInfo: PagingInfoSchema,
  })

/** The empty object that stands for a context with nothing in it. */
export type EmptyContext = { readonly [key: string]: never }

/**
 * Every result item: the object's fields and what the query knows about it. `Context` defaults to any context,
 * so that one `Pair<…>` types a top-level item (whose context is open: `ItemContext`) and a component's pair
 * (whose context is empty) alike: `Pair<{ name: string; primaryImage: Pair<Image> }>`. With the empty context
 * as its default, it refused every top-level item ("'string' index signatures are incompatible").
 *
 * @example
 * type MovieItem = Pair<{ readonly name: string; readonly primaryImage: Pair<Image> }>
 * const first: MovieItem | undefined = (await client.run(movies)).content[0]
 */
export interface Pair<Object, Context = { readonly [key: string]: unknown }> {
  readonly object: Object
  readonly context: Context
}

/** A paged list of pairs, as list components and the endpoints answer. */
export interface PagedList<Item> {
  readonly content: readonly Item[]
  readonly pagingInfo: PagingInfo
}

/** One silo (carousel) of a silos response. */
export interface Silo<Item> extends PagedList<Item> {
  readonly title: string
}
