/** Vitest global setup: bundles the command line the tests spawn (test/helpers/cli-bundle.ts). */
import { buildCliBundle } from '../helpers/cli-bundle.ts';

export default async function setup(): Promise<void> {
  await buildCliBundle();
}
