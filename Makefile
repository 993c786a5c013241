# The README's three commands: `make lab`, `make play` and `make test`. Each creates .venv
# when missing and installs what it needs into it; nothing is installed by hand.
PYTHON ?= python3
VENV ?= .venv
PORT ?= 8866
PY := $(VENV)/bin/python
PIP := $(PY) -m pip

.PHONY: lab play test demo lint typecheck unit unit-pure compiled binder-env debian-packages chromium postgresql notebooks explore-data bench soak clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	-$(PIP) install --quiet uv

# Installs go through uv where it installed (above), with the bytecode compiled as pip does:
# the dev install took 29 s, not pip's 63 s (fresh venvs, 2026-11-29). uv reads no pip
# configuration (pip.conf's indexes and constraints): where it fails, pip installs instead.
# (Extras go in a variable: a comma in $(call)'s text would split its argument.)
install = $(PY) -m uv pip install --quiet --compile-bytecode --python $(PY) $(1) 2>/dev/null \
  || $(PIP) install --quiet $(1)

PLAY_EXTRAS = widgets,voila
DEV_EXTRAS = dev,widgets,analysis,voila,pettingzoo,openspiel,tables-postgres

# Stamp files re-run an install whenever pyproject.toml changes.
$(VENV)/.base: pyproject.toml | $(PY)
	$(call install,-e .)
	touch $@

