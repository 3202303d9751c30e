# Kurz developer interface. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help
# Node 24 LTS: scripts/use-node.sh (run by `deps`) fetches it into .tools/node when the machine's
# node is older; every recipe finds it first on PATH.
export PATH := $(CURDIR)/.tools/node/bin:$(PATH)
export TURBO_TELEMETRY_DISABLED := 1
# A bundle (make build) with its telemetry preload and .ts stack traces.
RUN_BUNDLE = node --enable-source-maps --import ./$(1)/dist/register-telemetry.mjs $(1)/dist/main.mjs

.PHONY: help build start start-distributed test test-repeat bench bench-start bench-footprint bench-workers bench-analytics bench-mcp bench-webhooks bench-bulk bench-export fuzz conformance chaos lint format typecheck generate check-generated docs deps backends clean-data

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-18s %s\n", $$1, $$2 }'

deps: ## Install pnpm (corepack) and the workspace dependencies from the lockfile
	@bash scripts/install-node-deps.sh

build: deps ## Bundle every service and app into its dist/ (cached by turbo): what the image, make start and the process tests run
	@node_modules/.bin/turbo run build --output-logs=errors-only

start: build ## Start all of Kurz embedded in one process, edge on http://localhost:8080 (data in .data/)
	@DATA_DIR=$(CURDIR)/.data $(call RUN_BUNDLE,apps/embedded)

start-distributed: build backends ## Start each service as its own process against PostgreSQL, Redis, mock Kafka, chDB
	@$(call RUN_BUNDLE,apps/distributed)

test: ## Install and start the backends, then lint, type-check, check generated code, build, run every test
	@bash scripts/test.sh

test-repeat: deps ## Run FILES (test paths) N times (default 20) beside a busy core (HOG=0: without); report every failure
	@bash scripts/test-repeat.sh $(or $(N),20) $(FILES)

bench: deps ## Redirect throughput vs a bare http baseline (and a 20-rule link, a preview card, an A/B link vs a plain one), and click ingest rate, in one run
	@pnpm --filter @kurz/analytics-ingest bench

bench-start: build ## Redirects through make start's public port vs a bare http server, CPU per request, clicks counted
	@pnpm --filter @kurz/embedded bench:start

bench-footprint: build ## make start's memory (RSS of its process tree) after a warm start, during and after a scripted walk; warm start time
	@pnpm --filter @kurz/embedded bench:footprint

bench-workers: build backends ## The redirector as a pool of workers (REDIRECTOR_WORKERS=auto) vs a bare single-process http server and nginx, in distributed mode
	@pnpm --filter @kurz/distributed bench:workers

bench-analytics: deps ## Every analytics report timed on 1 M generated clicks (BENCH_CLICKS=10000000 for the full size)
	@pnpm --filter @kurz/analytics-ingest bench:analytics

bench-mcp: deps ## The MCP gateway's added latency (tools/call vs direct gRPC) and the memory of 1,000 idle SSE sessions
	@pnpm --filter @kurz/mcp-bench bench

bench-webhooks: deps ## Webhook deliveries per second through the dispatcher vs a plain POST loop; link.clicked fan-out vs the redirect edge
	@pnpm --filter @kurz/webhook-dispatcher bench
	@pnpm --filter @kurz/webhook-fanout-bench bench

bench-bulk: deps backends ## Bulk create of 1,000 links through REST on PostgreSQL vs one hand-written multi-row INSERT; an import of 100,000 Bitly CSV rows (rows/s, RSS growth) vs INSERTs of 500
	@pnpm --filter @kurz/link-api bench:bulk

bench-export: deps ## The click export (CSV / JSON lines) of 1 M generated clicks of one account vs the same keyset SELECTs with the rows dropped: rows/s and RSS growth
	@pnpm --filter @kurz/analytics-ingest bench:export

fuzz: build ## Fuzz every public surface of a fresh embedded Kurz (FUZZ_RUNS per route, default 300; FUZZ_SEED replays)
	@pnpm --filter @kurz/fuzz fuzz

conformance: build ## The official MCP conformance suite against a fresh embedded Kurz's MCP server, as a table (ARGS=--all runs every scenario)
	@pnpm --filter @kurz/mcp-conformance conformance $(ARGS)

chaos: build backends ## Fault suite: distributed Kurz under load, each fault in turn, a fault x invariant table (CHAOS_FAULTS=a,b picks faults; ARGS=--bounded the short run)
	@pnpm --filter @kurz/chaos chaos $(ARGS)

backends: ## Install (Debian packages) and start PostgreSQL and Redis; build the mock Kafka cluster
	@bash scripts/install-system-deps.sh && bash scripts/start-backends.sh

lint: ## Lint and format-check with biome
	@pnpm exec biome ci .

format: ## Format and apply safe lint fixes
	@pnpm exec biome check --write .

typecheck: ## Type-check every package (the workspace as one program; generated code as committed)
	@node scripts/typecheck.mjs

generate: ## Regenerate TypeScript from proto/ (buf lint + buf generate)
	@pnpm --filter @kurz/proto generate

check-generated: ## Fail when committed generated code differs from a fresh generation
	@pnpm --filter @kurz/proto check-generated

docs: ## Regenerate the OpenAPI document served at /api/v1/docs from every service's route schemas
	@pnpm --filter @kurz/openapi-tools generate

clean-data: ## Delete the embedded run's data directory (.data/)
	@rm -rf .data
