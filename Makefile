# The one entry point. `make run` serves the site; `make test` runs every check.
# Works on a fresh machine with Python 3.11 and make: the virtualenv is created on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# axe-core (tests only; see package.json), reinstalled when the lock file changes.
NODE_STAMP := node_modules/.installed-from-lock
HOST ?= 127.0.0.1
PORT ?= 8000
# Local runs default to debug mode (no secret needed); production sets its own environment.
RUN_ENV := DJANGO_DEBUG=$${DJANGO_DEBUG:-true}
TEST_ENV := DJANGO_SETTINGS_MODULE=cotati_site.settings_test

.PHONY: run test install lint format migrations-check bench loadtest serve-prod clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else \
		echo "npm is not installed: skipping axe-core, so the accessibility audit will skip (it fails when CI is set)."; \
	fi

install: $(STAMP) $(NODE_STAMP)

run: install
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput
	$(RUN_ENV) $(BIN)/python manage.py load_content
	$(RUN_ENV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(TEST_ENV) $(BIN)/python manage.py check --fail-level WARNING
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n auto -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

migrations-check: install
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run

# Engine and JSON endpoint (issue 3), then search if its benchmark exists. Needs PostgreSQL and wrk.
bench: install
	@status=0; $(BIN)/python -m tests.benchmarks.engine_bench || status=1; \
	if [ -f tests/benchmarks/search_bench.py ]; then \
		$(BIN)/python -m tests.benchmarks.search_bench || status=1; \
	fi; exit $$status

# gunicorn against a scratch PostgreSQL database, driven by wrk; see tests/load/run.py.
loadtest: install
	$(BIN)/python -m tests.load.run

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache node_modules
