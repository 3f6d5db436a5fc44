import { type ComponentRequest, type NextRequest, type PagingInfo, nextEndpointPath } from '../../model'
import type { JsonPath } from '../../model/errors'
import { badRequest } from '../http/errors'
import type { QueryContext, QueryLimits } from './context'

/** The page size a request asks for (or its default), checked against the documented maximum. */
export function pageSizeWithin(
  limits: QueryLimits,
  pageSize: number | undefined,
  path: JsonPath,
  fallback?: number,
): number {
  const size = pageSize ?? fallback ?? limits.defaultPageSize
  if (size > limits.maxPageSize)
    throw badRequest('page_size_too_large', `pageSize is at most ${limits.maxPageSize}, got ${size}`, path)
  return size
}

/** {@link pageSizeWithin} the context's limits. */
export function pageSizeOf(
  ctx: QueryContext,
  pageSize: number | undefined,
  path: JsonPath,
  fallback?: number,
): number {
  return pageSizeWithin(ctx.limits, pageSize, path, fallback)
}

export interface Page<T> {
  readonly items: readonly T[]
  readonly pagingInfo: PagingInfo
}

/**
 * One zero-based page of `all`, with `next` (and `previous`) requests that repeat `body` with another page.
 * `next` is null on the last page, so following it from page 0 yields every item exactly once.
 */
export function pageOf<T>(
  all: readonly T[],
  page: number,
  size: number,
  endpoint: string,
  body: Record<string, unknown>,
): Page<T> {
  return pageOfHead(all, all.length, page, size, endpoint, body)
}

/**
 * {@link pageOf} a list of `total` items of which only the `head` is at hand, in order: at least the first
 * (page + 1) · size of them (relate ranks only as far as the page it shows).
 */
export function pageOfHead<T>(
  head: readonly T[],
  total: number,
  page: number,
  size: number,
  endpoint: string,
  body: Record<string, unknown>,
): Page<T> {
  const start = page * size
  const items = start < total ? head.slice(start, start + size) : []
  const request = (n: number): NextRequest => ({ endpoint, method: 'POST', body: { ...body, page: n } })
  return {
    items,
    pagingInfo: {
      next: start + size < total ? request(page + 1) : null,
      previous: page > 0 ? request(Math.min(page - 1, Math.max(0, Math.ceil(total / size) - 1))) : null,
    },
  }
}

/**
 * How a list component continues: a lookup of its parent object asking for that one component at page `page`,
 * with its page size and nested components (keys in the model's order: name, pageSize, page, components). The list is recomputed the same way, so each page holds the next
 * items with their contexts (relationships, sorting), and its own `next` asks for the page after.
 */
export function componentContinuation(
  parentMhid: string,
  component: ComponentRequest,
  size: number,
  page: number,
): NextRequest {
  const { name, components } = component
  return {
    endpoint: nextEndpointPath('lookup'),
    method: 'POST',
    body: {
      ids: [parentMhid],
      components: [{ name, pageSize: size, page, ...(components === undefined ? {} : { components }) }],
    },
  }
}

/**
 * How a silo continues (silo items carry no context): a lookup of exactly the
 * ids after the first `size`, in order, with the same components and page size. The lookup pages its own ids,
 * so following `next` from there yields each remaining item once. Null when nothing remains.
 */
export function lookupContinuation(
  ids: readonly string[],
  size: number,
  components: readonly ComponentRequest[] | undefined,
): NextRequest | null {
  if (ids.length <= size) return null
  return {
    endpoint: nextEndpointPath('lookup'),
    method: 'POST',
    body: { ids: ids.slice(size), ...(components === undefined ? {} : { components }), pageSize: size },
  }
}
