# The README's two commands: `make run` and `make test`. Everything installs what it needs itself.
SHELL := /bin/bash
# The tests mirror src/: a folder per area (test/content/, test/mcp/, ...), the whole-house ones at the top.
# The longest files go first (each 35-140 s on two cores), so that none of them starts last and holds up the
# end while the other runners are idle; the rest in order.
SLOW_TESTS := test/cli/readme-path.test.ts test/content/concurrency-crash.test.ts test/cli/start-failures.test.ts \
  test/panel/screen-browser.test.ts test/edge/varnish.test.ts test/lib/heap-tuning.test.ts test/cli/commands.test.ts \
  test/panel/settings-browser.test.ts test/edge/two-instances.test.ts test/panel/editor-browser.test.ts
TESTS := $(SLOW_TESTS) $(filter-out $(SLOW_TESTS),$(sort $(wildcard test/*.test.ts test/*/*.test.ts)))
E2E_TESTS := $(sort $(wildcard test/mcp/*.test.ts test/api/*.test.ts test/cli/*.test.ts))

# svc needs Node 22.13 or newer (src/lib/node-version-check.ts). A Node of a given release line comes as a
# package from the npm registry into .node/<major>/ (git-ignored, kept by `make clean`: assistant settings
# may name it), never into package.json. NODE_MAJOR=22 (or 24, 26) runs everything below on that line;
# without it the `node` on PATH does where it meets the floor, else Node 24. The chosen Node's folder goes
# first on PATH, so that what the tests and scripts start as `node` or `npx` is that Node too.
# NODE=<path of a node binary> uses another one.
NODE_HOME := $(CURDIR)/.node
fetched_node = $(NODE_HOME)/$(1)/node_modules/.bin/node
SYSTEM_NODE_OK := $(shell node -e 'const [a, b] = process.versions.node.split(".").map(Number); console.log(a > 22 || (a === 22 && b >= 13) ? "yes" : "no")' 2>/dev/null)
ifeq ($(origin NODE),undefined)
  ifneq ($(NODE_MAJOR),)
    NODE := $(call fetched_node,$(NODE_MAJOR))
  else ifneq ($(SYSTEM_NODE_OK),yes)
    NODE := $(call fetched_node,24)
  else
    NODE := node
  endif
endif
ifneq ($(NODE),node)
  NODE_FETCH := $(filter $(NODE_HOME)/%,$(NODE))
  export PATH := $(dir $(NODE)):$(PATH)
endif

.PHONY: run test test-e2e build install production bench interop node-path clean

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
run: build $(NODE_FETCH)
	@if [ ! -d $(DEMO_ROOT)/content ]; then mkdir -p $(DEMO_ROOT) && cp -R content theme $(DEMO_ROOT)/ && echo "Copied the demo site to $(DEMO_ROOT)."; fi
	$(NODE) dist/cli.js demo --root $(DEMO_ROOT)

# A production install (README "A real site"): the locked packages, the build, then only the runtime
# packages are kept (zod, yaml, micromark, image-size and theirs). `make build` or `make test` afterwards
# install the development packages again.
production: $(NODE_FETCH)
	npm ci --no-audit --no-fund --loglevel=error
	node_modules/.bin/tsc -p tsconfig.json
	@chmod +x dist/cli.js dist/server.js dist/stdio.js
	npm prune --omit=dev --no-audit --no-fund --loglevel=error
	@find node_modules -mindepth 1 -maxdepth 1 -type d -empty -delete
	@rm -f node_modules/.installed dist/.built
	@echo "Installed for production: dist/ and the runtime packages. Run: $(abspath $(NODE)) $(CURDIR)/dist/cli.js help"

# Every Node process the tests start keeps the compiled code of what it loads in Node's compile cache, in the
# OS temp folder, so the next process that loads the same modules does not compile them again: the crash
# test's writers (test/helpers/crash-writer.ts, 100 of them then) took 75-84 s of CPU without it and 64-67 s with it; over
# the whole suite the saving is within the machine's spread from run to run.
TEST_COMPILE_CACHE := $(or $(TMPDIR),/tmp)/svc-test-compile-cache

# Three files at a time on two cores: the suite is some 80 % CPU-bound, and a third file fills what the
# others leave while they wait on a scheduled time, a child process or a browser (12.3 against 13.4 minutes).
# The tests run the built code (dist/, what users run; `import type` still names src/) and are started by Node
# itself, their types stripped, without tsx: through tsx each file that loads the app paid some 0.4 s of CPU
# more, and the suite took 997 s of CPU in 533 s against 881 s in 470 s without it (Node 24, 2 cores).
# Node strips types itself from 22.18 on; 22.13-22.17 are asked to (evaluated when the recipe runs, once the
# Node to use is there).
strip_types = $(shell $(NODE) -p 'process.features.typescript ? "" : "--experimental-strip-types --disable-warning=ExperimentalWarning"')
# SVC_SCRYPT_N=1024: the suite hashes and checks hundreds of passwords, each some 160 ms of CPU at the default
# cost and 5 ms at this one (src/auth/password.ts); test/auth/password.test.ts holds the default.
test: build $(NODE_FETCH)
	$(NODE) --version
	SVC_SCRYPT_N=1024 NODE_COMPILE_CACHE=$(TEST_COMPILE_CACHE) $(NODE) $(strip_types) --test --test-concurrency=3 --test-reporter=spec $(TESTS)

# The end-to-end MCP (HTTP and stdio), Content API and CLI tests alone (CI runs them on Node 22 with
# NODE_MAJOR=22), over the same dist/ as make test. The children they spawn use process.execPath or `node`
# from PATH, so they run on that Node too.
test-e2e: build $(NODE_FETCH)
	$(NODE) --version
	SVC_SCRYPT_N=1024 NODE_COMPILE_CACHE=$(TEST_COMPILE_CACHE) $(NODE) $(strip_types) --test --test-concurrency=2 --test-reporter=spec $(E2E_TESTS)

$(NODE_HOME)/%/node_modules/.bin/node:
	npm install --prefix $(NODE_HOME)/$* --no-audit --no-fund --loglevel=error node@$*

# The absolute path of the Node the targets above use (fetched first when needed): the one to name in an
# assistant's settings and to run dist/ with.
node-path: $(NODE_FETCH)
	@command -v $(NODE)

bench: build $(NODE_FETCH)
	$(NODE) --import tsx test/bench/run.ts

interop: build $(NODE_FETCH)
	$(NODE) --import tsx test/interop/run.ts

clean:
	rm -rf dist node_modules .tmp
