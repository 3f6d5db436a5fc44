import * as z from 'zod/mini'

/** A request that returns the next (or previous) page: send `body` to `endpoint` with `method`. */
export const NextRequestSchema = z.looseObject({
  endpoint: z.string(),
  // Kept open here: the client refuses a method other than POST with its own error.
  method: z.string(),
  body: z.record(z.string(), z.unknown()),
})
export type NextRequest = {
  readonly endpoint: string
  readonly method: string
  readonly body: Record<string, unknown>
}

export const PagingInfoSchema = z.looseObject({
  next: z.nullable(NextRequestSchema),
  previous: z.optional(z.nullable(NextRequestSchema)),
})
export interface PagingInfo {
  readonly next: NextRequest | null
  readonly previous?: NextRequest | null
}

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