# The play pages' Voila template (notebooks/voila.json selects it) goes where Voila looks
# for templates, in the venv (an editable install leaves data files out).
TEMPLATE := share/jupyter/voila/templates/tablegames
define install_template
	mkdir -p $(VENV)/$(TEMPLATE) && cp $(TEMPLATE)/* $(VENV)/$(TEMPLATE)/
endef

$(VENV)/.play: pyproject.toml $(wildcard $(TEMPLATE)/*) | $(PY)
	$(call install,-e ".[$(PLAY_EXTRAS)]")
	$(install_template)
	touch $@

$(VENV)/.lab: pyproject.toml | $(PY)
	$(call install,-e ".[lab]")
	touch $@

$(VENV)/.dev: pyproject.toml $(wildcard $(TEMPLATE)/*) | $(PY)
	$(call install,-e ".[$(DEV_EXTRAS)]")
	$(install_template)
	touch $@

## make play: serve the Voila play pages on 127.0.0.1 (PORT=8866 by default; Ctrl-C stops),
## each linking to its rules: the walkthroughs exported to HTML first (notebooks/play/rules/).
## POOL=N keeps N kernels per page started and rendered ahead of visitors (default: 2, from
## notebooks/voila.json; each costs about 35 MB of its own, times 9 pages): see the README.
play: $(VENV)/.play compiled
	cd notebooks && ../$(PY) -m tablegames_widgets.pages rules
	@echo "tablegames play pages: http://127.0.0.1:$(PORT)/   (Ctrl-C stops the server)"
	cd notebooks && exec ../$(VENV)/bin/voila play --port=$(PORT) $(if $(POOL),--pool_size=$(POOL))

## make lab: JupyterLab on the walkthroughs, opening Currents (127.0.0.1, PORT=8888 by
## default; Ctrl-C stops). Jupyter prints the address with its login token.
lab: PORT = 8888
lab: $(VENV)/.lab compiled
	@echo "tablegames walkthroughs in JupyterLab: http://127.0.0.1:$(PORT)/lab/tree/walkthroughs/currents.ipynb"
	@echo "(open the address Jupyter prints below, with its token; Ctrl-C stops the server)"
	cd notebooks && exec $(abspath $(VENV))/bin/jupyter lab \
	  --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) --ServerApp.port_retries=0 \
	  --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/walkthroughs/currents.ipynb \
	  $(if $(filter 0,$(shell id -u)),--allow-root)

## make demo: random bots play a game in the terminal (Currents; DEMO_ARGS="GAME --option value")
demo: $(VENV)/.base
	$(PY) -m tablegames demo $(DEMO_ARGS)

## make test: lint, type-check, then every test (unit, properties, notebooks, browser) on the
## compiled engine when it builds, then the rules, rulings, properties, golden games and
## conformance again on pure Python (make test TABLEGAMES_PURE=1: everything pure, once)
# The steps before the tests run side by side (make -j): the Debian packages download and
# install while mypy checks and mypyc compiles (each of them keeps one core busy).
# Binder's environment is built then too (binder-env), so the Binder test finds it ready.
# Then the compiled run and the pure run side by side, the pure one on the lowest priority
# (nice 19) and logged to .test-logs/unit-pure.log, printed when it ends: it takes the CPU the
# compiled run leaves idle while its browser and server tests wait (quiet machine,
# 2026-11-29: both in 798 s, v 736 + ~110 s one after the other; no test slower to fail).
test: $(VENV)/.dev
	@$(MAKE) --no-print-directory -j3 --output-sync=target lint typecheck debian-packages compiled binder-env
	@$(MAKE) --no-print-directory -j2 unit unit-pure PURE_BESIDE=1

# The compiled engine (issue 31): the modules pyproject.toml lists under [tool.tablegames],
# compiled with mypyc where a C compiler and Python's headers exist (else one line, and the
# engine stays pure Python). The build is skipped when up to date: every listed module built
# and none changed since. TABLEGAMES_PURE=1 (environment or make variable) skips it.
# The build script says itself, in one line, when this machine cannot compile.
TOOLCHAIN = $(PY) -m tablegames.compile_engine --can-compile
compiled: $(VENV)/.compiled
	@if [ -n "$(TABLEGAMES_PURE)" ] && [ "$(TABLEGAMES_PURE)" != 0 ]; then \
	  echo "TABLEGAMES_PURE=$(TABLEGAMES_PURE): the engine runs pure Python (not compiled)"; \
	else \
	  TABLEGAMES_PURE=1 $(PY) -m tablegames.compile_engine; \
	fi

# mypyc (with mypy) and setuptools, only where they can compile (the dev extra has them).
HAS_MYPYC = $(PY) -c "import mypyc, setuptools; assert int(setuptools.__version__.split('.')[0]) >= 77"
$(VENV)/.compiled: pyproject.toml | $(PY)
	@if $(TOOLCHAIN) && ! $(HAS_MYPYC) 2>/dev/null; then $(call install,-e ".[compiled]"); fi
	@touch $@

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: $(VENV)/.dev
	$(PY) -m mypy

# One worker per core; --dist loadscope keeps a notebook's cells (and a module's tests,
# which may share a server) on one worker, as nbval needs, and hands out the modules with
# the most tests first (xdist >= 3.6): the two workers of the compiled run ended within 2 s
# of each other (TABLEGAMES_TIMELINE, benchmarks/suite_timeline.py). PYTEST_WORKERS=0: one
# process.
# When the engine is compiled, unit-pure runs the engine's tests again on pure Python, and the
# property tests' seeded random games are split between the two runs (TABLEGAMES_PROPERTY_PART):
# the compiled run plays the first half, the pure run the second, so every game is checked once
# and the two engines share the cost of the whole set (tests/compiled/test_same_games.py
# shows that both engines play the same games). Elsewhere the one run plays them all.
PYTEST_WORKERS ?= auto
IS_COMPILED = $(PY) -W ignore -c "import sys, tablegames; sys.exit(not tablegames.COMPILED)"
unit: $(VENV)/.dev debian-packages compiled
	@part=1/1; if $(IS_COMPILED); then part=1/2; fi; \
	echo "every test; the property tests' random games, share $$part (TABLEGAMES_PROPERTY_PART)"; \
	TABLEGAMES_PROPERTY_PART=$$part $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadscope \
	  --durations=25 --nbval tests tablegames widgets README.md docs notebooks

# The engine's own tests again on pure Python, the reference, when the first run was compiled,
# with the second half of the property tests' random games.
PURE_TESTS = $(wildcard $(foreach g,currents fellowship poohsticks cardchess resistor,\
  tests/$(g)/test_rules.py tests/$(g)/test_rulings.py tests/$(g)/test_properties.py)) \
  tests/test_golden.py tests/test_contract.py tests/test_builder.py
# PURE_BESIDE=1 (make test): on the lowest priority, its output kept in .test-logs/ and
# printed when it ends (so that it does not interleave with the compiled run's).
LOGS = .test-logs
unit-pure: $(VENV)/.dev compiled
	@if $(IS_COMPILED); then \
	  echo "the engine's tests on pure Python (TABLEGAMES_PURE=1), property games share 2/2$(if $(PURE_BESIDE),$(comma) on low priority beside the compiled run; printed when it ends):"; \
	  $(if $(PURE_BESIDE),mkdir -p $(LOGS);) TABLEGAMES_PURE=1 TABLEGAMES_PROPERTY_PART=2/2 \
	    $(if $(PURE_BESIDE),nice -n 19) $(PY) -m pytest -n $(PYTEST_WORKERS) --dist loadscope -q \
	    $(PURE_TESTS) $(if $(PURE_BESIDE),> $(LOGS)/unit-pure.log 2>&1; s=$$?; \
	    echo "--- the pure run (.test-logs/unit-pure.log):"; cat $(LOGS)/unit-pure.log; exit $$s); \
	fi
comma := ,

# What Binder builds from binder/ alone, minus Docker: a fresh venv, binder/requirements.txt,
# then binder/postBuild (which installs this project). tests/test_binder.py runs the notebooks
# Binder opens in it; it builds its own when this one is missing or was built from other files
# (the stamp holds their hashes). Not the dev venv: nothing of it may leak in.
BINDER_ENV = .binder-env
BINDER_FILES = binder/requirements.txt binder/postBuild pyproject.toml
binder-env: $(BINDER_ENV)/.built
$(BINDER_ENV)/.built: $(BINDER_FILES)
	@rm -rf $(BINDER_ENV) && $(PYTHON) -m venv $(BINDER_ENV)
	@echo "building Binder's environment in $(BINDER_ENV) (binder/requirements.txt, then binder/postBuild)"
	@env -u VIRTUAL_ENV -u PYTHONPATH PATH="$(abspath $(BINDER_ENV))/bin:$$PATH" sh -c \
	  'pip install --quiet -r binder/requirements.txt && bash binder/postBuild' \
	  >$(BINDER_ENV)/build.log 2>&1 || { tail -40 $(BINDER_ENV)/build.log; exit 1; }
	@sha256sum $(BINDER_FILES) > $@

# Debian's packages the tests need, in one apt-get: chromium for the browser tests
# (Playwright's own download cannot work here) and the PostgreSQL server for the table tests
# (tests/tables start their own server in a temporary folder; the package's cluster is not
# used). Not root: says what is missing, and those tests skip.
HAS_CHROMIUM = command -v chromium >/dev/null 2>&1
HAS_POSTGRES = ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1
debian-packages:
	@missing=""; \
	$(HAS_CHROMIUM) || missing="chromium fonts-dejavu-core"; \
	$(HAS_POSTGRES) || missing="$$missing postgresql"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "installing Debian packages:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	else \
	  echo "missing Debian packages:$$missing (their tests will skip: sudo apt-get install$$missing)"; \
	fi
chromium postgresql: debian-packages

## make notebooks: re-execute the notebooks so their stored outputs match the code
notebooks: $(VENV)/.dev
	$(PY) notebooks/refresh.py

## make explore-data: the explore notebooks' full runs, stored with their provenance under
## notebooks/explore/data/ (a local process pool, or DASK_SCHEDULER=HOST:PORT; ONLY=NAME)
explore-data: $(VENV)/.dev
	nice -n 10 $(PY) notebooks/explore/data/run.py $(foreach n,$(ONLY),--only $(n))

# make bench: engine speed beside OpenSpiel (the openspiel extra, in .dev), then the bots;
# both engines when the compiled one builds (issue 31): ratios and MCTS iterations per second
bench: $(VENV)/.dev compiled
	$(PY) benchmarks/engine.py
	$(PY) benchmarks/bots.py --against 8e247d8
	$(PY) benchmarks/bots.py --mcts-only --engines both

## make soak: 10^5 seeded random games per game and play-page option set, every move
## checked (cards, position check, JSON, observations, replay); SOAK_ARGS="--games 1000"
soak: $(VENV)/.dev
	nice -n 19 $(PY) benchmarks/soak.py $(SOAK_ARGS)

clean:
	rm -rf $(VENV) $(BINDER_ENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	find tablegames -name '*.so' -delete
