#!/usr/bin/env bash
# Profiles GET and PATCH /api/me of a salescoach binary under load (the
# breakdown in docs/performance.md, issue 30): starts BIN on SQLite (on
# PostgreSQL when DATABASE_URL names a database) with the
# metrics address (pprof), signs in a guest, runs bench/load 10 × 3000
# requests at 50 concurrent per operation and takes a 6 s CPU profile and
# the allocation profile meanwhile. Needs curl and jq.
#   bench/floor/profile.sh BIN OUTDIR   (after make bench-floor built bin/bench/load)
set -euo pipefail
cd "$(dirname "$0")/../.."
W=$PWD/bin/bench; BIN=$1; D=$2; rm -rf "$D"; mkdir -p "$D"
ADDR=127.0.0.1:19700 METRICS_ADDR=127.0.0.1:19701 DATA_DIR=$D/data JWT_SECRET=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb \
	SIGNUP_LIMIT_PER_HOUR=1000 "$BIN" serve > "$D/server.log" 2>&1 &
PID=$!
trap 'kill $PID' EXIT
for _ in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:19700/healthz && break; sleep 0.1; done
TOK=$(curl -s -XPOST -H 'Content-Type: application/json' -d '{}' http://127.0.0.1:19700/api/auth/anonymous | jq -r .access_token)
for op in GET PATCH; do
	B=""; [ $op = PATCH ] && B='{"display_name":"n{i}"}'
	( for _ in $(seq 1 10); do "$W/load" -m $op -u http://127.0.0.1:19700/api/me ${B:+-b "$B"} -H "Authorization:Bearer $TOK" -n 3000 -c 50; done > "$D/$op.txt" ) &
	LP=$!
	sleep 1; curl -s -o "$D/$op.cpu" 'http://127.0.0.1:19701/debug/pprof/profile?seconds=6'
	curl -s -o "$D/$op.allocs" 'http://127.0.0.1:19701/debug/pprof/allocs'
	wait $LP
	echo "$op: load average $(cut -d' ' -f1-3 /proc/loadavg)"; sort -t= -k5 -n "$D/$op.txt" | sed -n '5p'
done
echo "shares: go tool pprof -top -cum $BIN $D/GET.cpu (see docs/performance.md for the rows)"
