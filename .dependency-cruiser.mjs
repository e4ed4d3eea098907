// Import boundaries between relsync's layers (docs/CONVENTIONS.md, "Data flow" and "Import boundaries").
// Every arrow points down: extract knows nothing above it, transform is pure, load never reaches back into
// the HTTP side or the code that drives it. Run: `npm run lint:boundaries`.

/**
 * The one seam transform may reach into load: src/load/schema/row-batch.ts is the RowBatch type and its pure
 * helpers (no I/O, no database), typed by the table registry (src/load/schema/registry/), and
 * src/load/schema/warehouse-tables.ts the row types it is built from. Transform produces that batch and load consumes it; nothing else of load is allowed.
 */
const ROW_BATCH_SEAM = ['^src/load/schema/row-batch\\.ts$', '^src/load/schema/warehouse-tables\\.ts$', '^src/load/schema/registry/'];

/** The simulator package (packages/simulator, `@relsync/simulator`): the stand-in for the service, not the product. */
const SIMULATOR = '^packages/simulator/src/';

/**
 * The simulator's rooms, bottom up (packages/simulator/README.md, "Layout"): each may import only the rooms
 * listed for it, itself, and the shared leaves at the package's root (prng.ts, contract.ts). index.ts and
 * server.ts at the root wire the rooms together and nothing imports them from inside a room.
 */
const SIMULATOR_ROOMS = {
  store: [],
  generate: ['store'],
  http: ['store'],
  render: ['store', 'http'],
  routes: ['store', 'http', 'render'],
  webhooks: ['store', 'http'],
};

function simulatorRooms() {
  return Object.entries(SIMULATOR_ROOMS).map(([room, below]) => ({
    name: `simulator-${room}-imports-below-it`,
    comment: `packages/simulator/src/${room} imports only ${[room, ...below].join(', ')} and the root's prng.ts / contract.ts.`,
    severity: 'error',
    from: { path: `${SIMULATOR}${room}/` },
    to: { path: SIMULATOR, pathNot: [`${SIMULATOR}(${[room, ...below].join('|')})/`, `${SIMULATOR}(prng|contract)\\.ts$`] },
  }));
}

/**
 * src/load's rooms, bottom up (docs/CONVENTIONS.md, "Import boundaries"): each imports only itself and the
 * rooms listed for it, so no import runs back up inside src/load. migrate.ts and analyze.ts, the runner's
 * entry points, stand above them all and no room imports them.
 * - schema: the table registry, the Kysely types, the table specs and the RowBatch: no database, no dialect;
 * - dialects: the WarehouseDialect interface, and each dialect's driver part and warehouse part (sqlite/, pg/);
 * - handle: db.ts (opens a warehouse and puts its dialect object on the handle), db-errors.ts, write-fence.ts;
 * - write: the loader's writes; views: the analyst views, beside write and never importing it.
 */
const LOAD_ROOMS = {
  schema: { path: '^src/load/schema/', below: [] },
  dialects: { path: '^src/load/dialects/', below: ['schema'] },
  handle: { path: '^src/load/(db|db-errors|write-fence)\\.ts$', below: ['schema', 'dialects'] },
  write: { path: '^src/load/write/', below: ['schema', 'dialects', 'handle'] },
  views: { path: '^src/load/views/', below: ['schema', 'dialects', 'handle'] },
};

/** A dialect's driver part: opening the connection and the driver's corrections; the rest of its folder is its warehouse part. */
const DIALECT_DRIVER = '^src/load/dialects/(sqlite|pg)/(sqlite|pg)-(driver|handle|timestamps|privileges)\\.ts$';

