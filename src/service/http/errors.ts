import { HqlError, formatPath, type JsonPath } from '../../model/errors'
import type { HqlErrorCode } from '../../model/error-codes'

/**
 * A failure with an HTTP status. Graph endpoints answer it as
 * `{ "error": code, "message": text, "status": n, "path"?: "$.filters.traits.$eq" }`; the token endpoint uses
 * the OAuth form `{ "error", "error_description" }` instead (see auth/token-endpoint.ts).
 */
export class ServiceError extends HqlError {
  override name = 'ServiceError'
  readonly status: number
  readonly headers: Readonly<Record<string, string>>

  constructor(
    status: number,
    code: HqlErrorCode,
    message: string,
    options: { path?: JsonPath; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(code, message, options)
    this.status = status
    this.headers = options.headers ?? {}
  }
}

export interface ErrorBody {
  readonly error: HqlErrorCode
  readonly message: string
  readonly status: number
  readonly path?: string
}

/** The JSON body and status of any thrown value; unknown failures become a 500 that leaks no detail. */
export function errorResponse(error: unknown): {
  status: number
  body: ErrorBody
  headers: Readonly<Record<string, string>>
} {
  if (error instanceof ServiceError)
    return { status: error.status, body: bodyOf(error, error.status), headers: error.headers }
  // An HqlError that escaped a layer below (validation by the compiler, a rule of the model) is the
  // caller's mistake: 400 with its code and path.
  if (error instanceof HqlError) return { status: 400, body: bodyOf(error, 400), headers: {} }
  return {
    status: 500,
    body: { error: 'internal_error', message: 'the service failed to answer this request', status: 500 },
    headers: {},
  }
}

function bodyOf(error: HqlError, status: number): ErrorBody {
  // The reason, without the path HqlError's message starts with: the path has its own member.
  return {
    error: error.code,
    message: error.reason,
    status,
    ...(error.path.length > 0 ? { path: formatPath(error.path) } : {}),
  }
}

export const notFound = (what: string, path: JsonPath): ServiceError =>
  new ServiceError(404, 'not_found', `no ${what}`, { path })

export const badRequest = (code: HqlErrorCode, message: string, path: JsonPath = []): ServiceError =>
  new ServiceError(400, code, message, { path })
