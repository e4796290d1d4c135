# Sales Coach. `make run` builds everything and serves http://localhost:8080;
# `make test` runs the whole suite (set TEST_DATABASE_URL to include PostgreSQL).

GO      ?= go
NPM     ?= npm
BIN     := bin/salescoach
# The stand-ins the end-to-end tests run: the speech provider (cmd/speechfake),
# PayPal (cmd/paypalfake; local payment demos run it too, docs/billing.md),
# Google's sign-in (cmd/oidcfake) and the DNS of company sign-in's domain
# proof (cmd/dnsfake).
FAKES   := bin/speechfake bin/paypalfake bin/oidcfake bin/dnsfake
GOFILES := $(shell find . -name '*.go' -not -path './web/node_modules/*' -not -path './e2e/node_modules/*')
WEBSRC  := $(shell find web/src web/scripts web/index.html web/public -type f 2>/dev/null) web/vite.config.ts web/package.json

# The end-to-end tests run in this Chromium (e2e/chromium.ts reads the same
# variable). Without it `make test` stops before it builds or tests anything.
ifeq ($(CHROMIUM_PATH),)
CHROMIUM_PATH := /usr/bin/chromium
endif
export CHROMIUM_PATH
ifneq ($(filter test test-e2e,$(MAKECMDGOALS)),)
ifeq ($(shell test -x '$(CHROMIUM_PATH)' && echo yes),)
$(error the end-to-end tests need Chromium, none at $(CHROMIUM_PATH): install it (apt-get install chromium) or set CHROMIUM_PATH to one)
endif
endif

.PHONY: run build web test test-go vet test-web test-e2e clean bench-floor

run: build
	./$(BIN) serve

build: $(BIN) $(FAKES)

$(BIN): web/dist/index.html $(GOFILES) go.mod go.sum
	$(GO) build -trimpath -o $(BIN) ./cmd/salescoach

bin/speechfake: $(GOFILES) go.mod go.sum
	$(GO) build -trimpath -o $@ ./cmd/speechfake

bin/paypalfake: $(GOFILES) go.mod go.sum
	$(GO) build -trimpath -o $@ ./cmd/paypalfake

bin/oidcfake: $(GOFILES) go.mod go.sum
	$(GO) build -trimpath -o $@ ./cmd/oidcfake

bin/dnsfake: $(GOFILES) go.mod go.sum
	$(GO) build -trimpath -o $@ ./cmd/dnsfake

web: web/dist/index.html

web/node_modules/.installed: web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund
	touch $@

web/dist/index.html: web/node_modules/.installed $(WEBSRC)
	cd web && $(NPM) run build
	touch web/dist/.keep

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && $(NPM) ci --no-audit --no-fund
	touch $@

test: vet test-go test-web test-e2e

vet: web/dist/index.html
	$(GO) vet ./...

# httpapi alone runs for minutes under -race on two cores; Go's default 10 min per
# package is too close.
# coach/trainer starts no goroutine; its answer-set harnesses run without
# -race (minutes under it), its concurrency test with it (docs/decisions.md).
test-go: web/dist/index.html
	$(GO) test -race -count=1 -timeout 30m $$($(GO) list ./... | grep -v '/coach/trainer$$')
	$(GO) test -race -count=1 -run 'Concurrent' ./coach/trainer/
	$(GO) test -count=1 -timeout 20m ./coach/trainer/

test-web: web/node_modules/.installed
	cd web && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test

test-e2e: $(BIN) $(FAKES) e2e/node_modules/.installed
	cd e2e && $(NPM) run typecheck && $(NPM) test

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/node_modules/.installed e2e/node_modules/.installed

# GET and PATCH /api/me against the bare-stack floor and PocketBase (issue 30,
# docs/performance.md): builds everything and prints the ratios. Not part of
# `make test`; run it on a quiet machine. PostgreSQL too when BENCH_PG_URL or
# TEST_DATABASE_URL is set.
bench-floor:
	./bench/floor/run.sh
