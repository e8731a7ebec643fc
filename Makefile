# The README's two commands: `make run` and `make test`. Everything installs what it needs itself.
SHELL := /bin/bash
NODE  ?= node
TESTS := $(sort $(wildcard test/*.test.ts))

.PHONY: run test build install bench interop clean

node_modules/.installed: package.json
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

install: node_modules/.installed

dist/.built: node_modules/.installed tsconfig.json $(shell find src -name '*.ts' 2>/dev/null)
	npx tsc -p tsconfig.json
	@chmod +x dist/cli.js dist/server.js dist/stdio.js 2>/dev/null || true
	@touch $@

build: dist/.built

run: build
	$(NODE) dist/cli.js demo

test: build
	$(NODE) --import tsx --test --test-concurrency=2 --test-reporter=spec $(TESTS)

bench: build
	$(NODE) --import tsx test/bench/run.ts

interop: build
	$(NODE) --import tsx test/interop/run.ts

clean:
	rm -rf dist node_modules .tmp
