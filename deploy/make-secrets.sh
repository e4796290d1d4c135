#!/bin/sh
# Writes the secrets compose.yaml mounts: ./secrets/postgres_password,
# ./secrets/database_url (with that password) and ./secrets/jwt_secret.
# Existing files are kept, so running it again changes nothing.
set -eu
cd "$(dirname "$0")/.."
mkdir -p secrets
chmod 700 secrets
umask 077
if [ ! -s secrets/postgres_password ]; then
	# Hex: safe inside a URL without escaping.
	od -An -tx1 -N24 /dev/urandom | tr -d ' \n' > secrets/postgres_password
fi
if [ ! -s secrets/database_url ]; then
	printf 'postgres://salescoach:%s@postgres:5432/salescoach?sslmode=disable' "$(cat secrets/postgres_password)" > secrets/database_url
fi
if [ ! -s secrets/jwt_secret ]; then
	od -An -tx1 -N32 /dev/urandom | tr -d ' \n' > secrets/jwt_secret
fi
# Compose mounts these files as they are into containers whose users are
# not root (the app runs as 65532, PostgreSQL as 999): they must be
# readable there; the folder above keeps other users of this host out.
chmod 444 secrets/postgres_password secrets/database_url secrets/jwt_secret
echo "secrets in $(pwd)/secrets"
