import { expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// Issue 13: every --help lists the environment variables the command reads.
it.each(['sync', 'backfill', 'schedule', 'status', 'migrate'])('`%s --help` lists the environment variables it reads', async (command) => {
  const r = await runCli([command, '--help']);
  expect(r.code).toBe(0);
  for (const name of ['AFFINITY_API_KEY', 'AFFINITY_BASE_URL', 'DATABASE_URL', 'LOG_LEVEL', 'RELSYNC_CONFIG']) expect(r.stdout).toContain(name);
});

it('the program help lists them too; simulate reads none and demo only LOG_LEVEL', async () => {
  expect((await runCli(['--help'])).stdout).toContain('DATABASE_URL');
  expect((await runCli(['simulate', '--help'])).stdout).not.toContain('DATABASE_URL');
  const demo = (await runCli(['demo', '--help'])).stdout;
  expect(demo).toContain('LOG_LEVEL');
  expect(demo).not.toContain('DATABASE_URL');
});
