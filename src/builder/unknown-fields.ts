// Fields nobody documented, reachable as `unknown` (issue 28). The service sends more than its documents show,
// and the response checks pass those fields through as they came. The result types name only what the documents
// and the query promise, so that a misspelt field, or a component the query did not request, stays a type
// error; an index signature on every result object would have made both `unknown` instead (and shown in every
// hover). This accessor is the one door to the rest.

/** Any object of a result seen with every field typed `unknown`: what `unknownFields` gives. */
export type UnknownFields = { readonly [field: string]: unknown }

/**
 * The same object, every field typed `unknown`: reads a field the result type does not name (one the service
 * sends beyond its documents) without a cast. Nothing is copied or checked; narrow the value before using it.
 *
 * @example
 * const { content } = await client.run(hql.explore().filter(returnType.eq('Movie')))
 * const rating = unknownFields(content[0]!.object)['rating'] // unknown
 * if (typeof rating === 'number') console.log(rating.toFixed(1))
 */
export const unknownFields = (object: object): UnknownFields => object as UnknownFields
