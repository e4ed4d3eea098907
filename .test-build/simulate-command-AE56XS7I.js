import { createRequire as relsyncCreateRequire } from 'node:module';
const require = relsyncCreateRequire(import.meta.url);
import {
  CONTRACT_NAMES,
  PERMISSIONS,
  startSimulator
} from "./chunk-7CMLQ6WR.js";
import {
  intFlag
} from "./chunk-U6T6MHVZ.js";
import {
  UserError
} from "./chunk-CRSUMNAO.js";

// src/cli/simulate-command.ts
async function runSimulateCommand(opts) {
  const contract = opts.contract ?? "reference";
  if (!CONTRACT_NAMES.includes(contract)) {
    throw new UserError(`--contract must be one of ${CONTRACT_NAMES.join(", ")} (got "${contract}").`, {
      hint: "reference = the documented current API; seed = the client contract wherever it is stingier."
    });
  }
  const deny = (opts.deny ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  const unknown = deny.filter((d) => !PERMISSIONS.includes(d));
  if (unknown.length > 0) {
    throw new UserError(`--deny names unknown permissions: ${unknown.join(", ")}.`, { hint: `Known: ${PERMISSIONS.join(", ")}.` });
  }
  let sim;
  try {
    sim = await startSimulator({
      port: intFlag("--port", opts.port) ?? 0,
      seed: intFlag("--seed", opts.seed) ?? 1,
      scale: opts.scale ?? "small",
      latencyMs: intFlag("--latency-ms", opts.latencyMs) ?? 0,
      rateLimitPerMin: intFlag("--rate-limit-per-min", opts.rateLimitPerMin, 1) ?? 900,
      contract,
      deny: deny.join(","),
      ...opts.faults ? { faults: opts.faults } : {},
      ...opts.apiKey ? { apiKey: opts.apiKey } : {},
      ...opts.apiVersion ? { defaultApiVersion: opts.apiVersion } : {}
    });
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new UserError(`The simulator could not start: ${err.message}`, {
      hint: "Check --port (is it in use?) and --faults (e.g. 5xx=0.05,reset=0.02)."
    });
  }
  process.stdout.write(`listening on ${sim.url}
`);
  process.stdout.write(`contract: ${sim.contract}${deny.length ? `  denied: ${deny.join(",")}` : ""}
`);
  process.stdout.write(`api key: ${sim.apiKey}  (export AFFINITY_BASE_URL=${sim.url} AFFINITY_API_KEY=${sim.apiKey})
`);
  const running = sim;
  await new Promise((resolve) => {
    const stop = () => {
      void running.close().finally(resolve);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
export {
  runSimulateCommand
};
