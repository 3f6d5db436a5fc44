// Time to scrub one error body of secrets (the client's `Secrets.scrub`, which every error and hook's data go
// through): a 770 KB JSON text with an escape every ~40 characters (quotes, backslashes, `%20`), by a client
// that knows 2 credentials and its 8 newest tokens, against `JSON.parse` of the same text (what reading the
// body costs at the least). Session 19 replaced the regular expressions of each character's encodings (which
// took seconds to compile for a 5 KB token) by one decoding pass and `indexOf`.
// Run: npx tsx bench/scrub.bench.ts
import { Secrets } from '../src/client/secrets'
import { compare, report } from './harness'

const token = (n: number) =>
  `tok-${n.toString(36).padStart(6, '0')}-${'abcdefghijklmnopqrstuvwxyz0123456789'}`
const secrets = new Secrets()
secrets.add('pw-Sunshine')
secrets.add('client-secret-1234')
for (let n = 0; n < 1_000; n++) secrets.addToken(token(n))

const text = JSON.stringify({
  content: Array.from({ length: 5_000 }, (_, i) => ({
    name: `Movie ${i} été`,
    url: `https://images.example.com/a%20b/${i}`,
    description: 'A description of the movie that goes on, with "quotes" and \\ backslashes.',
  })),
})

console.log(`scrub a ${(text.length / 1000).toFixed(0)} KB error body, 10 secrets known`)
report(
  compare(
    { name: 'scrub', run: () => secrets.scrub(text) },
    { name: 'JSON.parse', run: () => JSON.parse(text) as unknown },
    { rounds: 9, iterations: 5, warmup: 5 },
  ),
)
