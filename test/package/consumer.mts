// Type-checked against the built declarations (dist/*.d.ts) by test/package/build.test.ts, the way a
// consumer with moduleResolution node16 sees the package. Not part of the main tsconfig's program.
import { hql, compile, returnType, primaryImage, keyContributors } from 'hql'
import type { ResultOf } from 'hql'
import { createService } from 'hql/service'

const q = hql.explore().filter(returnType.eq('Movie')).with(keyContributors(primaryImage))
const url: string = ({} as ResultOf<typeof q>).content[0]!.object.keyContributors.content[0]!.object
  .primaryImage.object.medium.url
export const body = compile(q).body
export const start: typeof createService = createService
export { url }
