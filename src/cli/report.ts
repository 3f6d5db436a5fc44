import { HqlError } from '../model'
import { HqlTextError } from '../text'
import { ClientError, HttpError, OAuthError } from '../client'
import type { CliIo } from './io'

/** Writes problems to stderr as `file:line:col: message`, each followed by its code frame. */
export function reportErrors(io: CliIo, errors: readonly HqlTextError[]): void {
  for (const error of errors) io.stderr(`${error.message}\n${indent(error.frame)}\n`)
  if (errors.length > 1) io.stderr(`${errors.length} problems\n`)
}

/** Writes any error thrown by a command; returns whether it was one of ours (an HqlError). */
export function reportError(io: CliIo, error: unknown): boolean {
  if (error instanceof HqlTextError) reportErrors(io, [error])
  else if (error instanceof Error) {
    io.stderr(`error: ${error.message}\n`)
    for (const line of details(error)) io.stderr(`  ${line}\n`)
  } else io.stderr(`error: ${String(error)}\n`)
  return error instanceof HqlError
}

/**
 * What a client error knows beyond its message: the service's own error (code, message, path) of an HTTP
 * error, and where a request went. Each is printed only when the message does not say it already, since the
 * client's messages may come to carry the same (and `body` is whatever the service sent).
 */
function details(error: Error): string[] {
  if (!(error instanceof ClientError)) return []
  const lines: string[] = []
  const has = (text: string) => error.message.includes(text)
  if (error instanceof HttpError) {
    const body = serviceError(error.body)
    if (body !== undefined && !(body.message !== undefined && has(body.message))) {
      const at = body.path === undefined ? '' : ` (at ${body.path})`
      lines.push(
        `the service answered ${[body.code, body.message].filter((part) => part !== undefined).join(': ')}${at}`,
      )
    }
  }
  const request = error.request
  if (request !== undefined && !has(request.url)) {
    const status = error instanceof OAuthError && !has(String(error.status)) ? `, HTTP ${error.status}` : ''
    lines.push(`request: ${request.method} ${request.url}${status}`)
  }
  return lines
}

/** The `{ error, message, path }` of a service's error body, read defensively: any part may be missing. */
function serviceError(body: unknown): { code?: string; message?: string; path?: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const text = (key: 'error' | 'message' | 'path') => {
    const value: unknown = Object.hasOwn(body, key) ? (body as Record<typeof key, unknown>)[key] : undefined
    return typeof value === 'string' && value !== '' ? value : undefined
  }
  const code = text('error')
  const message = text('message')
  const path = text('path')
  if (code === undefined && message === undefined) return undefined
  return {
    ...(code === undefined ? {} : { code }),
    ...(message === undefined ? {} : { message }),
    ...(path === undefined ? {} : { path }),
  }
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
