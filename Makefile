# Two set-up commands: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test check lint typecheck layers unit bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,tui]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/phase10 play

test: check

check: lint typecheck layers unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

typecheck: $(STAMP)
	$(BIN)/mypy

layers: $(STAMP)
	$(BIN)/lint-imports

unit: $(STAMP)
	$(BIN)/pytest -n 2 -p no:cacheprovider

bench: $(STAMP)
	$(BIN)/phase10 bench

golden: $(STAMP)
	$(BIN)/python scripts/regenerate_golden.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
