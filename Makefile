# Gauntlet: `make demo` runs the platform with demo data; `make test` runs the whole suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
HOST   ?= 127.0.0.1
PORT   ?= 8000
export PYTHONPATH := $(CURDIR):$(CURDIR)/platform

# The distributed pass of the test suite (PostgreSQL + Redis); override to point elsewhere.
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/gauntlet
TEST_BROKER_URL   ?= redis://127.0.0.1:6379/14
TEST_LAYER_URL    ?= redis://127.0.0.1:6379/15
PYTEST_ARGS       ?=
# The services pass waits on PostgreSQL, Redis, Celery workers, daphne and chromium much of the
# time: one more test process than cores keeps the cores busy (CI gives it -n 3 on 2 cores).
SERVICES_PYTEST_ARGS ?= $(PYTEST_ARGS)

.PHONY: demo serve install browser test test-embedded test-services lint format bench clean

# The install compiles the engines' hot modules with mypyc (setup.py, engines/native.py); after an
# edit to one of them, any target here compiles them again (engines/native.py says which build
# runs: an edited module makes its engine run from its sources until then).
NATIVE_STAMP   := $(VENV)/.native-stamp
NATIVE_SOURCES := setup.py engines/native.py $(shell python3 -c "import runpy; \
	print(*(p for b in runpy.run_path('engines/native.py')['BUILDS'] for p in b.sources()))")

# uv (from PyPI, into the venv) installs the dependencies: a fresh install takes ~10 s, not ~50.
UV := $(PY) -m uv pip install --quiet --python $(PY) --compile-bytecode

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check "uv>=0.9,<1"
	$(UV) -e ".[dev]"
	touch $(STAMP) $(NATIVE_STAMP)

$(NATIVE_STAMP): $(STAMP) $(NATIVE_SOURCES)
	$(UV) --no-deps --reinstall-package gauntlet -e .
	touch $(NATIVE_STAMP)

install: $(STAMP) $(NATIVE_STAMP)

demo: $(STAMP) $(NATIVE_STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) manage.py load_demo
	@echo "Gauntlet is at http://$(HOST):$(PORT)/  (API docs: /api/docs/, admin: /admin/) - Ctrl-C stops it"
	$(PY) -m daphne -b $(HOST) -p $(PORT) gauntlet.asgi:application

serve: $(STAMP) $(NATIVE_STAMP)
	$(PY) -m daphne -b $(HOST) -p $(PORT) gauntlet.asgi:application

# Two passes: the embedded default (SQLite, in-process tasks, in-memory channel layer), then
# real services (PostgreSQL, Redis broker and channel layer, real Celery workers).
test: test-embedded test-services

# The browser tests drive Debian's chromium through Playwright (which never downloads a browser).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
		else \
			echo "The browser tests need /usr/bin/chromium: sudo apt-get install chromium" >&2; exit 1; \
		fi; \
	fi

test-embedded: $(STAMP) $(NATIVE_STAMP) browser
	env -u DATABASE_URL -u CELERY_BROKER_URL -u CHANNEL_LAYER_URL GAUNTLET_VAR_DIR=$(CURDIR)/var/test \
		$(PY) -m pytest $(PYTEST_ARGS)

test-services: $(STAMP) $(NATIVE_STAMP)
	@if $(PY) .ci/services.py check "$(TEST_DATABASE_URL)" "$(TEST_BROKER_URL)" "$(TEST_LAYER_URL)"; then \
		DATABASE_URL=$(TEST_DATABASE_URL) CELERY_BROKER_URL=$(TEST_BROKER_URL) \
		CHANNEL_LAYER_URL=$(TEST_LAYER_URL) GAUNTLET_VAR_DIR=$(CURDIR)/var/test \
		$(PY) -m pytest --create-db $(SERVICES_PYTEST_ARGS); \
	elif [ "$$CI" = "true" ]; then \
		echo "CI=true and PostgreSQL/Redis are not reachable: the services pass cannot run" >&2; exit 1; \
	else \
		echo "NOTE: PostgreSQL/Redis not reachable; the services pass did not run (CI runs it)."; \
	fi

# ruff, then the layers of docs/architecture.md (import-linter's contracts in pyproject.toml).
lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

bench: $(STAMP) $(NATIVE_STAMP)
	$(PY) bench/engines.py --quick

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .import_linter_cache build
	rm -f *.so engines/*/*.so engines/*/native-build.json
