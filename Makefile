# The README's two commands: `make run` and `make test`. Everything installs what it needs itself.
SHELL := /bin/bash
NODE  ?= node
TESTS := $(sort $(wildcard test/*.test.ts))
# The second Node leg (make test-node24): Node 24 as a package from the npm registry in a scratch folder,
# never in package.json; NODE24=<path of a node binary> uses another one.
NODE24_PREFIX ?= $(or $(TMPDIR),/tmp)/svc-node24
NODE24        ?= $(NODE24_PREFIX)/node_modules/.bin/node
E2E_TESTS     := $(sort $(wildcard test/mcp-*.test.ts test/api-*.test.ts test/cli-*.test.ts))

.PHONY: run test test-node24 build install production bench interop clean

node_modules/.installed: package.json
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

install: node_modules/.installed

dist/.built: node_modules/.installed tsconfig.json $(shell find src -name '*.ts' 2>/dev/null)
	npx tsc -p tsconfig.json
	@chmod +x dist/cli.js dist/server.js dist/stdio.js 2>/dev/null || true
	@touch $@

build: dist/.built

# The demo serves a copy of content/ and theme/ in .tmp/demo (ignored), made on the first run: what is tried
# in the panel (deleting, settings, people) never changes a tracked file. `rm -rf .tmp/demo` starts anew.
DEMO_ROOT := .tmp/demo
run: build
	@if [ ! -d $(DEMO_ROOT)/content ]; then mkdir -p $(DEMO_ROOT) && cp -R content theme $(DEMO_ROOT)/ && echo "Copied the demo site to $(DEMO_ROOT)."; fi
	$(NODE) dist/cli.js demo --root $(DEMO_ROOT)

# A production install (README "A real site"): the locked packages, the build, then only the runtime
# packages are kept (zod, yaml, micromark, image-size and theirs). `make build` or `make test` afterwards
# install the development packages again.
production:
	npm ci --no-audit --no-fund --loglevel=error
	node_modules/.bin/tsc -p tsconfig.json
	@chmod +x dist/cli.js dist/server.js dist/stdio.js
	npm prune --omit=dev --no-audit --no-fund --loglevel=error
	@find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete
	@rm -f node_modules/.installed dist/.built
	@echo "Installed for production: dist/ and the runtime packages. Run: node $(CURDIR)/dist/cli.js help"

test: build
	$(NODE) --import tsx --test --test-concurrency=2 --test-reporter=spec $(TESTS)

# The end-to-end MCP (HTTP and stdio), Content API and CLI tests on Node 24, over the same dist/ as make test.
# The children they spawn use process.execPath, so they run on Node 24 too.
test-node24: build $(NODE24)
	$(NODE24) --version
	$(NODE24) --import tsx --test --test-concurrency=2 --test-reporter=spec $(E2E_TESTS)

$(NODE24_PREFIX)/node_modules/.bin/node:
	npm install --prefix $(NODE24_PREFIX) --no-audit --no-fund --loglevel=error node@24

bench: build
	$(NODE) --import tsx test/bench/run.ts

interop: build
	$(NODE) --import tsx test/interop/run.ts

clean:
	rm -rf dist node_modules .tmp
