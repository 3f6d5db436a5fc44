import { defineConfig } from 'tsup'
import { entries } from './rolldown.config'

// The declarations (`npm run build` runs rolldown for the JavaScript first): one bundled dist/<entry>.d.ts per
// public entry, so that a consumer's TypeScript, whatever its moduleResolution, never follows an extensionless
// relative import inside dist/. Declarations only: rolldown.config.ts says how the JavaScript is split into
// files, and why there is no CommonJS build.
const { index, types, schemas, syntax, language, service, testing, redis } = entries

export default defineConfig({
  entry: { index, types, schemas, syntax, language, service, testing, redis },
  format: ['esm'],
  dts: { only: true },
  clean: false,
})
