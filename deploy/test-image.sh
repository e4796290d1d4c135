#!/bin/sh
# Builds the container image from the real Dockerfile and checks it, on a
# host without access to a container registry. Not part of `make test`.
#
#   deploy/test-image.sh standins [golang node distroless postgres caddy]
#                                   # local stand-ins for the base images
#   deploy/test-image.sh image      # build the image, run it on SQLite, check it
#   deploy/test-image.sh compose    # compose.yaml: PostgreSQL, two replicas, Caddy
#   deploy/test-image.sh all        # the three in turn
#
# ENGINE=podman or ENGINE=docker picks the container engine (default:
# podman when it is installed, else docker). Needs root, curl, debootstrap,
# the Go toolchain and Node.js of this host, and
#   podman: podman, runc, podman-compose (Debian packages)
#   docker: a running Docker Engine and docker-compose (Debian 12: docker.io,
#           docker-compose 1.29; Compose v2 `docker compose` when installed).
#           The build stages reach npm and the Go proxy only through
#           Docker's NAT: a dockerd started with --iptables=false gives
#           containers no way out. docker build uses the client's builder;
#           DOCKER_BUILDKIT=1 with Debian's client (/usr/bin/docker) picks
#           the daemon's BuildKit.
# The base images the Dockerfile and compose.yaml name cannot be pulled
# here, so `standins` makes images under the same names from Debian
# packages and this host's toolchains, and the builds never pull
# (podman --pull=never, docker --pull=false with the images present):
#   node:22-bookworm-slim   Debian bookworm (debootstrap) + this host's node and npm
#   golang:1.26-bookworm    Debian bookworm + this host's Go (GOROOT)
#   gcr.io/distroless/static-debian12:nonroot
#                           FROM scratch: CA certificates, time zones, /etc/passwd
#                           with nonroot (65532), /tmp, USER 65532
#   postgres:17-bookworm    Debian bookworm + postgresql-15 (bookworm has no 17) and
#                           an entry point that does what the official one does
#                           with POSTGRES_DB, POSTGRES_USER, POSTGRES_PASSWORD_FILE
#   caddy:2                 Debian bookworm + Debian's caddy (2.6)
# Where a stand-in differs from the real image (Node and PostgreSQL
# versions) docs/operations.md says so. The two build stand-ins also trust
# this host's own certificate authorities (/usr/local/share/ca-certificates).
#
# Settings: WORK (default /var/tmp/salescoach-standins) keeps the Debian
# root file system between runs; MIRROR is the Debian archive; NODE is the
# node binary for the node stand-in (default: this host's); PORT (18080) is
# the loopback port of the single container. compose publishes Caddy on the
# host's ports 80 and 443. Nothing is left running; the images stay.
set -eu
cd "$(dirname "$0")/.."
WORK=${WORK:-/var/tmp/salescoach-standins}
MIRROR=${MIRROR:-$(sed -n 's/^URIs: *\(http[^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n1)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
PORT=${PORT:-18080}
ENGINE=${ENGINE:-$(if command -v podman >/dev/null; then echo podman; else echo docker; fi)}

say() { printf '== %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }

case $ENGINE in
podman | docker) command -v "$ENGINE" >/dev/null || fail "$ENGINE is not installed" ;;
*) fail "ENGINE is podman or docker, not $ENGINE" ;;
esac
mkdir -p "$WORK"

# Podman's settings for these runs (docs/operations.md, "Tested with
# podman"): runc, since crun refuses a cgroup v1/v2 hybrid ("cgroups in hybrid
# mode not supported"); resource limits no higher than a sandbox allows
# (podman's defaults make runc fail with "error setting rlimit ... operation
# not permitted"); cgroupfs and a file for events where systemd does not run.
if [ "$ENGINE" = podman ] && [ -z "${CONTAINERS_CONF:-}" ]; then
	cat >"$WORK/containers.conf" <<-EOF
		[containers]
		default_ulimits = ["nofile=16384:16384", "nproc=16384:16384"]
		[engine]
		runtime = "runc"
		cgroup_manager = "cgroupfs"
		events_logger = "file"
	EOF
	export CONTAINERS_CONF="$WORK/containers.conf"
fi
# Podman builds OCI images by default, and the OCI format has no HEALTHCHECK:
# it would be dropped with a warning (podman-compose's builds too).
export BUILDAH_FORMAT=docker

# import DIR NAME CHANGE...: a folder as an image (one layer).
import() {
	dir=$1 name=$2
	shift 2
	later=
	for c; do
		# Podman takes INSTRUCTION=ARGUMENTS; Docker only the Dockerfile
		# form, INSTRUCTION ARGUMENTS (Podman takes that too). docker import
		# (20.10) refuses STOPSIGNAL: a one-line build adds it afterwards.
		if [ "$ENGINE" = docker ]; then
			c="${c%%=*} ${c#*=}"
			case $c in STOPSIGNAL*)
				later="$later$c
"
				shift
				continue
				;;
			esac
		fi
		set -- "$@" "--change=$c"
		shift
	done
	if [ "$ENGINE" = podman ]; then set -- --quiet "$@"; fi
	tar -C "$dir" --numeric-owner -cf - . | "$ENGINE" import "$@" - "$name" >/dev/null
	if [ -n "$later" ]; then
		printf 'FROM %s\n%s' "$name" "$later" | docker build --pull=false -q -t "$name" - >"$WORK/import.log" 2>&1 ||
			{ cat "$WORK/import.log"; fail "docker build of $name"; }
	fi
	say "stand-in $name: $("$ENGINE" image inspect --format '{{.Size}}' "$name") bytes"
}

