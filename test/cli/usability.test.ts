// What issue 12 found rough in the CLI, run as a user runs it: the real `hql` process, output through pipes.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hqlProcess } from './process'

const escape = '\x1b'

describe.concurrent('hql, run as a process', () => {
  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile('package.json', 'utf8')) as { version: string }
    for (const flag of ['--version', '-V'])
      expect(await hqlProcess([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' })
  })

  it('help shows no "(default: [])", and no ANSI escapes into a pipe', async () => {
    for (const command of ['compile', 'run']) {
      const { code, stdout } = await hqlProcess([command, '--help'])
      expect(code).toBe(0)
      expect(stdout).toContain('--param <name=value>')
      expect(stdout).not.toContain('(default: [])')
      expect(stdout).not.toContain(escape)
    }
  })

  it('a path that does not exist is named, without Node’s raw ENOENT (exit 2)', async () => {
    expect(await hqlProcess(['fmt', 'nope/'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'error: nope/: no such file or directory\n',
    })
    const folder = await hqlProcess(['compile', 'examples/catalog'])
    expect(folder).toMatchObject({
      code: 2,
      stderr: 'error: examples/catalog: a directory where a file is expected\n',
    })
  })

  it('an --out inside a file is named as the mistake it is (exit 2), not a raw EEXIST', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hql-out-'))
    const file = join(dir, 'q.hql')
    await writeFile(file, 'query q explore Movie\n')
    const out = join(file, 'q.ts')
    expect(await hqlProcess(['generate', file, '--out', out])).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: ${file}: a file where a directory is expected\n`,
    })
  })

  it('check reports every problem of a file in one pass: an unused parameter hides nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hql-check-'))
    const file = join(dir, 'q.hql')
    await writeFile(file, 'query q($c: Id) explore Movie\n  where traits = "mhsrc-x"\n  with primaryImg\n')
    const { code, stdout, stderr } = await hqlProcess(['check', dir])
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' })
    const located = stderr.split('\n').filter((line) => line.startsWith(file))
    expect(located).toEqual([
      `${file}:1:9: parameter $c is never used`,
      `${file}:2:18: expected a Trait id (mhgnr…, mhsgn…, mhmod…, mhsmd…, …), got 'mhsrc-x'`,
      `${file}:3:8: unknown component 'primaryImg'; did you mean 'primaryImage'?`,
    ])
    expect(stderr).toContain('3 problems\n')
    expect(stderr).not.toContain(escape)
  })
})
