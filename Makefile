# Two commands for a newcomer: `make lab` opens the course, `make test` runs every test.
# Each builds its own virtual environment (.venv) from pyproject.toml when missing or stale.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8765
ARGS   ?=

.PHONY: lab test test-unit test-notebooks test-browser bench lint student-homework fixtures clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lab]"
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lab,test]"
	@touch $@ $(VENV)/.lab-installed

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab notebooks/ $(ARGS)

test: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/python -m pytest tests/ dtlearn/ --doctest-modules -q
	$(BIN)/python -m pytest --nbval --nbval-current-env --nbval-sanitize-with nbval-sanitize.cfg -p no:randomly -q notebooks/
	$(BIN)/python -m pytest tests/browser -m browser -q

bench: $(VENV)/.test-installed
	$(BIN)/python bench/run.py

fixtures: $(VENV)/.test-installed
	$(BIN)/python tests/fixtures/make_weka_fixtures.py

clean:
	rm -rf $(VENV) build
