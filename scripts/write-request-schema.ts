// npm run schema: regenerates schema/hql-request.schema.json from the model.
import { mkdirSync, writeFileSync } from 'node:fs'
import { requestSchemaText, SCHEMA_FILE } from './request-schema'

const target = SCHEMA_FILE
mkdirSync(new URL('.', target), { recursive: true })
writeFileSync(target, await requestSchemaText())
console.log(`wrote ${target.pathname}`)
