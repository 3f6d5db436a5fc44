import type { JsonPath } from '../../model/errors'
import { badRequest } from '../http/errors'
import type { QueryContext } from './context'

/**
 * Pays for work done for one request, refusing the request (400 `too_much_work`) once it has cost more than
 * `limits.maxWork` units. The engine calls it in bulk (once per seed scored, per candidate list filtered, per
 * object rendered), never per elementary step, so counting costs nothing next to the work it counts.
 * `path` is the part of the request that asked for the work (a function: built only for the error), and
 * `lower` says what to ask for instead.
 */
export function spend(
  ctx: QueryContext,
  units: number,
  path: JsonPath | (() => JsonPath),
  lower: string,
): void {
  ctx.work.units += units
  if (ctx.work.units <= ctx.limits.maxWork) return
  throw badRequest(
    'too_much_work',
    `the request needs more than the ${ctx.limits.maxWork} units of work one request may cost; ${lower}`,
    typeof path === 'function' ? path() : path,
  )
}

/** What sorting `n` items costs, in comparisons. */
export const sortCost = (n: number): number => (n < 2 ? n : Math.ceil(n * Math.log2(n)))

/** A meter that charges `spend` at one place of the request; the engine's algorithms take one of these. */
export type Meter = (units: number) => void

export const meterAt =
  (ctx: QueryContext, path: JsonPath, lower: string): Meter =>
  (units) =>
    spend(ctx, units, path, lower)
