import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { fileURLToPath } from 'node:url'

// The suite in tiers (issue 25). `unit` and `types` are the quick loop (`npm run test:quick`): no child process,
// Redis, browser or TypeScript language service. The heavy tiers mostly wait on other processes, so they run
// beside the CPU-bound ones: more workers than cores (the machine this was tuned on has 2).
export const tiers = {
  /** TypeScript's language service and compiler API in the test process (editor views, type budgets). */
  'language-service': [
    'test/builder/editor.test.ts',
    'test/builder/type-budget.test.ts',
    'test/builder/fragment-cost.test.ts',
    'test/language/result-type.test.ts',
    'test/model/load-and-cycles.test.ts',
    'test/inline/type-growth.test.ts',
    'test/inline/gaps.test.ts',
    'test/ts-plugin/plugin.test.ts',
    'test/ts-plugin/strings.test.ts',
    'test/ts-plugin/builder-completions.test.ts',
  ],
  /** A real redis-server, started per file on a free port. */
  redis: ['test/redis/**/*.test.ts', 'test/service/redis-counters.test.ts'],
  /** Debian's headless Chromium. */
  browser: ['test/browser/**/*.test.ts', 'test/playground/playground.test.ts'],
  /** Child processes: the CLI, the built package, tsc, the language server over stdio, other Node processes. */
  processes: [
    'test/package/**/*.test.ts',
    'test/cli/serve-and-run.test.ts',
    'test/cli/usability.test.ts',
    'test/cli/demo.test.ts',
    'test/catalog/generated-code.test.ts',
    'test/client/deadlines.test.ts',
    'test/client/paging-memory.test.ts',
    'test/docs/console-samples.test.ts',
    'test/docs/readme-code.test.ts',
    'test/e2e/**/*.test.ts',
    'test/scripts/**/*.test.ts',
    'test/editors/**/*.test.ts',
    'test/lsp/**/*.test.ts',
    'test/service/hostile-keys.test.ts',
    'test/service/graph-worker-exit.test.ts',
    'test/text/tree-size.test.ts',
    'test/fuzz/lsp.test.ts',
    'examples/**/*.test.ts',
  ],
}
const heavy = Object.values(tiers).flat()
/** The reference service's graph worker bundled once per run, for the services tests start from the sources. */
const workerBundle = 'test/support/graph-worker-bundle.ts'
/** Heavy tiers whose files may share a worker's modules (fake clocks are restored in `finally`). */
const sharedModules = new Set(['language-service', 'processes', 'redis'])
/** Unit files that ask what a module holds on its first use (a warm-up that has not run yet). */
export const freshModules = ['test/service/warm-up.test.ts']
/**
 * Unit files that measure this process's CPU time (`process.cpuUsage()`): it counts every thread of a process,
 * and the `unit` tier runs in worker threads, so they run in a process of their own.
 */
export const ownProcess = ['test/text/fuzz.test.ts', 'test/service/robustness.test.ts']

/**
 * Vitest starts projects in the order of their names, each file of a project in its own order (the longest first,
 * from the last run). Two tails came of it. `unit-fresh` came after every `unit` file, and its two long files
 * (10–15 s each) ran alone at the end: `unit` goes last, its many short files filling the cores to the end. And
 * `redis` came last of the heavy tiers, so the fleet (35 s, most of it waiting on its budget's windows) ran alone
 * at the end of `npm test`: `redis` goes first, its waits beside the other tiers' work.
 */
const projectRank: Readonly<Record<string, number>> = { redis: 0, unit: 2 }
class ByProjectRank extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const rank = (spec: TestSpecification) => projectRank[spec.project.name] ?? 1
    // Array.prototype.sort is stable: within a rank, the base order stands.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}

export default defineConfig({
  resolve: {
    alias: {
      'hql/service': fileURLToPath(new URL('./src/service/index.ts', import.meta.url)),
      'hql/testing': fileURLToPath(new URL('./src/testing/index.ts', import.meta.url)),
      hql: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
    },
  },
  test: {
    // A guard against a hang, not a measure of speed: property tests and servers share the cores with the
    // other tiers (`npm test` runs two vitest processes and the type check side by side), and a loaded machine
    // must not fail them (a property test of 15 s alone took 75 s at load 14).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Tests that wait on servers, child processes and browsers leave a core idle: a worker more than the cores.
    // Per vitest process: `npm test` runs two (the unit tiers, the heavy ones) and the type check side by side;
    // 1 to 4 workers for the unit tiers measured the same CPU (107–113 s), so the count only sets how they share.
    maxWorkers: 3,
    sequence: { sequencer: ByProjectRank },
    experimental: { fsModuleCache: true },
    projects: [
      {
        extends: true,
        // One module graph per worker, not per file: importing the model and zod once per file cost more than
        // the tests themselves. These files hold no module state between them (no mocks, no globals). Worker
        // threads, not processes: the tier took ~10% less CPU (and wall) so, the same tests passing.
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...heavy, ...freshModules, ...ownProcess],
          globalSetup: [workerBundle],
          isolate: false,
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: { name: 'unit-fresh', include: [...freshModules, ...ownProcess], globalSetup: [workerBundle] },
      },
      {
        extends: true,
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      ...Object.entries(tiers).map(([name, include]) => ({
        extends: true as const,
        test: {
          name,
          include,
          // The built package (dist/), built once per run: `npm test` builds it first, a lone run here builds it.
          globalSetup: ['test/support/built-package.ts', workerBundle],
          // Shared module graphs here too (the language service parses the library once per worker; the Redis
          // files import the service and both Redis clients once per worker: 60 → 48 CPU-s for the tier, each
          // file still starting and stopping its own redis-server), but for the browser's.
          isolate: !sharedModules.has(name),
        },
      })),
    ],
  },
})
