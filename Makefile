# Set-up commands: `make play`, `make serve` and `make test`. Each creates .venv on first use
# and installs what it needs: play the game and the full screen, serve the web extra too,
# test everything (the tools, the web extra, the tournament runner).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
SERVE_STAMP := $(VENV)/.installed-serve

.PHONY: play serve test check lint typecheck layers services unit bench golden i18n clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,tui,sim,web,rl,train]'
	touch $(STAMP) $(PLAY_STAMP) $(SERVE_STAMP)

$(PLAY_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[tui]'
	touch $(PLAY_STAMP)

$(SERVE_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[tui,web]'
	touch $(PLAY_STAMP) $(SERVE_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/phase10 play

serve: $(SERVE_STAMP)
	$(BIN)/phase10 serve

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

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
