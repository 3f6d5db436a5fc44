// Scratch: instantiations of type expressions over src/inline (argv: expressions). Removed before finishing.
import { instantiationCounter } from './type-cost'
const prelude = `import type * as N from '../src/inline/normalise'\nexport type Warm = N.Normalise<'lookup "mhmov-a", $x with keyTraits { primaryImage } page 1 size 3 # c\n'>\n`
const count = instantiationCounter(prelude)
for (const expr of process.argv.slice(2)) {
  try { console.log(count(expr.startsWith('!') ? expr.slice(1) : `export type T = ${expr}\nexport const t: T = null!\n`), expr.slice(0, 100)) }
  catch (e) { console.log('ERR', (e as Error).message.slice(0, 600)) }
}
