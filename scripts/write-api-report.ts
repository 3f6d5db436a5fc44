// npm run api:report: rewrites api/report.md, the committed list of every public name and its kind.
import { mkdirSync, writeFileSync } from 'node:fs'
import { apiReport, REPORT_FILE } from './api-report'

mkdirSync(new URL('.', REPORT_FILE), { recursive: true })
writeFileSync(REPORT_FILE, apiReport())
console.log(`wrote ${REPORT_FILE.pathname}`)
