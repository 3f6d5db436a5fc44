import { explore } from './explore'
import { relate } from './relate'
import { lookup } from './lookup'
import { silos } from './silos'

/**
 * The entry point of the builder: one function per endpoint.
 *
 * @example
 * const q = hql.explore().filter(returnType.eq('Movie')).with(primaryImage)
 */
export const hql = { explore, relate, lookup, silos } as const
