// docs/errors.md is generated from src/model/error-codes.ts: this fails when a code is added, renamed or
// reworded there without `npm run docs:errors`.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { errorCodes } from '../../src/model/error-codes'
import { ERRORS_DOC, errorsDocText } from '../../scripts/error-codes-doc'

describe('docs/errors.md', () => {
  it('is what `npm run docs:errors` generates from the codes today', async () => {
    expect(readFileSync(ERRORS_DOC, 'utf8'), 'run `npm run docs:errors` and commit the result').toBe(
      await errorsDocText(),
    )
  })

  it('lists every code once', () => {
    const listed = [...readFileSync(ERRORS_DOC, 'utf8').matchAll(/^\| `([a-z_]+)` /gm)].map((m) => m[1])
    expect(listed.sort()).toEqual(Object.keys(errorCodes).sort())
  })
})
