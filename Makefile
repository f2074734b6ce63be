# Rumbo: `make run` builds everything and starts the site; `make test` runs every check.
SHELL := /bin/bash
.DEFAULT_GOAL := run

CARGO ?= cargo
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
BIN := $(TARGET_DIR)/release/rumbo
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# The PostgreSQL leg runs when TEST_DATABASE_URL is set or a server answers on 127.0.0.1:5432.
TEST_DATABASE_URL ?= $(shell (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && echo $(PG_URL))

.PHONY: run dev build web server deps lint test test-rust test-web test-e2e bench clean openapi

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund

deps: web/node_modules/.package-lock.json

# The web app is rebuilt only when its sources changed (not its tests): `make run` with
# nothing changed starts at once, cargo relinking nothing either.
WEB_INPUTS := web/index.html web/vite.config.ts web/package.json web/tsconfig.json \
	$(shell find web/src web/scripts -type f ! -name '*.test.ts' ! -name '*.test.tsx' 2>/dev/null)

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_INPUTS)
	cd web && npm run build
	@touch $@

web: web/dist/index.html

server: web
	$(CARGO) build --release --locked -p rumbo

build: server

# Development mode on purpose (docs/decisions/008-safe-defaults.md): the binary's default is production.
run: build
	RUMBO_ENV=$${RUMBO_ENV:-development} $(BIN) serve

# Hot reload: Vite's dev server on http://127.0.0.1:5173 in front of the Rust server (debug
# build, development mode, port 8080), which renders each page's head (web/scripts/rumbo-dev.mjs).
# The web app reloads as you edit; restart `make dev` after changing the server.
dev: web
	$(CARGO) build --locked -p rumbo
	trap 'kill 0' EXIT; \
	RUMBO_ENV=$${RUMBO_ENV:-development} $(TARGET_DIR)/debug/rumbo serve & \
	cd web && RUMBO_DEV_SERVER=http://127.0.0.1:$${PORT:-8080} npx vite --host 127.0.0.1 --port 5173 --strictPort

lint: deps
	$(CARGO) fmt --all --check
	$(CARGO) clippy --locked --all-targets -- -D warnings
	cd web && npm run lint && npm run typecheck

test-rust: web
	$(CARGO) nextest run --locked --no-fail-fast
ifneq ($(strip $(TEST_DATABASE_URL)),)
	@echo "== integration tests on PostgreSQL ($(TEST_DATABASE_URL))"
	TEST_DATABASE_URL=$(TEST_DATABASE_URL) $(CARGO) nextest run --locked --no-fail-fast --test api
else
	@echo "== PostgreSQL leg skipped: no TEST_DATABASE_URL and nothing answers on 127.0.0.1:5432"
endif

test-web: deps
	cd web && npm test

test-e2e: build
	cd web && RUMBO_BIN=$(abspath $(BIN)) npm run e2e

test: lint test-rust test-web test-e2e

# The committed OpenAPI document (server/src/openapi/openapi.json), regenerated from the code.
openapi:
	$(CARGO) run --quiet --locked -p rumbo -- openapi > server/src/openapi/openapi.json

bench: build
	bench/page-weight
	bench/html-throughput
	bench/sqlite-commits
	bench/cart-ops
	bench/api-throughput
	bench/sign-in
	bench/load

clean:
	rm -rf target web/dist web/node_modules
