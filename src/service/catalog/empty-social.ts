import type { Social } from '../graph/entities'

/** A node's social links before synthesis fills them: every node of the catalog starts from one of these. */
export const emptySocial = (): Social => ({ likers: [], followers: [], collectedIn: [], mentions: 0 })
