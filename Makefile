# The README's two commands: `make play` and `make test`. Both create .venv when missing
# and install what they need into it; nothing is installed by hand.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip

.PHONY: play test lint typecheck unit bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Stamp files re-run the install whenever pyproject.toml changes.
$(VENV)/.base: pyproject.toml | $(PY)
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.dev: pyproject.toml | $(PY)
	$(PIP) install --quiet -e ".[dev]"
	touch $@

play: $(VENV)/.base
	$(PY) -m tablegames demo $(DEMO_ARGS)

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(VENV)/.dev
	$(PY) -m mypy

unit: $(VENV)/.dev
	$(PY) -m pytest tests tablegames README.md docs

test: lint typecheck unit

bench: $(VENV)/.base
	$(PY) benchmarks/engine.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
