import type { Query } from '../model/core'
import type { JsonPath } from '../model/errors'
import { ClientError, InvalidResponseError, type RequestDescription } from './errors'

/**
 * The Standard Schema interface (standardschema.dev, v1), which zod, valibot, arktype and others implement:
 * declared here, as the spec intends, so that any of them can check a response without hql depending on it.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (
      value: unknown,
    ) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
  }
}

// The spec's nested type names, declared as the spec declares them (types only: nothing at run time).
export declare namespace StandardSchemaV1 {
  type Result<Output> =
    { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly Issue[] }
  interface Issue {
    readonly message: string
    readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined
  }
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output']
}

/** What a response check is told about the response it checks. */
export interface CheckInfo {
  /** The path it answered (`/graph/explore`). */
  readonly endpoint: string
  /** The request body that was sent. */
  readonly body: unknown
  /** The query whose page this is (`run`, `page`, paging a query), or undefined (a continuation, `request`). */
  readonly query: Query | undefined
  /** The request as errors describe it (redacted), for an error of the check's own. */
  readonly request: RequestDescription
  /** Text with every secret the client knows replaced by `[redacted]`: for a message that quotes the response. */
  scrub(text: string): string
}

/**
 * A check of every response of a client's queries: returns the response (or what it should be read as), or
 * throws (an `InvalidResponseError` naming the path, or any error, which the client turns into one). The
 * built-in `strictCheck` and `looseCheck` are two; a Standard Schema validator is another.
 *
 * @example
 * const noEmptyPages: ResponseCheck = (json) => {
 *   if ((json as { content?: unknown[] }).content?.length === 0) throw new Error('an empty page')
 *   return json
 * }
 */
export type ResponseCheck = CheckFunction | StandardSchemaV1

/** A response check written as a function: returns the response (or what it should be read as), or throws. */
export type CheckFunction = (json: unknown, info: CheckInfo) => unknown

/**
 * Runs `check` on `json`: its value, or an `InvalidResponseError` at the first issue's path. A thrown error
 * that is no ClientError (a user's function's own) is wrapped, its message scrubbed of secrets: it may quote
 * the response, which may quote a secret.
 */
export function runCheck(check: ResponseCheck, json: unknown, info: CheckInfo): unknown {
  // The thrown error is not kept as the cause: it may quote the response, and so a secret a server echoed.
  const fail = (message: string, path: JsonPath = []) =>
    new InvalidResponseError(
      `the ${info.endpoint} response does not pass the check: ${info.scrub(message)}`,
      {
        path: scrubPath(path, info.scrub),
        request: info.request,
      },
    )
  // A Standard Schema may answer now or later; a function's check costs no turn of the event loop.
  if (typeof check !== 'function')
    return Promise.resolve(check['~standard'].validate(json)).then((result) => {
      if (result.issues === undefined) return result.value
      const [first] = result.issues
      const path = (first?.path ?? []).map((part) =>
        typeof part === 'object' ? (part.key as string | number) : (part as string | number),
      )
      throw fail(first?.message ?? 'invalid', path)
    })
  try {
    return check(json, info)
  } catch (error) {
    if (error instanceof ClientError) throw error
    throw fail(error instanceof Error ? error.message : String(error))
  }
}

/**
 * A path into a server's answer with its keys scrubbed: a server may echo a secret as a key, and the path is
 * shown in the error's message.
 */
export const scrubPath = (path: JsonPath, scrub: (text: string) => string): JsonPath =>
  path.map((part) => (typeof part === 'string' ? scrub(part) : part))
