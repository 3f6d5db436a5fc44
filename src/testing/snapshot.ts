import { graphPath } from '../model'
import { canonical, type RequestLike } from './canonical'

/**
 * The request a query sends, as stable pretty JSON for snapshots: `{ endpoint, method, body }` with the body's
 * keys in compile's canonical order, whatever order the builder calls came in. Also takes a plain request
 * (a `pagingInfo.next`, an error's `resumeFrom`), which is validated and put in the same form.
 *
 * @example
 * expect(requestSnapshot(hql.lookup('mhmov-gladiator').with(primaryImage))).toMatchInlineSnapshot(`…`)
 */
export function requestSnapshot(request: RequestLike): string {
  const { endpoint, body } = canonical(request)
  return JSON.stringify({ endpoint: graphPath(endpoint), method: 'POST', body }, null, 2)
}
