// The `hql` command as users run it: bin/hql.js over the built CLI (dist/cli.js), which the heavy test tiers'
// global setup builds once per run (test/support/built-package.ts). Starting it costs a plain Node start, where
// the sources through tsx cost a TypeScript transform in every child.
import { fileURLToPath } from 'node:url'

/** The path of the `hql` bin, to run as `node <hqlBin> args…`. */
export const hqlBin = fileURLToPath(new URL('../../bin/hql.js', import.meta.url))
