import { HqlError } from 'hql'

/**
 * Runs `run` and returns the error of class `kind` (an HqlError, by default) it throws; anything else (or nothing
 * thrown) fails the test.
 */
export function caught<E extends Error = HqlError>(
  run: () => unknown,
  kind: abstract new (...args: never[]) => E = HqlError as never,
): E {
  try {
    run()
  } catch (error) {
    if (error instanceof kind) return error
    throw error
  }
  throw new Error(`expected an ${kind.name}`)
}
