# Keeper — build, run and test. `make run` starts everything; `make test` runs every suite.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# One persistent target directory outside the clone keeps rebuilds incremental (CI runs in fresh clones).
export CARGO_TARGET_DIR ?= $(HOME)/.cache/keeper/target
NEXTEST := cargo nextest run --no-fail-fast --failure-output final
FRONTEND := frontend

.PHONY: help bench build build-backend build-frontend start run test test-rust test-databases test-redis test-frontend deps-test deps-browser fmt clean-data

help:
	@echo "make run    build everything and start gateway + services (http://127.0.0.1:8080)"
	@echo "make build  build the SPA and the release binaries"
	@echo "make start  start the already built binaries (honours KEEPER_* variables)"
	@echo "make test   run every test suite"
	@echo "make bench  measure the performance budgets (release build; writes bench/results/)"

build: build-frontend build-backend

build-backend:
	cargo build --release --bins

build-frontend:
	@if [ -f $(FRONTEND)/package.json ]; then \
		cd $(FRONTEND) && npm ci --no-audit --no-fund && npm run build; \
	else echo "frontend: not present yet, the gateway serves a notice page"; fi

start:
	@deploy/local/start.sh "$(CARGO_TARGET_DIR)/release"

run: build start

# ---------------------------------------------------------------- tests
test: deps-test test-rust test-databases test-redis test-frontend
	@echo "make test: all suites passed"

deps-test:
	@command -v cargo-nextest >/dev/null || cargo install cargo-nextest --locked

# Unit tests of every crate and the integration suite through the gateway on SQLite.
test-rust:
	cargo build --bins
	$(NEXTEST) --workspace -E 'not test(with_redis)'

# The same integration suite against the PostgreSQL and MariaDB servers of this machine.
test-databases:
	@if deploy/local/port-open.sh 127.0.0.1 5432; then \
		KEEPER_TEST_DB=postgres $(NEXTEST) -p keeper-testkit --test api -E 'not test(with_redis)'; \
	else echo "SKIP: PostgreSQL is not running on 127.0.0.1:5432 — the PostgreSQL suite did not run"; fi
	@if deploy/local/port-open.sh 127.0.0.1 3306; then \
		KEEPER_TEST_DB=mysql $(NEXTEST) -p keeper-testkit --test api -E 'not test(with_redis)'; \
	else echo "SKIP: MariaDB/MySQL is not running on 127.0.0.1:3306 — the MySQL suite did not run"; fi

# Revocation and captcha scenarios with sessions and captchas in Redis.
test-redis:
	@if deploy/local/port-open.sh 127.0.0.1 6379; then \
		$(NEXTEST) -p keeper-testkit --test api -E 'test(with_redis)'; \
	else echo "SKIP: Redis is not running on 127.0.0.1:6379 — the Redis suite did not run"; fi

# Unit tests of the web app, then its browser tests in Chromium through the real gateway and services
# (the debug binaries built by test-rust serve the freshly built SPA).
test-frontend: deps-browser
	cd $(FRONTEND) && npm ci --no-audit --no-fund && npm test
	cd $(FRONTEND) && npm run build && npm run test:e2e

# Debian's Chromium and a CJK font for the browser tests: installed when missing and running as root.
deps-browser:
	@missing=""; command -v chromium >/dev/null || missing="chromium"; \
	fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy" || missing="$$missing fonts-wqy-microhei"; \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else echo "browser tests need: sudo apt-get install $$missing" >&2; exit 1; fi; \
	fi

# The budgets of ARCHITECTURE section 8, measured on the release binaries (see bench/README.md).
bench: build-backend
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }
	@python3 -c 'import bcrypt' 2>/dev/null || python3 -m pip install -q bcrypt
	python3 bench/run.py

fmt:
	cargo fmt --all

clean-data:
	rm -rf ./data
