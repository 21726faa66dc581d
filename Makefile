# JudgeTrain: `make run` serves the site, `make test` runs every check. Nothing else is needed.
# The interpreter .venv is built on: Debian's python3.11 where the machine has it with its
# venv module, else the PATH's python3. Debian builds its interpreter with profile-guided
# optimisation and links it statically; the python3 first on these machines' PATH (pyenv's
# default build) has neither, and the grader is faster on Debian's (`make bench` on each
# shows by how much). `PYTHON=python3 make install` in a new clone builds on the PATH's instead.
DEBIAN_PYTHON := /usr/bin/python3.11
PYTHON ?= $(shell $(DEBIAN_PYTHON) -c "import ensurepip, venv" >/dev/null 2>&1 \
	&& echo $(DEBIAN_PYTHON) || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000
# The demo's private exam pools: drawn at random on the first `make run`, in var/ (ignored by
# git). Set JUDGETRAIN_PRIVATE_POOLS to use pools kept elsewhere.
DEMO_POOLS := var/private-pools

.PHONY: run test install lint typecheck contracts pytest bench lock messages worker clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements.lock -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

run: export JUDGETRAIN_PRIVATE_POOLS := $(or $(JUDGETRAIN_PRIVATE_POOLS),$(DEMO_POOLS))
run: $(STAMP)
	mkdir -p "$$JUDGETRAIN_PRIVATE_POOLS"
	$(BIN)/python manage.py make_private_pools "$$JUDGETRAIN_PRIVATE_POOLS"
	$(BIN)/python manage.py migrate --no-input
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py load_demo_exams
	$(BIN)/python manage.py build_question_bank --per-template 3
	@# The periodic tasks (exams closed at their deadline, e-mail re-sent) run beside the
	@# server, as `celery beat` does in production; e-mailed links point at this address.
	export SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}"; \
	$(BIN)/python manage.py run_schedule & schedule=$$!; trap 'kill $$schedule' EXIT; \
	$(BIN)/python manage.py runserver $(HOST):$(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy .

contracts: $(STAMP)
	$(BIN)/lint-imports

# The suite runs in JOBS processes (pytest-xdist, a file per process at a time, or a group of
# files that share a sample: SAME_PROCESS in tests/conftest.py); the tests marked integration,
# all in tests/integration/, then run in this process alone, on the database the CI's Celery
# worker uses (pytest-django suffixes the parallel processes' databases).
JOBS ?= 2
pytest: $(STAMP)
	$(BIN)/python -m pytest -n $(JOBS) --dist loadfile -m "not integration" $(PYTEST_ARGS)
	$(BIN)/python -m pytest tests/integration -m integration $(PYTEST_ARGS)

test: lint typecheck contracts pytest

# Every script runs even when one fails (the load bench needs PostgreSQL and Redis running).
bench: $(STAMP)
	@status=0; for script in bench/bench_*.py; do $(BIN)/python $$script || status=1; done; exit $$status

worker: $(STAMP)
	$(BIN)/celery -A judgetrain worker --loglevel=INFO

# Refresh the pinned versions after editing pyproject.toml's dependencies.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade -e ".[dev]"
	$(BIN)/python -m pip freeze --exclude-editable | grep -v '^judgetrain' > requirements.lock

messages: $(STAMP)
	$(BIN)/python manage.py makemessages --all --no-obsolete --add-location=file --ignore=.venv --ignore=rulings/core
	$(BIN)/python manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) var staticfiles .mypy_cache .ruff_cache .pytest_cache
