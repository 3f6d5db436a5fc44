import { defineConfig } from 'tsup'

// One build, four entry points: the core (`hql`, no Node imports), the Node-only reference service and
// testing helpers, and the CLI behind the `hql` bin.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    service: 'src/service/index.ts',
    testing: 'src/testing/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  splitting: true,
  treeshake: true,
})