# rm_f NAME...: containers gone at once (podman waits 10 s without -t 0;
# docker rm -f sends SIGKILL at once and has no -t).
rm_f() {
	if [ "$ENGINE" = podman ]; then podman rm -f -t 0 "$@"; else docker rm -f "$@"; fi
}

# healthy NAME SECONDS: the container's HEALTHCHECK passes. Podman runs no
# checks without systemd, so this runs one (`podman healthcheck run`) until
# it passes; Docker runs them itself, so this polls the status Docker keeps
# until it is healthy (the first check runs one interval after the start).
healthy() {
	i=0
	if [ "$ENGINE" = podman ]; then
		until podman healthcheck run "$1" >/dev/null 2>&1; do
			i=$((i + 1))
			[ $i -lt $(($2 * 5)) ] || return 1
			sleep 0.2
		done
		return 0
	fi
	until [ "$(docker inspect --format '{{.State.Health.Status}}' "$1")" = healthy ]; do
		i=$((i + 1))
		[ $i -lt $(($2 * 5)) ] || { docker inspect --format '{{json .State.Health}}' "$1" >&2; return 1; }
		sleep 0.2
	done
}

# debian NAME PACKAGES...: a copy of the Debian root with packages added.
debian() {
	root=$WORK/$1
	shift
	rm -rf "$root"
	cp -a "$WORK/rootfs" "$root"
	if [ $# -gt 0 ]; then
		# No services start inside the chroot, no cluster is created.
		printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
		chmod 755 "$root/usr/sbin/policy-rc.d"
		mkdir -p "$root/etc/postgresql-common"
		echo 'create_main_cluster = false' >"$root/etc/postgresql-common/createcluster.conf"
		cp /etc/resolv.conf "$root/etc/resolv.conf"
		chroot "$root" sh -c "apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $*" >>"$WORK/apt.log" 2>&1
		chroot "$root" apt-get clean
		: >"$root/etc/resolv.conf"
		rm "$root/usr/sbin/policy-rc.d"
	fi
	rm -rf "$root/var/lib/apt/lists/"*
}

# local_cas ROOT: this host's own certificate authorities (an intercepting
# proxy in front of the registries, say) trusted in ROOT too, so that npm ci
# and go mod download in the build stages reach their registries as they do
# on this host. Only the two build stand-ins get them.
local_cas() {
	set -- "$1" /usr/local/share/ca-certificates/*.crt
	[ -e "$2" ] || return 0
	root=$1
	shift
	cp "$@" "$root/usr/local/share/ca-certificates/"
	chroot "$root" update-ca-certificates >/dev/null 2>&1
}

standins() {
	command -v debootstrap >/dev/null || fail "debootstrap is not installed"
	# The Dockerfile's Go image must be the Go of go.mod, and so must the
	# host's toolchain that stands in for it.
	want=$(sed -n 's/^go \([0-9]*\.[0-9]*\).*/\1/p' go.mod)
	grep -q "^FROM golang:$want-bookworm " Dockerfile || fail "the Dockerfile's golang image is not Go $want (go.mod)"
	have=$(go env GOVERSION)
	case $have in "go$want" | "go$want".*) ;; *) fail "this host's Go is $have, go.mod wants $want" ;; esac

	if [ ! -x "$WORK/rootfs/bin/sh" ]; then
		say "debootstrap bookworm from $MIRROR"
		rm -rf "$WORK/rootfs"
		debootstrap --variant=minbase --include=ca-certificates,tzdata bookworm "$WORK/rootfs" "$MIRROR" >"$WORK/debootstrap.log"
	fi
	path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
	only=" $* "
	# pick NAME: build this stand-in (all when none were named).
	pick() { [ "$only" = "  " ] || case $only in *" $1 "*) true ;; *) false ;; esac; }

	# golang: the host's GOROOT at /usr/local/go, GOPATH /go, as the official image.
	if pick golang; then
	debian golang
	local_cas "$WORK/golang"
	cp -a "$(go env GOROOT)" "$WORK/golang/usr/local/go"
	mkdir -p "$WORK/golang/go/bin" "$WORK/golang/go/src"
	import "$WORK/golang" "golang:$want-bookworm" \
		"ENV=PATH=/go/bin:/usr/local/go/bin:$path" "ENV=GOPATH=/go" "ENV=GOTOOLCHAIN=local" "WORKDIR=/go"
	fi

	# node: the host's node (or NODE, a node binary of your choice) and npm
	# under /usr/local, as the official image.
	if pick node; then
	debian node
	local_cas "$WORK/node"
	npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
	cp "$(readlink -f "${NODE:-$(command -v node)}")" "$WORK/node/usr/local/bin/node"
	mkdir -p "$WORK/node/usr/local/lib/node_modules"
	cp -a "$npm_dir" "$WORK/node/usr/local/lib/node_modules/npm"
	ln -s ../lib/node_modules/npm/bin/npm-cli.js "$WORK/node/usr/local/bin/npm"
	ln -s ../lib/node_modules/npm/bin/npx-cli.js "$WORK/node/usr/local/bin/npx"
	say "node stand-in has Node.js $(chroot "$WORK/node" node --version) (the Dockerfile names 22)"
	import "$WORK/node" node:22-bookworm-slim "ENV=PATH=$path" "ENV=NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt" "CMD=[\"node\"]"
	fi

	# distroless static, nonroot: no shell, no package manager.
	if pick distroless; then
	d=$WORK/distroless
	rm -rf "$d"
	mkdir -p "$d/etc/ssl/certs" "$d/usr/share" "$d/tmp" "$d/home/nonroot" "$d/root"
	cp "$WORK/rootfs/etc/ssl/certs/ca-certificates.crt" "$d/etc/ssl/certs/"
	cp -a "$WORK/rootfs/usr/share/zoneinfo" "$d/usr/share/"
	cp "$WORK/rootfs/etc/os-release" "$d/etc/os-release"
	printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' >"$d/etc/passwd"
	printf 'root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n' >"$d/etc/group"
	chmod 1777 "$d/tmp"
	chmod 700 "$d/root"
	chown 65532:65532 "$d/home/nonroot"
	import "$d" gcr.io/distroless/static-debian12:nonroot \
		"ENV=PATH=$path" "ENV=SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt" "USER=65532:65532" "WORKDIR=/home/nonroot"
	fi

	# postgres: Debian's PostgreSQL 15 with an entry point like the official one.
	if pick postgres; then
	debian postgres postgresql-15
	cp deploy/standin-postgres.sh "$WORK/postgres/usr/local/bin/docker-entrypoint.sh"
	chmod 755 "$WORK/postgres/usr/local/bin/docker-entrypoint.sh"
	import "$WORK/postgres" postgres:17-bookworm \
		"ENV=PATH=/usr/lib/postgresql/15/bin:$path" "ENV=PGDATA=/var/lib/postgresql/data" \
		"ENTRYPOINT=[\"/usr/local/bin/docker-entrypoint.sh\"]" "CMD=[\"postgres\"]" \
		"VOLUME=/var/lib/postgresql/data" "EXPOSE=5432" "STOPSIGNAL=SIGINT"
	fi

	# caddy: Debian's package, with the official image's folders and command.
	if pick caddy; then
	debian caddy caddy
	mkdir -p "$WORK/caddy/config" "$WORK/caddy/data" "$WORK/caddy/etc/caddy"
	import "$WORK/caddy" caddy:2 \
		"ENV=XDG_CONFIG_HOME=/config" "ENV=XDG_DATA_HOME=/data" "WORKDIR=/srv" "EXPOSE=80" "EXPOSE=443" \
		"CMD=[\"caddy\",\"run\",\"--config\",\"/etc/caddy/Caddyfile\",\"--adapter\",\"caddyfile\"]"
	fi
}

