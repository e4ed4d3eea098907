import { Command, CommanderError, Option } from 'commander';
import { UserError, errorMessage } from '../errors.ts';
import { maskUrlPasswords } from '../mask-url.ts';
import { VERSION } from '../version.ts';
import { registerCommands } from './commands.ts';
import { addEnvHelp } from './env-help.ts';

/** Runs the command line; resolves to the process exit code. Never throws. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command();
  program
    .name('relsync')
    .description('Copy Affinity CRM data into a SQL warehouse (SQLite or PostgreSQL) and keep it current.')
    .version(VERSION, '-V, --version')
    .addOption(new Option('-c, --config <file>', 'config file (default: ./relsync.config.json if present)'))
    .addOption(new Option('--log-level <level>', 'fatal|error|warn|info|debug|trace|silent (env LOG_LEVEL)'))
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  registerCommands(program);
  addEnvHelp(program);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version exit 0 through here; usage errors exit 2.
      return err.exitCode === 0 ? 0 : 2;
    }
    if (err instanceof UserError) {
      process.stderr.write(`relsync: ${maskUrlPasswords(err.message)}\n`);
      if (err.hint) process.stderr.write(`${maskUrlPasswords(err.hint)}\n`);
      return err.exitCode;
    }
    process.stderr.write(`relsync: unexpected error: ${maskUrlPasswords(errorMessage(err))}\n`);
    if (process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace') {
      process.stderr.write(`${(err as Error).stack ?? ''}\n`);
    } else {
      process.stderr.write('Run again with LOG_LEVEL=debug for details. Nothing already loaded was lost.\n');
    }
    return 1;
  }
}
