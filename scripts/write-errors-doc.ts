// npm run docs:errors: regenerates docs/errors.md from src/model/error-codes.ts.
import { writeFileSync } from 'node:fs'
import { errorsDocText, ERRORS_DOC } from './error-codes-doc'

writeFileSync(ERRORS_DOC, await errorsDocText())
console.log(`wrote ${ERRORS_DOC.pathname}`)