# wait_for URL SECONDS [CURL-OPTIONS...]: polls until the URL answers 200.
wait_for() {
	url=$1 limit=$2
	shift 2
	i=0
	until curl -fsS -o /dev/null --max-time 2 "$@" "$url" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt $((limit * 10)) ] || return 1
		sleep 0.1
	done
}

now_ms() { date +%s%3N; }

# json FIELD: a string field from JSON on stdin.
json() { sed -n "s/.*\"$1\": *\"\([^\"]*\)\".*/\1/p"; }

image() {
	if [ "$ENGINE" = podman ]; then
		set -- --format docker --pull=never
	else
		# Docker's spelling: never pull a newer base image; a missing one it
		# would still try to pull (and fail here).
		set -- --pull=false
	fi
	say "$ENGINE build $* -t salescoach:latest ."
	t0=$(now_ms)
	"$ENGINE" build "$@" -t salescoach:latest . >"$WORK/build.log" 2>&1 || { tail -30 "$WORK/build.log"; fail "build (log: $WORK/build.log)"; }
	say "built in $(($(now_ms) - t0)) ms"
	size=$("$ENGINE" image inspect --format '{{.Size}}' salescoach:latest)
	say "image size $size bytes ($((size / 1024 / 1024)) MiB); layers:"
	"$ENGINE" history --format '{{.Size}}\t{{.CreatedBy}}' salescoach:latest | cut -c1-110
	user=$("$ENGINE" image inspect --format '{{.Config.User}}' salescoach:latest)
	[ "$user" = 65532:65532 ] || fail "image user is $user"
	"$ENGINE" image inspect --format '{{.Config.Healthcheck}}' salescoach:latest | grep -q healthcheck || fail "no HEALTHCHECK in the image"
	if "$ENGINE" run --rm --entrypoint /bin/sh salescoach:latest -c true 2>/dev/null; then fail "the image has a shell"; fi
	say "user $user, no shell, HEALTHCHECK set"

	rm_f sc-image >/dev/null 2>&1 || true
	"$ENGINE" volume rm -f sc-image-data >/dev/null 2>&1 || true
	t0=$(now_ms)
	"$ENGINE" run -d --name sc-image -p "127.0.0.1:$PORT:8080" -v sc-image-data:/data salescoach:latest >/dev/null
	wait_for "http://127.0.0.1:$PORT/healthz" 30 || { "$ENGINE" logs sc-image; fail "/healthz did not answer"; }
	say "started: /healthz answered $(($(now_ms) - t0)) ms after $ENGINE run"
	curl -fsS "http://127.0.0.1:$PORT/readyz" >/dev/null || fail "/readyz"
	curl -fsS "http://127.0.0.1:$PORT/app/" | grep -q '<div id="root"' || fail "/app/ does not serve the web app"
	pid=$("$ENGINE" inspect --format '{{.State.Pid}}' sc-image)
	uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "/proc/$pid/status")
	[ "$uids" = "65532 65532 65532 65532" ] || fail "the server runs as uids $uids"
	say "server process runs as uid 65532 (real, effective, saved, file system)"
	if [ "$ENGINE" = podman ]; then
		podman healthcheck run sc-image || fail "podman healthcheck run"
		say "podman healthcheck run: healthy ($(podman inspect --format '{{.State.Healthcheck.Status}}' sc-image))"
	else
		healthy sc-image 60 || fail "the health check did not turn healthy"
		say "docker health status healthy $(($(now_ms) - t0)) ms after docker run (first check after the 15 s interval)"
	fi
	"$ENGINE" logs sc-image 2>&1 | head -n1 | grep -q '^{' || fail "log lines are not JSON"

	# The data volume: a guest user and the generated token secret survive a
	# restart and a new container on the same volume.
	token=$(curl -fsS -X POST "http://127.0.0.1:$PORT/api/auth/anonymous" | json access_token)
	[ -n "$token" ] || fail "no access token from /api/auth/anonymous"
	me=$(curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT/api/me")
	"$ENGINE" restart -t 30 sc-image >/dev/null
	wait_for "http://127.0.0.1:$PORT/healthz" 30 || fail "no /healthz after restart"
	[ "$(curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT/api/me")" = "$me" ] || fail "the guest is gone after a restart"
	"$ENGINE" stop -t 30 sc-image >/dev/null
	"$ENGINE" rm sc-image >/dev/null
	"$ENGINE" run -d --name sc-image -p "127.0.0.1:$PORT:8080" -v sc-image-data:/data salescoach:latest >/dev/null
	wait_for "http://127.0.0.1:$PORT/healthz" 30 || fail "no /healthz in the new container"
	[ "$(curl -fsS -H "Authorization: Bearer $token" "http://127.0.0.1:$PORT/api/me")" = "$me" ] || fail "the guest is gone in a new container on the same volume"
	say "data volume: the guest and its token still work after a restart and in a new container"
	t0=$(now_ms)
	"$ENGINE" stop -t 30 sc-image >/dev/null
	code=$("$ENGINE" inspect --format '{{.State.ExitCode}}' sc-image)
	say "$ENGINE stop: exited $code after $(($(now_ms) - t0)) ms"
	[ "$code" = 0 ] || fail "exit code $code on SIGTERM"
	"$ENGINE" rm -f sc-image >/dev/null
	"$ENGINE" volume rm sc-image-data >/dev/null
	say "image: all checks passed"
}

# compose.yaml as written: PostgreSQL, two replicas and Caddy, in a copy of
# the deployment files under $WORK/compose with fresh secrets, the domain
# localhost (Caddy then issues the certificate from its own local authority:
# no public certificate can be had here) and mail to the log.
compose() {
	"$ENGINE" image inspect salescoach:latest >/dev/null 2>&1 || fail "no image salescoach:latest: run $0 image first"
	compose_tool
	p=sctest
	d=$WORK/compose
	pc() { (cd "$d" && $COMPOSE -p $p "$@") >>"$WORK/compose.log" 2>&1; }
	compose_down
	rm -rf "$d"
	mkdir -p "$d/deploy" "$d/backups"
	cp compose.yaml Dockerfile "$d/"
	cp deploy/Caddyfile deploy/env.example deploy/make-secrets.sh "$d/deploy/"
	sh "$d/deploy/make-secrets.sh" >/dev/null
	sed -e 's/^SALESCOACH_DOMAIN=.*/SALESCOACH_DOMAIN=localhost/' -e 's/^SMTP_HOST=/# SMTP_HOST=/' deploy/env.example >"$d/.env"
	# podman-compose 1.0.3 ignores a network's ipam; Docker compose creates
	# it with the subnet that TRUSTED_PROXIES names.
	subnet=$(sed -n 's/^ *- subnet: *//p' compose.yaml)
	if [ "$ENGINE" = podman ]; then
		podman network create --subnet "$subnet" --label "io.podman.compose.project=$p" "${p}_backend" >/dev/null
	fi
	: >"$WORK/compose.log"
	t0=$(now_ms)
	pc up -d || { tail -20 "$WORK/compose.log"; fail "$COMPOSE up (log: $WORK/compose.log)"; }
	https="--resolve localhost:443:127.0.0.1 https://localhost"
	# The certificate is checked against Caddy's local root, once it exists.
	i=0
	until "$ENGINE" cp "$(ctr caddy):/data/caddy/pki/authorities/local/root.crt" "$d/caddy-root.crt" 2>/dev/null; do
		i=$((i + 1))
		[ $i -lt 300 ] || { "$ENGINE" logs "$(ctr caddy)" | tail; fail "Caddy made no local certificate authority"; }
		sleep 0.1
	done
	ca="--cacert $d/caddy-root.crt"
	# shellcheck disable=SC2086 # $https and $ca are option lists
	wait_for "https://localhost/readyz" 60 $ca --resolve localhost:443:127.0.0.1 || {
		"$ENGINE" ps -a
		for c in postgres app1 app2 caddy; do "$ENGINE" logs --tail 5 "$(ctr $c)"; done
		fail "https://localhost/readyz did not answer through Caddy"
	}
	say "compose up: https://localhost/readyz answered through Caddy $(($(now_ms) - t0)) ms after $COMPOSE up"
	for c in postgres app1 app2; do
		healthy "$(ctr $c)" 60 || fail "health check of $c"
	done
	say "health checks: postgres, app1, app2 healthy $(($(now_ms) - t0)) ms after $COMPOSE up"
	if [ "$ENGINE" = docker ]; then
		# What podman-compose ignores (docs/operations.md) Docker's compose
		# must honour: the subnet, the replicas started only once PostgreSQL
		# is healthy (so never restarted), stop_grace_period on the container.
		net=$(docker network inspect --format '{{range .IPAM.Config}}{{.Subnet}}{{end}}' "${p}_backend")
		[ "$net" = "$subnet" ] || fail "the network's subnet is $net, not $subnet"
		for c in app1 app2; do
			got=$(docker inspect --format '{{.RestartCount}} {{.Config.StopTimeout}}' "$(ctr $c)")
			[ "$got" = "0 75" ] || fail "$c: restart count and stop timeout $got, not 0 75"
		done
		say "network $net; app1, app2 never restarted (depends_on: service_healthy), stop timeout 75 s"
	fi
	# shellcheck disable=SC2086
	curl -fsS $ca $https/app/ | grep -q '<div id="root"' || fail "/app/ through Caddy"
	# shellcheck disable=SC2086
	hsts=$(curl -fsS -o /dev/null -D - $ca $https/healthz | tr -d '\r' | sed -n 's/^[Ss]trict-[Tt]ransport-[Ss]ecurity: //p')
	[ -n "$hsts" ] || fail "no HSTS header: PUBLIC_URL is not https"
	say "HTTPS through Caddy (certificate of its local authority), HSTS: $hsts"

	# One guest, then its token on both replicas (one secret from ./secrets).
	# shellcheck disable=SC2086
	token=$(curl -fsS $ca -X POST $https/api/auth/anonymous | json access_token)
	[ -n "$token" ] || fail "no access token through Caddy"
	n=0
	while [ $n -lt 40 ]; do
		# shellcheck disable=SC2086
		curl -fsS -o /dev/null $ca -H "Authorization: Bearer $token" $https/api/me || fail "GET /api/me through Caddy"
		n=$((n + 1))
	done
	for c in app1 app2; do
		seen=$("$ENGINE" logs "$(ctr $c)" 2>&1 | grep -c '"path":"/api/me"' || true)
		[ "$seen" -gt 0 ] || fail "$c answered none of 40 requests"
		say "$c answered $seen of 40 GET /api/me with the one token"
	done
	client=$("$ENGINE" logs "$(ctr app1)" 2>&1 | sed -n 's/.*"path":"\/api\/me".*"ip":"\([^"]*\)".*/\1/p' | head -n1)
	# From this host the client reaches Caddy through the network's gateway,
	# an address inside TRUSTED_PROXIES, so the replicas fall back to Caddy's.
	say "the replicas see the client address $client"

	# A replica stops (SIGTERM) while requests go on through Caddy.
	: >"$d/codes"
	(
		n=0
		while [ $n -lt 20000 ] && [ ! -e "$d/stop" ]; do
			# shellcheck disable=SC2086
			curl -sS -o /dev/null -w '%{http_code}\n' --max-time 15 $ca -H "Authorization: Bearer $token" $https/api/me >>"$d/codes" 2>&1
			n=$((n + 1))
		done
	) &
	loop=$!
	for c in app1 app2; do
		t0=$(now_ms)
		id=$(ctr $c)
		"$ENGINE" stop -t 75 "$id" >/dev/null
		code=$("$ENGINE" inspect --format '{{.State.ExitCode}}' "$id")
		say "$c stopped in $(($(now_ms) - t0)) ms, exit code $code"
		t0=$(now_ms)
		"$ENGINE" start "$id" >/dev/null
		healthy "$id" 60 || fail "$c not healthy again"
		say "$c started again, healthy after $(($(now_ms) - t0)) ms"
	done
	touch "$d/stop"
	wait $loop
	total=$(wc -l <"$d/codes")
	bad=$(grep -vc '^200$' "$d/codes" || true)
	say "rolling restart of app1 then app2: $total requests through Caddy, $bad not 200"
	[ "$bad" = 0 ] || { sort "$d/codes" | uniq -c; fail "requests failed during the rolling restart"; }

	# The backup command of docs/operations.md.
	pc exec -T postgres pg_dump -U salescoach -d salescoach --format=custom --file=/backups/salescoach.dump ||
		fail "pg_dump in the postgres container"
	[ -s "$d/backups/salescoach.dump" ] || fail "no dump in ./backups"
	say "pg_dump wrote ./backups/salescoach.dump ($(wc -c <"$d/backups/salescoach.dump") bytes)"

	# Down and up again: the database volume and the secrets keep the guest.
	pc down || fail "$COMPOSE down"
	pc up -d || fail "$COMPOSE up again"
	# shellcheck disable=SC2086
	wait_for "https://localhost/readyz" 60 $ca --resolve localhost:443:127.0.0.1 || fail "no /readyz after down and up"
	# shellcheck disable=SC2086
	curl -fsS -o /dev/null $ca -H "Authorization: Bearer $token" $https/api/me || fail "the guest is gone after down and up"
	say "after $COMPOSE down and up: the guest's token still works"
	compose_down
	say "compose: all checks passed"
}

# compose_tool: COMPOSE, the compose command of the engine: podman-compose;
# Docker's Compose v2 plugin (docker compose) or else docker-compose (v1,
# the one Debian 12 has).
compose_tool() {
	if [ "$ENGINE" = podman ]; then
		command -v podman-compose >/dev/null || fail "podman-compose is not installed"
		COMPOSE=podman-compose
	elif docker compose version >/dev/null 2>&1; then
		COMPOSE="docker compose"
	else
		command -v docker-compose >/dev/null || fail "neither docker compose nor docker-compose is installed"
		COMPOSE=docker-compose
	fi
	say "compose: $($COMPOSE version 2>/dev/null | head -n1)"
}

# ctr SERVICE: the test deployment's container of that service.
# podman-compose and docker-compose v1 name it sctest_SERVICE_1, Compose
# v2 sctest-SERVICE-1: ask Docker's compose instead of guessing.
ctr() {
	if [ "$ENGINE" = podman ]; then
		echo "sctest_${1}_1"
	else
		(cd "$WORK/compose" && $COMPOSE -p sctest ps -q "$1")
	fi
}

# compose_down: the test deployment's containers, volumes and network gone.
compose_down() {
	if [ -f "$WORK/compose/compose.yaml" ]; then
		(cd "$WORK/compose" && $COMPOSE -p sctest down -v) >>"$WORK/compose.log" 2>&1 || true
	fi
	if [ "$ENGINE" = podman ]; then
		podman network rm -f sctest_backend >/dev/null 2>&1 || true
	fi
}

case ${1:-all} in
standins)
	shift
	standins "$@"
	;;
image) image ;;
compose) compose ;;
all)
	standins
	image
	compose
	;;
*) fail "usage: $0 standins|image|compose|all" ;;
esac
