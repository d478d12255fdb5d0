# Exactly what the README and CI run.
.PHONY: up down status check test schemas events release-check bench bench-latency bench-alerts bench-ingest loadtest soak lighthouse faults backup tracing tracing-off

up:        ## start the whole product with demo data
	scripts/up.sh

down:      ## stop everything `make up` started
	deploy/local/stack down

status:    ## what runs, on which port, and what crashed
	deploy/local/stack status

check:     ## the fast static checks (lint, strict types, import rules, migrations, schema and event contract drift, web types)
	scripts/check.sh

test:      ## every test, against real PostgreSQL, Kafka and Elasticsearch
	scripts/test.sh

schemas:   ## re-export subgraph SDLs and recompose the supergraph after a schema change
	scripts/export-schemas.sh
	cd gateway && npm run --silent compose

events:    ## re-export the events' JSON Schemas, docs/events.md's tables and the k8s KafkaTopics after a change
	.venv/bin/python scripts/event_contracts.py write

release-check: ## can SERVICE be released alone? its schema with the others' released ones, the web's operations validated (ADR 0045); SERVICE=web: the web's operations against the released subgraphs; without SERVICE: every changed subgraph
	cd gateway && npm run --silent release:check -- $(if $(SERVICE),--service $(SERVICE))

bench:     ## issue 28's figures in one table, each beside its baseline from the same run: the stack at rest, job/organization/resume search against raw Elasticsearch, page renders against their calls, publish -> searchable, memory and the knee under the mixed load (needs `make up`; about 20 min; `python -m bench.scale --quick` for a smoke test; bench/RESULTS.md)
	.venv/bin/python -m bench.scale

bench-latency: ## every latency scenario's percentiles, one after another (needs `make up`; `python -m bench.run --list`)
	.venv/bin/python -m bench.run

bench-alerts: ## job alerts at 100,000 saved searches beside their raw Elasticsearch searches (PostgreSQL and Elasticsearch only; bench/RESULTS.md)
	.venv/bin/python -m bench.alerts

bench-ingest: ## bulk ingestion: 100,000 jobs and 5,000 organizations through the write paths until findable, per hop, beside a raw _bulk (needs `make up`; long)
	.venv/bin/python -m bench.ingest --jobs 100000 --organizations 5000

loadtest:  ## mixed load at 1-32 users (visitors searching and reading, an applicant applying, a recruiter editing): per step req/s, p50/p95/p99 per request kind beside the raw search baseline, the knee (p95 < 200 ms) and each process's peak memory against 256 MiB (needs `make up`; about 7 min; bench/RESULTS.md)
	.venv/bin/python -m bench.loadtest

soak:      ## the same mix at half the knee's throughput for 30 minutes (MINUTES=n to change): p95 and each process's memory per minute, their trend and the errors (needs `make up` and a `make loadtest` first)
	.venv/bin/python -m bench.loadtest --soak --minutes $(or $(MINUTES),30)

lighthouse: ## Lighthouse on the home page, /jobs and a job page, median of 5 runs (needs `make up`; bench/RESULTS.md)
	cd e2e && node lighthouse.mjs

faults:    ## fault scenarios against the local stack (needs `make up`): a subgraph down, Elasticsearch down, PostgreSQL restarted, a consumer killed mid-batch, the outbox relay killed mid-send, the Kafka broker killed under 10,000 mixed writes, the alert mailer with Elasticsearch and SMTP down, a mailing consumer with SMTP down, a backup restored onto an empty stack and search rebuilt, each with its own services; prints what it counted (docs/runbooks/)
	cd gateway && npm run --silent build
	.venv/bin/python tests/faults/subgraph_down.py
	.venv/bin/python -m tests.faults.search_down --web
	.venv/bin/python -m tests.faults.database_restart
	.venv/bin/python -m tests.faults.consumer_killed
	.venv/bin/python -m tests.faults.relay_killed
	.venv/bin/python -m tests.faults.broker_killed --writes 10000
	.venv/bin/python -m tests.faults.alert_mailer_faults
	.venv/bin/python -m tests.faults.mailer_smtp_down
	.venv/bin/python -m tests.faults.restore_drill

tracing:   ## the trace viewer (Zipkin, http://127.0.0.1:9411/zipkin/) and every running process sending it spans (docs/runbooks/tracing.md)
	deploy/local/stack tracing on

tracing-off: ## stop sending spans (they cost CPU) and stop the trace viewer
	deploy/local/stack tracing off

backup:    ## back up every service database and the uploads to .local/backups/<time>, then prove the backup restores (docs/runbooks/backup-and-restore.md)
	scripts/backup.sh
