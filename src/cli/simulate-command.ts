import { CONTRACT_NAMES, PERMISSIONS, startSimulator, type ContractName, type Scale } from '@relsync/simulator';
import { UserError } from '../errors.ts';
import { intFlag } from './context.ts';

/** `relsync simulate`: serve until SIGINT/SIGTERM. */
export async function runSimulateCommand(opts: Record<string, string | undefined>): Promise<void> {
  const contract = opts.contract ?? 'reference';
  if (!(CONTRACT_NAMES as readonly string[]).includes(contract)) {
    throw new UserError(`--contract must be one of ${CONTRACT_NAMES.join(', ')} (got "${contract}").`, {
      hint: 'reference = the documented current API; seed = the client contract wherever it is stingier.',
    });
  }
  const deny = (opts.deny ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = deny.filter((d) => !(PERMISSIONS as readonly string[]).includes(d));
  if (unknown.length > 0) {
    throw new UserError(`--deny names unknown permissions: ${unknown.join(', ')}.`, { hint: `Known: ${PERMISSIONS.join(', ')}.` });
  }
  let sim;
  try {
    sim = await startSimulator({
      port: intFlag('--port', opts.port) ?? 0,
      seed: intFlag('--seed', opts.seed) ?? 1,
      scale: (opts.scale ?? 'small') as Scale,
      latencyMs: intFlag('--latency-ms', opts.latencyMs) ?? 0,
      rateLimitPerMin: intFlag('--rate-limit-per-min', opts.rateLimitPerMin, 1) ?? 900,
      contract: contract as ContractName,
      deny: deny.join(','),
      ...(opts.faults ? { faults: opts.faults } : {}),
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      ...(opts.apiVersion ? { defaultApiVersion: opts.apiVersion } : {}),
    });
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`The simulator could not start: ${(err as Error).message}`, {
      hint: 'Check --port (is it in use?) and --faults (e.g. 5xx=0.05,reset=0.02).',
    });
  }
  process.stdout.write(`listening on ${sim.url}\n`);
  process.stdout.write(`contract: ${sim.contract}${deny.length ? `  denied: ${deny.join(',')}` : ''}\n`);
  process.stdout.write(`api key: ${sim.apiKey}  (export AFFINITY_BASE_URL=${sim.url} AFFINITY_API_KEY=${sim.apiKey})\n`);
  const running = sim;
  await new Promise<void>((resolve) => {
    const stop = () => {
      void running.close().finally(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
