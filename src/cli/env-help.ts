/**
 * The environment variables a command reads, for its `--help` (issue 13: no help mentioned
 * AFFINITY_API_KEY, AFFINITY_BASE_URL or DATABASE_URL). Derived from ENV_VARS so a new setting is listed
 * without touching this file.
 */
import type { Command } from 'commander';
import { ENV_VARS } from '../config/schema.ts';

/**
 * Commands that read less than the whole configuration: the simulator takes only its flags; demo writes
 * its own file from its own simulator, so only the log level comes from the environment.
 */
const READS: Readonly<Record<string, readonly string[]>> = { simulate: [], demo: [ENV_VARS.logLevel] };

export function envHelpText(names: readonly string[] = [...Object.values(ENV_VARS), 'RELSYNC_CONFIG']): string {
  return `\nEnvironment (overrides relsync.config.json; docs/configuration.md):\n${names.map((n) => `  ${n}`).join('\n')}\n`;
}

/** Append the environment list to the help of the program and of every command that reads config. */
export function addEnvHelp(program: Command): void {
  const text = envHelpText();
  program.addHelpText('after', text);
  for (const cmd of program.commands) {
    const only = READS[cmd.name()];
    if (only === undefined) cmd.addHelpText('after', text);
    else if (only.length > 0) cmd.addHelpText('after', envHelpText(only));
  }
}
