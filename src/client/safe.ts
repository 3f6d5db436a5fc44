import { ClientError } from './errors'

/**
 * The outcome of a `safe…` call: the data and no error, or an error and no data. Checking `error` narrows
 * `data`: `if (error) return show(error.message); data.content` type-checks.
 */
export type SafeResult<T> =
  { readonly data: T; readonly error: undefined } | { readonly data: undefined; readonly error: ClientError }

/**
 * Settles a client call into a SafeResult. Every ClientError (the service's refusal, the network, a timeout or
 * abort, a bad response, a bad option, a spent budget) becomes `error`; anything else is a programming error
 * and is thrown as before: a TypeError, a hook's own exception, a value passed as a query that is none
 * (`not_a_query`, an HqlError only reachable past the types).
 */
export async function settle<T>(call: () => Promise<T>): Promise<SafeResult<T>> {
  try {
    // Called in here: what the call throws before it returns a promise (compiling) is a rejection too.
    return { data: await call(), error: undefined }
  } catch (error) {
    if (error instanceof ClientError) return { data: undefined, error }
    throw error
  }
}
