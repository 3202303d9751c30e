# Kurz developer interface. `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help
NODE_RUN := node --import tsx --import @kurz/telemetry/register

.PHONY: help start start-distributed test bench bench-analytics bench-mcp bench-webhooks fuzz conformance lint format typecheck generate check-generated docs deps backends clean-data

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{ printf "  make %-18s %s\n", $$1, $$2 }'

deps: ## Install pnpm (corepack) and the workspace dependencies from the lockfile
	@bash scripts/install-node-deps.sh

start: deps ## Start all of Kurz embedded in one process, edge on http://localhost:8080 (data in .data/)
	@DATA_DIR=$(CURDIR)/.data $(NODE_RUN) apps/embedded/src/main.ts

start-distributed: deps backends ## Start each service as its own process against PostgreSQL, Redis, mock Kafka, chDB
	@$(NODE_RUN) apps/distributed/src/main.ts

test: ## Install and start the backends, then lint, type-check, check generated code, run every test
	@bash scripts/test.sh

bench: deps ## Redirect throughput vs a bare http baseline, and click ingest rate, in one run
	@pnpm --filter @kurz/analytics-ingest bench

bench-analytics: deps ## Every analytics report timed on 1 M generated clicks (BENCH_CLICKS=10000000 for the full size)
	@pnpm --filter @kurz/analytics-ingest bench:analytics

bench-mcp: deps ## The MCP gateway's added latency (tools/call vs direct gRPC) and the memory of 1,000 idle SSE sessions
	@pnpm --filter @kurz/mcp-bench bench

bench-webhooks: deps ## Webhook deliveries per second through the dispatcher vs a plain POST loop; link.clicked fan-out vs the redirect edge
	@pnpm --filter @kurz/webhook-dispatcher bench
	@pnpm --filter @kurz/webhook-fanout-bench bench

fuzz: deps ## Fuzz every public surface of a fresh embedded Kurz (FUZZ_RUNS per route, default 300; FUZZ_SEED replays)
	@pnpm --filter @kurz/fuzz fuzz

conformance: deps ## The official MCP conformance suite against a fresh embedded Kurz's MCP server, as a table (ARGS=--all runs every scenario)
	@pnpm --filter @kurz/mcp-conformance conformance $(ARGS)

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
