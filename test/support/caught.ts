import { HqlError } from 'hql'

/** Runs `run` and returns the HqlError it throws; anything else (or nothing thrown) fails the test. */
export function caught(run: () => unknown): HqlError {
  try {
    run()
  } catch (error) {
    if (error instanceof HqlError) return error
    throw error
  }
  throw new Error('expected an HqlError')
}
