import type { JsonPath } from '../../model/errors'
import { describeId, type ObjectTypeName } from '../../model/ids'
import type { GraphNode } from '../graph/entities'
import type { Addressable } from '../graph/graph-index'
import { ServiceError, badRequest, notFound } from '../http/errors'
import type { QueryContext } from './context'

/** Whether the asking user may see a node: private collections belong to their owners alone. */
export function visible(node: Addressable, ctx: QueryContext): boolean {
  return node.type !== 'Collection' || node.permissions === 'public' || node.owner === ctx.user
}

/**
 * A node from an mhid, an altId or `mhals-current-user`. An unknown id (or another user's private
 * collection, which must not be told apart from an unknown one) is a 404 naming the path; an id of another
 * type than the place allows is a 400.
 */
export function resolveId(
  ctx: QueryContext,
  id: string,
  path: JsonPath,
  types?: readonly ObjectTypeName[],
): Addressable {
  const node = id === 'mhals-current-user' ? currentUser(ctx, path) : ctx.graph.byId(id)
  if (node === undefined || !visible(node, ctx)) {
    const description = describeId(id)
    const what =
      description.form === 'unknown' ? `object with id '${id}'` : `${description.type} with id '${id}'`
    throw notFound(what, path)
  }
  if (types !== undefined && !types.includes(node.type))
    throw badRequest('wrong_id_type', `'${id}' is a ${node.type}; expected ${types.join(' or ')}`, path)
  return node
}

export function resolveNode(
  ctx: QueryContext,
  id: string,
  path: JsonPath,
  types?: readonly ObjectTypeName[],
): GraphNode {
  const node = resolveId(ctx, id, path, types)
  if (node.type === 'Image')
    throw badRequest('wrong_id_type', `'${id}' is an Image, which cannot stand here`, path)
  return node
}

function currentUser(ctx: QueryContext, path: JsonPath): Addressable {
  if (ctx.user === undefined)
    throw new ServiceError(
      403,
      'no_current_user',
      'mhals-current-user needs a token of a user (password or refresh grant), not a client token',
      { path },
    )
  return ctx.user
}
