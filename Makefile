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

# Pipes keep the exit status of the command that failed (go test into testtimes).
SHELL       := /bin/bash
.SHELLFLAGS := -o pipefail -c

# Where `make test` keeps this run's times (cmd/testtimes; issue 39).
TIMES     := .test-times
TESTTIMES := bin/testtimes

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

# The whole suite in phases, each stamped when it ends; at the end the
# phases' times, the slowest Go packages and tests and the slowest vitest
# files (docs/performance.md keeps a fresh clone's figures).
PHASES := stamp-build stamp-vet stamp-test-go stamp-test-web stamp-test-e2e
test: stamp-start build web/node_modules/.installed e2e/node_modules/.installed stamp-build vet stamp-vet test-go stamp-test-go test-web stamp-test-web test-e2e stamp-test-e2e
	@./$(TESTTIMES) report $(TIMES)

.PHONY: stamp-start $(PHASES)
stamp-start: $(TESTTIMES)
	@rm -rf $(TIMES) && mkdir -p $(TIMES) && echo "start $$(date +%s.%N)" > $(TIMES)/phases
$(PHASES): stamp-%:
	@echo "$* $$(date +%s.%N)" >> $(TIMES)/phases

$(TESTTIMES): cmd/testtimes/*.go
	$(GO) build -trimpath -o $@ ./cmd/testtimes

vet: web/dist/index.html
	$(GO) vet ./...

# httpapi alone runs for minutes under -race on two cores; Go's default 10 min per
# package is too close.
# coach/trainer starts no goroutine; its answer-set harnesses run without
# -race (minutes under it), its concurrency test with it (docs/decisions.md).
test-go: web/dist/index.html $(TESTTIMES)
	$(GO) test -json -race -count=1 -timeout 30m $$($(GO) list ./... | grep -v '/coach/trainer$$') | ./$(TESTTIMES) go $(TIMES)
	$(GO) test -json -race -count=1 -run 'Concurrent' ./coach/trainer/ | ./$(TESTTIMES) go $(TIMES)
	$(GO) test -json -count=1 -timeout 20m ./coach/trainer/ | ./$(TESTTIMES) go $(TIMES)

test-web: web/node_modules/.installed
	mkdir -p $(TIMES)
	cd web && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test -- --reporter=default --reporter=json --outputFile.json=../$(TIMES)/vitest.json

test-e2e: $(BIN) $(FAKES) e2e/node_modules/.installed
	cd e2e && $(NPM) run typecheck && $(NPM) test

clean:
	rm -rf bin $(TIMES) web/dist/assets web/dist/index.html web/node_modules/.installed e2e/node_modules/.installed

# GET and PATCH /api/me against the bare-stack floor and PocketBase (issue 30,
# docs/performance.md): builds everything and prints the ratios. Not part of
# `make test`; run it on a quiet machine. PostgreSQL too when BENCH_PG_URL or
# TEST_DATABASE_URL is set.
bench-floor:
	./bench/floor/run.sh
