# Set-up commands: `make play`, `make serve` and `make test`. Each creates .venv on first use
# and installs, from the committed lock files in requirements/, exactly the versions the tests
# passed with: play the game and the full screen, serve the web extra too, test everything
# (the tools, the web extra, the tournament runner, the learning environments).
# `make lock` writes the lock files again after pyproject.toml changed; `make upgrade` moves
# every dependency to its newest release (docs/decisions/0012-locked-dependencies.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCK := requirements
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
SERVE_STAMP := $(VENV)/.installed-serve

.PHONY: play serve test check lint typecheck layers services unit bench golden i18n lock upgrade clean

# pip installs the lock with every hash checked and nothing else (--no-deps: the lock is the
# whole set), then the project itself, editable, built by the locked hatchling.
define install
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)/$(1).txt
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
endef

$(STAMP): $(LOCK)/test.txt pyproject.toml
	$(call install,test)
	touch $(STAMP) $(PLAY_STAMP) $(SERVE_STAMP)

$(PLAY_STAMP): $(LOCK)/play.txt pyproject.toml
	$(call install,play)
	touch $(PLAY_STAMP)

$(SERVE_STAMP): $(LOCK)/serve.txt pyproject.toml
	$(call install,serve)
	touch $(PLAY_STAMP) $(SERVE_STAMP)

# ARGS passes options on: make serve ARGS="--port 8001", make play ARGS="--plain".
play: $(PLAY_STAMP)
	$(BIN)/phase10 play $(ARGS)

serve: $(SERVE_STAMP)
	$(BIN)/phase10 serve $(ARGS)

test: check

check: lint typecheck layers unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

layers: $(STAMP)
	$(BIN)/lint-imports

# What the web tests need outside Python: Chromium and the PostgreSQL server binaries, from apt.
services:
	bash scripts/test-services.sh

unit: $(STAMP) services
	$(BIN)/pytest -n 2 -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/phase10 bench

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

# The message catalogs (docs/decisions/0006-committed-mo-catalogs.md): extract every marked
# string of src/phase10 into the template, merge it into the fr/de/nl .po files (new strings
# arrive empty: translate them, the tests in tests/i18n insist), then compile the .mo files,
# which are committed so a fresh clone plays in every language without this step.
LOCALE := src/phase10/locale
i18n: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k N_ --no-location --sort-output --omit-header \
		-o $(LOCALE)/phase10.pot src/phase10
	$(BIN)/pybabel update -i $(LOCALE)/phase10.pot -d $(LOCALE) -D phase10 \
		--no-fuzzy-matching --ignore-obsolete
	$(BIN)/pybabel compile -d $(LOCALE) -D phase10 --statistics

# The lock files, written by uv for every platform at once (Linux x86-64 and aarch64, macOS;
# Python 3.11 and newer) with the hash of every file. test.txt holds every extra; play.txt
# and serve.txt take their versions from it. `make lock` keeps every pinned version it can
# (after a dependency was added or changed in pyproject.toml); `make upgrade` takes the newest
# release of everything. Review the diff, run `make test`, commit requirements/ with the change.
# PyTorch's CPU build (requirements/torch-cpu.txt) comes from TORCH_CPU: pip's own
# find-links where it is set, else PyTorch's CPU index.
TORCH_CPU ?= $(or $(PIP_FIND_LINKS),https://download.pytorch.org/whl/cpu/torch/)
COMPILE = $(BIN)/uv pip compile --quiet --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command 'make lock' --override $(LOCK)/torch-cpu.txt --find-links $(TORCH_CPU) \
	pyproject.toml $(LOCK)/build.in
lock: $(STAMP)
	$(COMPILE) $(UPGRADE) --all-extras -o $(LOCK)/test.txt
	$(COMPILE) --extra tui --extra web -c $(LOCK)/test.txt -o $(LOCK)/serve.txt
	$(COMPILE) --extra tui -c $(LOCK)/test.txt -o $(LOCK)/play.txt

upgrade:
	$(MAKE) lock UPGRADE=--upgrade

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
