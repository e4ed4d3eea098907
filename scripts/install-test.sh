#!/usr/bin/env bash
# The install test (CI runs it after `npm test`, .ci/run): the package as a user gets it. `npm pack` (its
# `prepare` builds dist/), the tarball installed with `npm install --omit=dev` into an empty directory, then
# the installed `relsync` runs `--version`, `demo`, and `sync` against its own simulator on 127.0.0.1, and a
# terminal without the optional pino-pretty still gets its logs. Only the npm registry is reached (by the
# install); better-sqlite3 compiles from source where no prebuilt binary can be downloaded, which is what makes
# this slow (measured in BENCHMARKS.md), and why it runs apart from `npm test`.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/relsync-install-test.XXXXXX")"
sim_pid=""
cleanup() {
  [ -n "$sim_pid" ] && kill "$sim_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
step() { printf 'install-test: %s\n' "$*"; }
fail() {
  printf 'install-test: FAILED: %s\n' "$*" >&2
  exit 1
}
seconds() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(seconds)" 'BEGIN { printf "%.1f", b - a }'; }

t0="$(seconds)"
tarball="$(cd "$repo" && npm pack --silent --pack-destination "$work" | tail -n 1)"
step "packed $tarball ($(du -k "$work/$tarball" | cut -f1) KiB) in $(elapsed "$t0") s"

mkdir "$work/app"
cd "$work/app"
t0="$(seconds)"
npm install --omit=dev --no-audit --no-fund --loglevel=error "$work/$tarball" >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  fail "npm install --omit=dev $tarball"
}
step "npm install --omit=dev took $(elapsed "$t0") s; node_modules $(du -sh node_modules | cut -f1), $(find node_modules -maxdepth 2 -name package.json | wc -l) top-level packages"
for dev in tsx esbuild typescript vitest; do
  [ ! -e "node_modules/$dev" ] || fail "the install holds the build tool $dev"
done
relsync="$work/app/node_modules/.bin/relsync"

version="$("$relsync" --version)"
[ "$version" = "$(node -p "require('$repo/package.json').version")" ] || fail "relsync --version printed '$version'"
step "relsync --version: $version"

"$relsync" demo --scale tiny >"$work/demo.out" 2>"$work/demo.err" || {
  cat "$work/demo.out" "$work/demo.err" >&2
  fail 'relsync demo'
}
grep -q 'run succeeded' "$work/demo.out" || fail "relsync demo printed no 'run succeeded'"
[ -s relsync-demo.db ] || fail 'relsync demo wrote no ./relsync-demo.db'
step "relsync demo: $(grep -m1 'run succeeded' "$work/demo.out")"

"$relsync" simulate --scale tiny --port 0 >"$work/sim.out" 2>"$work/sim.err" &
sim_pid=$!
for _ in $(seq 1 100); do
  grep -qs '^listening on ' "$work/sim.out" && break
  sleep 0.1
done
url="$(sed -n 's/^listening on \(http:\/\/127\.0\.0\.1:[0-9]*\)$/\1/p' "$work/sim.out")"
[ -n "$url" ] || fail "relsync simulate printed no address: $(cat "$work/sim.err")"
export AFFINITY_API_KEY=sim-key AFFINITY_BASE_URL="$url" DATABASE_URL="sqlite:$work/app/warehouse.db" LOG_LEVEL=warn
"$relsync" sync --metrics-file "$work/app/relsync.prom" >"$work/sync.out" 2>"$work/sync.err" || {
  cat "$work/sync.out" "$work/sync.err" >&2
  fail 'relsync sync against the simulator'
}
grep -q 'run succeeded' "$work/sync.out" || fail "relsync sync printed no 'run succeeded'"
step "relsync sync against $url: $(grep -m1 'run succeeded' "$work/sync.out")"
grep -q '^relsync_runs_total{.*status="succeeded".*} 1$' relsync.prom || fail "the metrics file has no succeeded run: $(head -c 2000 relsync.prom)"
step "relsync sync --metrics-file: $(grep -c '^relsync_' relsync.prom) samples, $(grep -c '^relsync_process_\|^relsync_nodejs_' relsync.prom) of them process and Node.js metrics"

# pino-pretty is optional: without it a terminal gets JSON lines, and the command works.
rm -rf node_modules/pino-pretty
script -qec "LOG_LEVEL=info '$relsync' status" /dev/null >"$work/status.tty" 2>&1 || {
  cat "$work/status.tty" >&2
  fail 'relsync status on a terminal without pino-pretty'
}
grep -q '"msg"' "$work/status.tty" || grep -q 'companies' "$work/status.tty" || fail "relsync status on a terminal printed: $(head -c 500 "$work/status.tty")"
step 'relsync status on a terminal without pino-pretty: ok'
step 'passed'
