import { HqlError } from '../model'
import { HqlTextError } from '../text'
import type { CliIo } from './io'

/** Writes problems to stderr as `file:line:col: message`, each followed by its code frame. */
export function reportErrors(io: CliIo, errors: readonly HqlTextError[]): void {
  for (const error of errors) io.stderr(`${error.message}\n${indent(error.frame)}\n`)
  if (errors.length > 1) io.stderr(`${errors.length} problems\n`)
}

/** Writes any error thrown by a command; returns whether it was one of ours (an HqlError). */
export function reportError(io: CliIo, error: unknown): boolean {
  if (error instanceof HqlTextError) reportErrors(io, [error])
  else if (error instanceof HqlError) io.stderr(`error: ${error.message}\n`)
  else if (error instanceof Error) io.stderr(`error: ${error.message}\n`)
  else io.stderr(`error: ${String(error)}\n`)
  return error instanceof HqlError
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n')
