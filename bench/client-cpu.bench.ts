// The client's own CPU work per page, without the network: the strict check of a page (depth walk and the
// per-query check) and the two deadlines a call opens (the call's total, the attempt's), each against
// `JSON.parse` of the same page, which every fetch loop pays. The network bench (client.bench.ts) is noisy on
// a loaded machine; these ratios show what a change to the client's per-page work saves.
// Run: npx tsx bench/client-cpu.bench.ts
import { hql, returnType } from 'hql'
import { responseCheckOf } from '../src/model/core'
import { checkResponse } from '../src/client/validate'
import { deadline } from '../src/client/signals'
import { movie } from '../test/client/fake-service'
import { compare, report } from './harness'

const PAGE_SIZE = 20
const query = hql.explore().filter(returnType.eq('Movie')).pageSize(PAGE_SIZE)
const text = JSON.stringify({
  content: Array.from({ length: PAGE_SIZE }, (_, n) => movie(n)),
  pagingInfo: { next: { endpoint: '/graph/explore', method: 'POST', body: { ...query.body, page: 1 } } },
})
const page = JSON.parse(text) as unknown
const checker = responseCheckOf(query)
const parse = { name: 'JSON.parse of the page', run: () => JSON.parse(text) as unknown }
const options = { rounds: 15, iterations: 5_000, warmup: 10_000 }

report(
  compare(
    { name: 'strict check of the page', run: () => checkResponse(checker, page, 'the explore response') },
    parse,
    options,
  ),
)
const caller = new AbortController().signal
report(
  compare(
    {
      name: 'total + attempt deadlines',
      run: () => {
        const total = deadline(caller, 30_000)
        const attempt = deadline(total.signal, 10_000)
        attempt.dispose()
        total.dispose()
        return attempt
      },
    },
    parse,
    options,
  ),
)
report(compare({ name: 'safeParse only', run: () => checker.safeParse(page) }, parse, options))
