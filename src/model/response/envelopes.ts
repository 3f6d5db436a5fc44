import * as c from '../check/kit'

/** A request that returns the next (or previous) page: send `body` to `endpoint` with `method`. */
export const NextRequestSchema = c.object({
  endpoint: c.string,
  // Kept open here: the client refuses a method other than POST with its own error.
  method: c.string,
  body: c.record(c.unknown),
})
export type NextRequest = c.Infer<typeof NextRequestSchema>

export const PagingInfoSchema = c.object({
  next: c.nullable(NextRequestSchema),
  previous: c.optional(c.nullable(NextRequestSchema)),
})
export type PagingInfo = c.Infer<typeof PagingInfoSchema>

/** The empty object that stands for a context with nothing in it. */
export type EmptyContext = { readonly [key: string]: never }

/** Every result item: the object's fields and what the query knows about it. */
export interface Pair<Object, Context = EmptyContext> {
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
