import { defineConfig } from 'tsup'
import { entries } from './rolldown.config'

// The declarations (`npm run build` runs rolldown for the JavaScript first): one bundled dist/<entry>.d.ts per
// public entry, so that a consumer's TypeScript, whatever its moduleResolution, never follows an extensionless
// relative import inside dist/. Declarations only: rolldown.config.ts says how the JavaScript is split into
// files, and why there is no CommonJS build.
const { index, service, testing, redis, tanstack, 'ts-plugin': tsPlugin } = entries

export default defineConfig({
  entry: { index, service, testing, redis, tanstack, 'ts-plugin': tsPlugin },
  format: ['esm'],
  // Emit without checking (TypeScript 5.6's noCheck): the same bytes, in half the time; the types tier of
  // `npm test` checks the whole project, and a declaration TypeScript cannot write still fails here.
  dts: { only: true, compilerOptions: { noCheck: true } },
  clean: false,
})
