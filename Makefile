# The one entry point. `make run` serves the site; `make test` runs every check.
# Works on a fresh machine with Python 3.11 and make: the virtualenv is created on first use.

# The interpreter must have the fix for CVE-2024-7592 (a cookie parser quadratic in its input):
# scripts/check_python.py decides by timing the parser, not by the version string (Debian's
# 3.11.2 has the fix backported; pyenv's 3.11.7 and 3.12.1 do not). Without PYTHON=, the first
# candidate that passes is used; an explicit PYTHON= that fails is refused.
CHECK_PYTHON := scripts/check_python.py
PYTHON_CANDIDATES := /usr/bin/python3.11 python3.13 python3.11 python3
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell for p in $(PYTHON_CANDIDATES); do \
	if command -v $$p >/dev/null 2>&1 && $$p $(CHECK_PYTHON) --quiet >/dev/null 2>&1; then \
		command -v $$p; break; fi; done)
endif
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# axe-core (tests only; see package.json), reinstalled when the lock file changes.
NODE_STAMP := node_modules/.installed-from-lock
HOST ?= 127.0.0.1
PORT ?= 8000
# Local runs default to debug mode (no secret needed); production sets its own environment.
RUN_ENV := DJANGO_DEBUG=$${DJANGO_DEBUG:-true} DJANGO_SITE_HOST=$${DJANGO_SITE_HOST:-127.0.0.1:$(PORT)}
TEST_ENV := DJANGO_SETTINGS_MODULE=cotati_site.settings_test

.PHONY: run test install lint format migrations-check bench bench-felt loadtest serve-prod clean python-check messages makemessages lock

# Refuses a vulnerable interpreter, and a .venv that one built (its python is that interpreter).
python-check:
	@if [ -z "$(PYTHON)" ]; then \
		echo "No Python with the CVE-2024-7592 fix among: $(PYTHON_CANDIDATES)." >&2; \
		echo "Install one (Debian's python3.11, or CPython 3.11.10+/3.12.6+/3.13) and run make PYTHON=/path/to/python." >&2; \
		exit 1; \
	fi
	@$(PYTHON) $(CHECK_PYTHON) --quiet || { echo "Refusing PYTHON=$(PYTHON)." >&2; exit 1; }
	@if [ -x $(BIN)/python ] && ! $(BIN)/python $(CHECK_PYTHON) --quiet; then \
		echo "$(VENV) was built by a vulnerable interpreter: remove it (rm -rf $(VENV)) and run make again to rebuild it with $(PYTHON)." >&2; \
		exit 1; \
	fi

$(BIN)/python: | python-check
	$(PYTHON) -m venv $(VENV)

# requirements-dev.txt holds every package (the site's, the tools' and all their dependencies)
# at one version with the hashes of its files, so nothing else can be installed: a changed
# or substituted file is refused. The first line brings the venv's bundled pip up to one that
# reads today's packages; the second then pins pip too.
$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes -r requirements-dev.txt
	touch $(STAMP)

# After editing requirements.in or requirements-dev.in: resolves them again and writes the
# hashed requirements.txt and requirements-dev.txt (pip-tools, itself in requirements-dev.in).
PIP_COMPILE := $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-index-url --no-emit-find-links
lock: install
	$(PIP_COMPILE) --output-file requirements.txt requirements.in
	$(PIP_COMPILE) --output-file requirements-dev.txt requirements-dev.in

$(NODE_STAMP): package.json package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP); \
	else \
		echo "npm is not installed: skipping axe-core, so the accessibility audit will skip (it fails when CI is set)."; \
	fi

# The translations (locale/<language>/LC_MESSAGES/django.po, kept in git) compiled to the .mo
# files Django reads, which git ignores: rebuilt whenever a .po changes. Babel compiles them in
# Python, so no system gettext is needed; an empty msgstr falls back to English, a fuzzy entry is
# left out, and a placeholder that does not match its English fails the build.
MO_FILES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po))

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(STAMP)
	$(BIN)/pybabel --quiet compile --domain django --directory locale --locale $*

messages: $(MO_FILES)

# For developers after changing a template's or the code's words: brings the .po files up to
# date with them (needs GNU gettext's xgettext and msgmerge: apt-get install gettext).
makemessages: install
	$(TEST_ENV) $(BIN)/python manage.py makemessages --all --no-obsolete --no-wrap --add-location file \
		--ignore '.venv/*' --ignore 'node_modules/*' --ignore 'artifacts/*' --ignore 'staticfiles/*' --ignore 'tests/*'

install: python-check $(STAMP) $(NODE_STAMP) messages

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

# What people feel (issue 28): the verdict's time after the last key, in Chromium on a phone
# slowed 4x on slow 4G, against gunicorn with production settings; see tests/benchmarks/felt_bench.py.
bench-felt: install
	$(BIN)/python -m tests.benchmarks.felt_bench

# gunicorn against a scratch PostgreSQL database, driven by wrk; see tests/load/run.py.
loadtest: install
	$(BIN)/python -m tests.load.run

# Production serving with the checked-in gunicorn.conf.py (request-line and header limits,
# timeouts). Needs the production environment (DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, ...)
# and collected static files (manage.py collectstatic --noinput).
serve-prod: install
	$(BIN)/gunicorn --config gunicorn.conf.py cotati_site.wsgi

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache node_modules $(MO_FILES)