function loadRooms() {
  const rooms = Object.entries(LOAD_ROOMS).map(([room, { path, below }]) => ({
    name: `load-${room}-imports-below-it`,
    comment: `${path} imports only ${[room, ...below].join(', ')} of src/load: no import runs back up inside src/load.`,
    severity: 'error',
    from: { path },
    to: { path: '^src/load/', pathNot: [room, ...below].map((r) => LOAD_ROOMS[r].path) },
  }));
  return [
    ...rooms,
    {
      name: 'load-dialect-drivers-below-warehouse-sql',
      comment:
        "A dialect's driver part (*-driver.ts and the files it opens with) imports nothing of relsync's warehouse SQL: " +
        'not its own *-warehouse.ts or *-upsert.ts, nor the interfaces they fill; only connection.ts of src/load/dialects.',
      severity: 'error',
      from: { path: DIALECT_DRIVER },
      to: { path: '^src/load/dialects/', pathNot: [DIALECT_DRIVER, '^src/load/dialects/connection\\.ts$'] },
    },
    {
      name: 'load-dialects-apart',
      comment: 'One dialect never imports another: what both need lives in src/load/dialects/ itself.',
      severity: 'error',
      from: { path: '^src/load/dialects/([^/]+)/' },
      to: { path: '^src/load/dialects/[^/]+/', pathNot: '^src/load/dialects/$1/' },
    },
    {
      name: 'load-handle-picks-the-dialect',
      comment:
        'Only src/load/db.ts imports a dialect (sqlite/, pg/): it opens the warehouse and puts the dialect object on the handle; ' +
        'everything else asks db.dialect through the WarehouseDialect interface.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/load/db\\.ts$', '^src/load/dialects/[^/]+/'] },
      to: { path: '^src/load/dialects/[^/]+/' },
    },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'extract-imports-only-shared-leaves',
      comment:
        'src/extract (HTTP client, pagers, endpoint schemas) imports only itself, src/errors.ts, src/log.ts, src/defaults.ts, ' +
        'src/version.ts, node builtins and packages: never transform, load, state, planner, streams, runner, cli, scheduler or config.',
      severity: 'error',
      from: { path: '^src/extract/' },
      to: { path: '^src/', pathNot: ['^src/extract/', '^src/(errors|log|defaults|version)\\.ts$'] },
    },
    {
      name: 'transform-is-pure',
      comment:
        'src/transform turns validated records into rows: it may import src/extract/schemas, never load, state, runner, cli, ' +
        'scheduler, streams, planner or the rest of extract (HTTP, pagers).',
      severity: 'error',
      from: { path: '^src/transform/' },
      to: {
        path: ['^src/(load|state|runner|cli|scheduler|streams|planner|budget)(/|\\.ts$)', '^src/extract/(?!schemas/)'],
        pathNot: ROW_BATCH_SEAM,
      },
    },
    {
      name: 'planner-and-state-below-streams',
      comment: 'src/planner and src/state read and write the warehouse for the runner; they never import streams, runner, cli or scheduler.',
      severity: 'error',
      from: { path: '^src/(planner|state)/' },
      to: { path: '^src/(streams|runner|cli|scheduler)(/|\\.ts$)' },
    },
    {
      name: 'planner-reads-budget-prices',
      comment:
        'src/planner says what to read; src/budget says what it costs and sits above it (it prices what the planner would read), ' +
        'so the planner never imports the budget.',
      severity: 'error',
      from: { path: '^src/planner/' },
      to: { path: '^src/budget/' },
    },
    {
      name: 'budget-below-runner',
      comment: "src/budget (cost model, month plan, a run's share) is asked by the runner and the CLI: it never imports the runner, cli or scheduler.",
      severity: 'error',
      from: { path: '^src/budget/' },
      to: { path: '^src/(runner|cli|scheduler)(/|\\.ts$)' },
    },
    {
      name: 'text-is-the-clis',
      comment: "Words for people (src/cli/format) are the CLI's: the runner, budget and scheduler hand it data and never import it.",
      severity: 'error',
      from: { path: '^src/(runner|budget|scheduler)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'streams-are-definitions',
      comment:
        'src/streams holds declarative stream definitions (with define.ts, registry.ts and the helpers they share): they never import ' +
        'the runner, budget, cli or scheduler that drive and price them; what decides or runs reads lives in the planner or runner.',
      severity: 'error',
      from: { path: '^src/streams/' },
      to: { path: '^src/(runner|budget|cli|scheduler)(/|\\.ts$)' },
    },
    {
      name: 'load-does-not-reach-up',
      comment: 'src/load (Kysely, upserts, soft deletes) never imports extract (HTTP included), streams, runner, budget, cli or scheduler.',
      severity: 'error',
      from: { path: '^src/load/' },
      to: { path: '^src/(extract|http|streams|runner|cli|scheduler|budget)(/|\\.ts$)' },
    },
    {
      name: 'webhooks-beside-the-scheduler',
      comment:
        'src/webhooks (receiver, hint marks, hint runs) drives the runner like the scheduler does: nothing below it (extract, transform, ' +
        'load, state, planner, streams, runner) imports it, and it never imports cli or scheduler (they wire it in).',
      severity: 'error',
      from: { path: '^src/webhooks/' },
      to: { path: '^src/(cli|scheduler)(/|\\.ts$)' },
    },
    {
      name: 'nothing-below-imports-webhooks',
      comment: 'Only cli (and the scheduler) may import src/webhooks: hints are an input of runs, never a dependency of the layers they drive.',
      severity: 'error',
      from: { path: '^src/(extract|transform|load|state|planner|streams|runner)/' },
      to: { path: '^src/webhooks/' },
    },
    {
      name: 'no-circular',
      comment:
        'No two files of the product or of the simulator package import each other, directly or round a longer loop (type-only ' +
        'imports count): a piece both need lives in a file both import.',
      severity: 'error',
      from: { path: ['^src/', SIMULATOR] },
      to: { circular: true },
    },
    ...loadRooms(),
    ...simulatorRooms(),
    {
      name: 'simulator-is-a-stand-in',
      comment: 'The simulator stands in for the service in tests, benches and `relsync simulate`/`demo`: no layer of relsync itself imports it.',
      severity: 'error',
      from: { path: '^src/(extract|transform|load|state|planner|streams|runner|budget|scheduler|webhooks)/' },
      to: { path: SIMULATOR },
    },
    {
      name: 'simulator-stands-alone',
      comment: 'The simulator package imports nothing of relsync (src/, migrations/): it is the service, and knows the API only as documented.',
      severity: 'error',
      from: { path: SIMULATOR },
      to: { path: '^(src|migrations)/' },
    },
  ],
  options: {
    // Relative `.ts` imports resolve without tsconfig (no path mapping in this project).
    // Type-only imports count: `import type { Db } from '../load/db.ts'` in extract is a boundary breach too.
    tsPreCompilationDeps: true,
    // `@relsync/simulator` resolves through its package.json `exports` (to its TypeScript entry), as Node,
    // tsx, esbuild and tsc resolve it, so an import of it by name is seen and checked like a relative one.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'], extensions: ['.ts', '.js'] },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules/' },
    // Only the project's own modules matter here; node builtins and packages are always allowed.
    includeOnly: '^(src|migrations|packages/[^/]+/src)/',
  },
};
