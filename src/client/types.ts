/**
 * One graph request as it goes on the wire: what `compile(q)` returns and what `pagingInfo.next` describes.
 * The same shape as the compiler's `CompiledRequest`, declared here so the client's types stand alone.
 */
export interface GraphRequest {
  readonly endpoint: string
  readonly method: 'POST'
  readonly body: Readonly<Record<string, unknown>>
}

export type { EndpointName } from '../model/core'

/**
 * A list from a response that pages: the top-level response, a list component's `{ content, pagingInfo }` at
 * any depth, or one silo. `client.next`, `pages`, `items` and `collect` take one and follow its `next`.
 */
export interface PageableList {
  readonly pagingInfo: { readonly next: unknown }
}

/** A result item of a silos query: the pair, tagged with the title of the silo it came from. */
export type SiloItem<P> = P & { readonly silo: string }

/**
 * What `items()` yields for a result type: the pairs of `content`, or for silos each silo's pairs tagged with
 * the silo's title.
 */
export type ItemOf<Result> = Result extends {
  readonly silos: readonly { readonly content: readonly (infer P)[] }[]
}
  ? SiloItem<P>
  : Result extends { readonly content: readonly (infer P)[] }
    ? P
    : {
        readonly object: Readonly<Record<string, unknown>>
        readonly context: Readonly<Record<string, unknown>>
      }
