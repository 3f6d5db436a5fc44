// The quick loop stays quick (docs/contributing.md): a file of the `unit` tier starts no child process, Redis,
// browser or TypeScript program, directly or through a helper of test/ or bench/ it imports. Such a file belongs
// to the heavy tier named here, listed in vitest.config.ts; a new test that forgets that fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { freshModules, ownProcess, tiers } from '../../vitest.config'

const root = resolve(__dirname, '../..')

/** What an import of a unit file may not reach, and the tier a file that reaches it belongs to. */
const heavyImports: readonly (readonly [RegExp, string])[] = [
  [/^node:child_process$|^child_process$/, 'processes'],
  [/support\/redis-(server|clients)$|^redis$|^ioredis$/, 'redis'],
  [/browser\/launch$|^playwright-core$/, 'browser'],
  [/^typescript$|support\/language-service$|bench\/type-cost$|^@ark\/attest$/, 'language-service'],
]

/** `test/x/**\/*.test.ts` holds every test file under test/x; any other pattern names one file. */
const matches = (file: string, pattern: string) =>
  pattern.endsWith('/**/*.test.ts')
    ? file.startsWith(pattern.slice(0, -'**/*.test.ts'.length)) && file.endsWith('.test.ts')
    : file === pattern

const testFiles = (readdirSync(join(root, 'test'), { recursive: true }) as string[])
  .map((f) => `test/${f.split('\\').join('/')}`)
  .filter((f) => f.endsWith('.test.ts'))
const heavy = Object.values(tiers).flat()
const unitFiles = testFiles.filter(
  (f) => !heavy.some((p) => matches(f, p)) && !freshModules.includes(f) && !ownProcess.includes(f),
)

/** Every module specifier a file reaches through the relative imports it makes inside test/ and bench/. */
function reached(file: string, seen = new Set<string>()): Set<string> {
  const specifiers = new Set<string>()
  if (seen.has(file)) return specifiers
  seen.add(file)
  const text = readFileSync(join(root, file), 'utf8')
  for (const [, specifier = ''] of text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
    specifiers.add(specifier)
    if (!specifier.startsWith('.')) continue
    const target = relative(root, resolve(dirname(join(root, file)), specifier))
    if (!/^(test|bench)\//.test(target)) continue
    const withExtension = [`${target}.ts`, target, join(target, 'index.ts')].find((f) =>
      existsSync(join(root, f)),
    )
    if (withExtension !== undefined) for (const s of reached(withExtension, seen)) specifiers.add(s)
  }
  return specifiers
}

describe('the test tiers', () => {
  it('sort every test file somewhere, and the unit tier holds most of them', () => {
    expect(unitFiles.length).toBeGreaterThan(testFiles.length / 2)
    for (const pattern of heavy.filter((p) => !p.includes('*')))
      expect(testFiles, `${pattern} is listed in vitest.config.ts`).toContain(pattern)
  })

  // The unit tier runs in worker threads: a file that reads this process's CPU time would count other
  // threads' too (vitest.config.ts's ownProcess runs such files in a process of their own).
  it('has no file that measures process-wide CPU time', () => {
    const measuring = unitFiles.filter((file) =>
      /process\.(?:cpuUsage|resourceUsage)\(/.test(readFileSync(join(root, file), 'utf8')),
    )
    expect(measuring, 'list them in ownProcess').toEqual([])
  })

  it.each(unitFiles)('%s reaches no child process, Redis, browser or TypeScript program', (file) => {
    const found = [...reached(file)].flatMap((specifier) =>
      heavyImports.filter(([pattern]) => pattern.test(specifier)).map(([, tier]) => `${specifier} (${tier})`),
    )
    expect(found, 'move the file to the tier named, in vitest.config.ts').toEqual([])
  })
})
