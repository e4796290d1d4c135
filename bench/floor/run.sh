#!/usr/bin/env bash
# make bench-floor: GET and PATCH /api/me against the bare-stack floor and
# PocketBase (issue 30). Builds everything, then runs bench/compare on
# SQLite and, when BENCH_PG_URL (or TEST_DATABASE_URL) names a PostgreSQL
# server, on PostgreSQL against the floor on pgx. Unattended; run it on a
# quiet machine (the load average is printed next to every figure).
#
#   BENCH_ROUNDS (3), BENCH_N (3000), BENCH_C (50), BENCH_PORT (19580)
#   BENCH_CACHE  where PocketBase is built once (~/.cache/salescoach-bench)
#   BENCH_PB=0   skip PocketBase
#   BENCH_BASE   another salescoach binary (main's, say) measured in the
#                same rounds as this tree's, for an A/B in one sitting
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
out=bin/bench
mkdir -p "$out"
echo "building load, floor, compare and salescoach…"
$GO build -o "$out/load" ./bench/load
$GO build -o "$out/floor" ./bench/floor
$GO build -o "$out/compare" ./bench/compare
$GO build -trimpath -o "$out/salescoach" ./cmd/salescoach

pb=""
PB_VERSION=v0.39.11
if [ "${BENCH_PB:-1}" != 0 ]; then
	cache=${BENCH_CACHE:-$HOME/.cache/salescoach-bench}
	pb="$cache/pocketbase-$PB_VERSION"
	if [ ! -x "$pb" ]; then
		echo "building PocketBase $PB_VERSION from the Go module proxy (once)…"
		src=$(mktemp -d)
		# The smallest main package on PocketBase, as its examples/base
		# starts it (without the JS hooks and migrations plugins, which
		# play no part in these two requests).
		cat > "$src/main.go" <<'GO'
package main

import (
	"log"

	"github.com/pocketbase/pocketbase"
)

func main() {
	if err := pocketbase.New().Start(); err != nil {
		log.Fatal(err)
	}
}
GO
		mkdir -p "$cache"
		if (cd "$src" && $GO mod init pbbench >/dev/null 2>&1 && $GO get "github.com/pocketbase/pocketbase@$PB_VERSION" >/dev/null 2>&1 &&
			$GO mod tidy >/dev/null 2>&1 && CGO_ENABLED=0 $GO build -o "$pb" .); then
			rm -rf "$src"
		else
			echo "PocketBase could not be built (no module proxy?); comparing without it"
			rm -rf "$src"
			pb=""
		fi
	fi
fi

args=(-load "$out/load" -floor "$out/floor" -ours "$out/salescoach" -rounds "${BENCH_ROUNDS:-3}"
	-n "${BENCH_N:-3000}" -c "${BENCH_C:-50}" -port "${BENCH_PORT:-19580}")
if [ -n "${BENCH_BASE:-}" ]; then
	args+=(-base "$BENCH_BASE")
fi
echo "machine: $(nproc) cores, $(uptime)"
echo
echo "== SQLite =="
"$out/compare" "${args[@]}" ${pb:+-pb "$pb"}
pg=${BENCH_PG_URL:-${TEST_DATABASE_URL:-}}
if [ -n "$pg" ]; then
	echo
	echo "== PostgreSQL =="
	"$out/compare" "${args[@]}" -pg "$pg"
fi
