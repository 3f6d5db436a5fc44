import { Command, CommanderError, Option } from 'commander'
import { HqlTextError } from '../text'
import { ClientError } from '../client'
import type { CliIo } from './io'
import { exitCodeHelp, exitCodes } from './io'
import { collect } from './params'
import { reportError } from './report'
import { systemError } from './system-errors'
import { packageVersion } from './version'
import { checkCommand } from './commands/check'
import { compileCommand } from './commands/compile'
import { fixturesCommand } from './commands/fixtures'
import { fmtCommand } from './commands/fmt'
import { lspCommand } from './commands/lsp'
import { generateCommand } from './commands/generate'
import { runCommand } from './commands/run'
import { serveCommand } from './commands/serve'

/**
 * Runs `hql` with the given arguments (without `node` and the script) and returns the exit code. Everything it
 * prints goes through `io`, so tests run it in process.
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  let code: number = exitCodes.ok
  const act =
    <A extends unknown[]>(command: (...args: A) => Promise<number>) =>
    async (...args: A) => {
      code = await command(...args)
    }
  const program = new Command('hql')
    .description(
      'HQL text queries: compile, format, check, generate typed functions and fixtures, run, serve.',
    )
    .version(packageVersion(), '-V, --version', 'print the version of hql')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText('after', exitCodeHelp)
    .showSuggestionAfterError()

  const queryOption = () => new Option('-q, --query <name>', 'the query to use, when the file holds several')
  // No `.default([])`: commander would print `(default: [])` in the help; the commands read a missing list as none.
  const paramOption = () =>
    new Option('-p, --param <name=value>', 'a parameter value; repeat for several; lists as a,b or JSON')

  program
    .command('compile')
    .description('print the request JSON of a query')
    .argument('<file>', 'an .hql file')
    .addOption(queryOption())
    .addOption(paramOption().argParser(collect))
    .option('--body', 'print only the request body')
    .addHelpText(
      'after',
      '\nExample:\n  hql compile catalog/movies.hql --query moviesByContributor --param contributor=mhric-brad-pitt',
    )
    .action(act((file: string, options) => compileCommand(io, file, options)))

  program
    .command('fmt')
    .description('format .hql files in place, in the canonical layout')
    .argument('<paths...>', '.hql files or directories')
    .option('--check', 'change nothing; exit 1 when a file is not formatted')
    .action(act((paths: string[], options) => fmtCommand(io, paths, options)))

  program
    .command('check')
    .description('report every problem of a catalog, as file:line:col')
    .argument('<paths...>', '.hql files or directories')
    .action(act((paths: string[]) => checkCommand(io, paths)))

  program
    .command('generate')
    .description('write a TypeScript module with one typed function per query')
    .argument('<paths...>', '.hql files or directories')
    .requiredOption('-o, --out <file>', 'the .ts file to write')
    .option('--check', 'write nothing; exit 1 when the file is stale')
    .option('--import-from <module>', 'the module the generated code imports hql from', 'hql')
    .action(act((paths: string[], options) => generateCommand(io, paths, options)))

  program
    .command('fixtures')
    .description(
      "write each query's request JSON (<query>.json) for tests; remove the .json of removed queries",
    )
    .argument('<paths...>', '.hql files or directories')
    .requiredOption('-o, --out <dir>', 'the directory to write')
    .option('--check', 'write nothing; exit 1 when a fixture is stale, missing or left over')
    .action(act((paths: string[], options) => fixturesCommand(io, paths, options)))

  program
    .command('run')
    .description('run a query and print its results, following pages')
    .argument('<file>', 'an .hql file')
    .addOption(queryOption())
    .addOption(paramOption().argParser(collect))
    .option('--base-url <url>', 'the service, or HQL_BASE_URL (neither: the embedded reference service)')
    .option('--auth-url <url>', 'the token service, or HQL_AUTH_URL (neither: <base URL>/auth)')
    .addOption(new Option('--max-pages <n>', 'stop after this many pages').default('5'))
    .addOption(new Option('--all', 'follow every page').conflicts('maxPages'))
    .option('--json', 'print the items as JSON instead of a table')
    .addHelpText('after', runHelp)
    .action(act((file: string, options) => runCommand(io, file, options)))

  program
    .command('serve')
    .description('run the reference service on the sample catalog until interrupted')
    .option('--port <port>', 'TCP port (0 picks a free one)', '0')
    .option('--host <host>', 'interface to bind', '127.0.0.1')
    .option(
      '--redis <url>',
      'fleet mode: keep tokens and rate windows in this Redis (needs the redis package)',
    )
    .option(
      '--redis-key <prefix>',
      'prefix of the Redis keys; instances sharing it act as one',
      'hql:service',
    )
    .action(act((options) => serveCommand(io, options)))

  program
    .command('lsp')
    .description('run the language server for .hql files (for editors: see docs/editors.md)')
    .option('--stdio', 'speak the Language Server Protocol over stdin/stdout')
    .action(act((options) => lspCommand(io, options)))

  try {
    await program.parseAsync([...args], { from: 'user' })
    return code
  } catch (error) {
    if (error instanceof CommanderError)
      return error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.exitCode === 0
        ? exitCodes.ok
        : exitCodes.usage
    // A file error names its path: `nope/: no such file or directory`, not Node's raw ENOENT.
    const reported = systemError(error) ?? error
    reportError(io, reported)
    if (reported instanceof HqlTextError) return exitCodes.problems
    if (reported instanceof ClientError) return exitCodes.service
    if (hasCode(reported, 'usage')) return exitCodes.usage
    if (hasCode(reported, 'environment')) return exitCodes.environment
    return exitCodes.problems
  }
}

const hasCode = (error: unknown, code: string) => (error as { code?: unknown } | null)?.code === code

const runHelp = `
With --base-url (or HQL_BASE_URL), the token service is --auth-url, else HQL_AUTH_URL, else <base URL>/auth
(where hql serve has it). Credentials come from HQL_CLIENT_ID and HQL_CLIENT_SECRET, with HQL_USERNAME and
HQL_PASSWORD for the password grant (without them, the client credentials grant), and HQL_SCOPE (default for
the password grant: public_profile user_likes). hql serve prints the lines to paste.

Example:
  hql run catalog/movies.hql --query dramas --max-pages 2`
