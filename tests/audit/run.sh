#!/usr/bin/env bash
# Lighthouse (mobile), axe-core and the Nu HTML checker over fushi's pages, as a table
# (docs/development.md, "Audits"). Imports a realistic event into a fresh SQLite database
# — the example club night with a fourth round dealt by fushi and open for entry at the
# tables, and a championship whose knockout has been played — serves it, signs in as its
# director and runs tests/audit/audit.mjs over the overview, the standings, a match, a
# traveller, the bracket and a table's page (all three checkers), the first page of a
# 2,048-team field's standings (tests/audit/large_field.py; all three, with its largest
# contentful paint) and the director's entry, hall and settings pages (axe and Nu).
#
#   tests/audit/run.sh [audit.mjs options: --lang en, --only bracket,table, --verbose, …]
#
# Needs node and npm (the checkers are installed into tests/audit/node_modules from
# tests/audit/package.json on the first run), java 17 or later, Chromium (CHROME_PATH,
# default /usr/bin/chromium) and a built fushi (FUSHI_BIN, default target/release/fushi,
# else target/debug/fushi). The server listens on 127.0.0.1:${AUDIT_PORT:-18500}.
# Exit status: 0 when every figure meets the goal, 1 when one misses it, 2 on a failure.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${AUDIT_PORT:-18500}"

bin="${FUSHI_BIN:-}"
if [ -z "$bin" ]; then
  for b in "$root/target/release/fushi" "$root/target/debug/fushi"; do
    if [ -x "$b" ]; then bin="$b"; break; fi
  done
fi
[ -n "$bin" ] && [ -x "$bin" ] || { echo "no fushi binary: cargo build --release (or set FUSHI_BIN)" >&2; exit 2; }
for tool in node npm java; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 2; }
done
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$CHROME_PATH" ] || { echo "no Chromium at $CHROME_PATH (set CHROME_PATH)" >&2; exit 2; }

if [ ! -d "$here/node_modules/lighthouse" ] || [ ! -f "$here/node_modules/vnu-jar/build/dist/vnu.jar" ]; then
  echo "installing the checkers into tests/audit/node_modules (npm install)…" >&2
  (cd "$here" && npm install --no-audit --no-fund --ignore-scripts >&2)
fi

work="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The club night as a director prepares it for the tables: when and where, entry at the
# tables on, and a fourth round paired (1 v 2, 3 v 4, 5 has the bye) whose boards fushi deals.
cp -r "$root/examples/club-night" "$work/event"
cat >>"$work/event/tournament.toml" <<'EOF'
starts = 2026-12-03
venue = "东城棋牌室 2F"
time_zone = "Asia/Shanghai"
table_entry = true
EOF
printf '4,1,1,2\n4,2,3,4\n4,3,5,\n' >>"$work/event/schedule.csv"
printf '4,1,N,2,\n4,2,E,3,S\n4,3,S,4,\n4,4,W,5,H\n' >>"$work/event/boards.csv"

db="$work/audit.db"
password="audit-$RANDOM-$RANDOM-password"
"$bin" import "$work/event" --db "$db" >&2
"$bin" deal club-night --round 4 --db "$db" >/dev/null
"$bin" import "$root/tests/data/stages/swiss-knockout-8" --db "$db" >&2
# A field of 2,048 teams, three rounds played: its standings' first page as a phone reads it.
python3 "$here/large_field.py" "$work/large" 2048
"$bin" import "$work/large" --db "$db" >&2
printf '%s\n' "$password" | "$bin" user add audit --role admin --db "$db" >/dev/null

RUST_LOG=warn "$bin" serve --bind "127.0.0.1:$port" --db "$db" >"$work/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do
  if curl -fs -o /dev/null "http://127.0.0.1:$port/readyz"; then break; fi
  sleep 0.2
done
curl -fs -o /dev/null "http://127.0.0.1:$port/readyz" || { cat "$work/server.log" >&2; exit 2; }

echo "fushi $("$bin" --version | head -1) on 127.0.0.1:$port; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
AUDIT_PASSWORD="$password" node "$here/audit.mjs" --base "http://127.0.0.1:$port" --user audit "$@"
