// One cold start-up of the reference service's graph (catalog read and checked, graph built and indexed), in
// a fresh process, printed in milliseconds: bench/service.bench.ts runs it a few times and takes the median.
import { graphFor } from '../src/service/graph/shared-graph'

const { ms } = graphFor(undefined, [{ username: 'demo', password: 'startup', name: 'Demo User' }])
console.log(ms.toFixed(1))
