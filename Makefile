# The one entry point. `make run` serves the site; `make test` runs every check.
# Works on a fresh machine with Python 3.11 and make: the virtualenv is created on first use.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# Local runs default to debug mode (no secret needed); production sets its own environment.
RUN_ENV := DJANGO_DEBUG=$${DJANGO_DEBUG:-true}
TEST_ENV := DJANGO_SETTINGS_MODULE=cotati_site.settings_test

.PHONY: run test install lint format migrations-check bench serve-prod clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

install: $(STAMP)

run: install
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput
	$(RUN_ENV) $(BIN)/python manage.py load_content
	$(RUN_ENV) $(BIN)/python manage.py runserver $(HOST):$(PORT)

test: install
	$(TEST_ENV) $(BIN)/python manage.py check --fail-level WARNING
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -n auto -q

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

migrations-check: install
	$(TEST_ENV) $(BIN)/python manage.py makemigrations --check --dry-run

bench: install
	$(TEST_ENV) $(BIN)/python -m bench

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .ruff_cache
