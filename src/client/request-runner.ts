import type { Query } from '../model/core'
import type { GrantEnv } from './auth/grants'
import type { TokenManager } from './auth/token-manager'
import { ClientError, HttpError, InvalidResponseError } from './errors'
import type { CallOptions } from './options'
import { numberOption } from './option-checks'
import { retryPolicy } from './retry'
import {
  abortError,
  openScope,
  outgoing,
  parseJsonOrUndefined,
  send,
  type OutgoingRequest,
} from './transport'
import type { EndpointName, GraphRequest } from './types'
import { graphUrl, type GraphBase } from './urls'
import { checkResponse, responseCheck, type ResponseSchema, type ValidationMode } from './validate'

/**
 * Sends one graph request and resolves with its checked response. `query` is the query the request is a page
 * of: strict mode checks the response against what it promises; without one, against what the request's own
 * body promises (`responseCheck`, validate.ts).
 */
export type RunRequest = (
  request: GraphRequest,
  endpoint: EndpointName,
  call: CallOptions,
  query?: Query,
) => Promise<unknown>

/**
 * The request runner of one client: every call of `run`, and every page of `pages`/`items`, goes through it,
 * so that tokens, retries, timeouts and response checks are the same for all of them. `headers` go with every
 * request, names lowercased.
 */
export function requestRunner(
  env: GrantEnv,
  tokens: TokenManager,
  base: GraphBase,
  headers: Readonly<Record<string, string>>,
  validation: ValidationMode,
  scrub: (text: string) => string,
): RunRequest {
  // `env` is what the grants get too: the transport, and the client's defaults that a call may override.
  const ctx = env.ctx

  const post = (request: GraphRequest, accessToken: string): OutgoingRequest =>
    outgoing(
      ctx,
      'graph',
      graphUrl(base, request.endpoint),
      {
        ...headers,
        accept: 'application/json',
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
      },
      JSON.stringify(request.body),
      request.body,
    )

  /** `sent` is described (redacted) only for an error: a response that passes needs no description. */
  function checked(
    text: string,
    endpoint: EndpointName,
    sent: OutgoingRequest,
    schema: ResponseSchema | undefined,
  ): unknown {
    // JSON.parse never gives undefined: undefined means the text was not JSON.
    const json = parseJsonOrUndefined(text)
    if (json === undefined)
      throw new InvalidResponseError(`the ${endpoint} response is not JSON (${text.length} characters)`, {
        request: sent.described,
      })
    if (schema === undefined) return json
    return checkResponse(schema, json, `the ${endpoint} response`, () => sent.described, scrub)
  }

  /** One graph request: a token, the POST with retries, one refresh-and-retry on 401, then the checks. */
  return async (request, endpoint, call, query) => {
    // Built (or found in its cache) before sending: a body it cannot read falls back to the generic check.
    const schema = responseCheck(validation, endpoint, request.body, query)
    // Options are checked before the clock starts, so that a bad one leaves no timer behind.
    const policy = retryPolicy(call.retry, env.retry)
    const limits = {
      timeoutMs: numberOption(call.timeoutMs, env.timeoutMs, ['timeoutMs'], 'positive'),
      totalTimeoutMs: numberOption(call.totalTimeoutMs, env.totalTimeoutMs, ['totalTimeoutMs'], 'positive'),
    }
    const scope = openScope(ctx, call.signal, limits)
    try {
      const token = await tokens.accessToken(scope.total.signal)
      let sent = post(request, token)
      let text: string
      try {
        ;({ text } = await send(ctx, sent, policy, scope))
      } catch (error) {
        if (!(error instanceof HttpError && error.status === 401)) throw error
        const renewed = await tokens.replace(token, scope.total.signal)
        if (renewed === undefined) throw error
        sent = post(request, renewed)
        ;({ text } = await send(ctx, sent, policy, scope))
      }
      return checked(text, endpoint, sent, schema)
    } catch (error) {
      // Waiting for a token ends with the signal's bare reason; say whose abort it was.
      if (!(error instanceof ClientError) && scope.total.signal.aborted) throw abortError(scope)
      throw error
    } finally {
      scope.total.dispose()
    }
  }
}
