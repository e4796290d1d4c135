#!/bin/sh
# Entry point of the postgres:17-bookworm stand-in (deploy/test-image.sh):
# does what the official image's docker-entrypoint.sh does with
# POSTGRES_USER, POSTGRES_PASSWORD(_FILE) and POSTGRES_DB on an empty
# PGDATA, then runs the server as the user postgres.
set -eu
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
	mkdir -p "$PGDATA" /var/run/postgresql
	chown -R postgres:postgres "$PGDATA" /var/run/postgresql
	chmod 700 "$PGDATA"
	exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
	user=${POSTGRES_USER:-postgres}
	pw=${POSTGRES_PASSWORD:-}
	if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then pw=$(cat "$POSTGRES_PASSWORD_FILE"); fi
	[ -n "$pw" ] || { echo "POSTGRES_PASSWORD or POSTGRES_PASSWORD_FILE must be set" >&2; exit 1; }
	umask 077
	printf '%s\n' "$pw" >/tmp/pwfile
	initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA"
	rm /tmp/pwfile
	echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
	echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
	db=${POSTGRES_DB:-$user}
	if [ "$db" != postgres ]; then
		pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start
		psql -v ON_ERROR_STOP=1 --username="$user" --dbname=postgres -c "CREATE DATABASE \"$db\""
		pg_ctl -D "$PGDATA" -m fast -w stop
	fi
fi
exec "$@"
