# Two commands for a newcomer: `make lab` opens the course, `make test` runs every test.
# Each builds its own virtual environment (.venv) from pyproject.toml when missing or stale.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8765
ARGS   ?=

.PHONY: lab test test-unit test-notebooks test-browser execute-notebooks student-course bench student-homework fixtures clean
.PHONY: book test-floors test-wheel

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lab]"
	@touch $@

$(VENV)/.test-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lab,test,book,lite]"
	@touch $@ $(VENV)/.lab-installed

# JupyterLab refuses to start as root (containers, CI) unless told so explicitly.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab notebooks/ $(ROOT_FLAG) $(ARGS)

# Debian's Chromium for the browser test (CI runs as root on a fresh machine).
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	else echo "Chromium is missing: run 'sudo apt-get install chromium' once"; exit 1; fi

test: test-unit test-notebooks test-browser

test-unit: $(VENV)/.test-installed
	$(BIN)/ruff check .
	$(BIN)/python -m pytest tests/ dtlearn/ README.md --ignore=tests/browser --doctest-modules --doctest-glob=README.md -q

# Strict nbval over the instructor course (lectures and homework sources) and the generated
# student course. The released homework (notebooks/homework) has no stored outputs and its
# grade cells fail with "not yet" by design; tests/test_course.py runs it instead.
test-notebooks: $(VENV)/.test-installed
	$(BIN)/python -m pytest --nbval --nbval-current-env --nbval-sanitize-with nbval-sanitize.cfg \
		--ignore=instructor/homework/release --ignore=notebooks/homework -q instructor/ notebooks/

# axe-core (the accessibility audit) from npm, pinned by tests/browser/package-lock.json;
# the test injects it from node_modules (no CDN, no network at test time).
AXE := tests/browser/node_modules/axe-core/axe.min.js

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	cd tests/browser && npm ci --no-audit --no-fund
	touch $(AXE)

test-browser: $(VENV)/.test-installed $(CHROMIUM) $(AXE)
	$(BIN)/python -m pytest tests/browser -m browser -q

# Reference outputs for nbval come from a headless run, never from a clicked session
# (tools/course.py: each notebook in its own folder, no stored widget state, no timestamps).
execute-notebooks: $(VENV)/.test-installed
	$(BIN)/python tools/course.py execute instructor/*.ipynb instructor/homework/source/*/*.ipynb

# The student course in notebooks/ (what `make lab`, Binder and a hub serve), generated from
# instructor/: solutions replaced by stubs, executed headless; homework released by nbgrader.
student-course: $(VENV)/.test-installed
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python tools/course.py student

bench: $(VENV)/.test-installed
	$(BIN)/python bench/run.py

fixtures: $(VENV)/.test-installed
	$(BIN)/python tests/fixtures/make_weka_fixtures.py

clean:
	rm -rf $(VENV) $(FLOORS) build

# Course website: Jupyter Book 1 renders the student course (notebooks/) with its stored
# outputs (no execution, no network) into build/book/; see README "Publishing the course".
book: $(VENV)/.test-installed
	rm -rf build/book build/book-src
	$(BIN)/python tools/book.py build/book-src
	$(BIN)/jupyter-book build build/book-src --path-output build/book-out --quiet
	mv build/book-out/_build/html build/book && rm -rf build/book-out

# The declared lower bounds, tested: a venv with exactly the `>=` versions of pyproject.toml
# (tools/floors.py) runs the unit tests. Test tools are not pinned.
FLOORS := .venv-floors

$(FLOORS)/.installed: pyproject.toml tools/floors.py
	rm -rf $(FLOORS)
	$(PYTHON) -m venv $(FLOORS)
	$(FLOORS)/bin/python -m pip install --quiet --upgrade pip
	$(PYTHON) tools/floors.py > $(FLOORS)/constraints.txt
	$(FLOORS)/bin/python -m pip install --quiet -c $(FLOORS)/constraints.txt -e ".[test]"
	@touch $@

test-floors: $(FLOORS)/.installed
	$(FLOORS)/bin/python -m pip list --format=freeze | grep -iE "^(numpy|pandas|matplotlib|ipywidgets|anywidget|liac-arff|scikit-learn)=="
	$(FLOORS)/bin/python -m pytest tests/ -q --ignore=tests/browser --ignore=tests/test_book.py \
		--ignore=tests/test_static_export.py --ignore=tests/test_wheel.py \
		--ignore=tests/test_jupyterlite.py

# The built wheel, installed into a fresh venv outside the checkout, runs a smoke script.
test-wheel: $(VENV)/.test-installed
	$(BIN)/python -m pytest tests/test_wheel.py -q

# Homework (nbgrader): student versions into instructor/homework/release/ (git-ignored).
# nbgrader calls `alembic` (gradebook migrations) from PATH, hence the venv's bin on PATH.
HOMEWORK := hw1 hw2 hw3

student-homework: $(VENV)/.test-installed
	cd instructor/homework && for hw in $(HOMEWORK); do \
		PATH="$(CURDIR)/$(BIN):$$PATH" nbgrader generate_assignment $$hw --force --log-level=WARN || exit 1; \
	done

# The student repository that Binder, nbgitpuller and a hub serve (README "On Binder"):
# the student course, Binder files installing this release, a student README, no
# instructor file. Needs only the lab environment (nbformat). tests/test_student_repo.py.
.PHONY: student-repo
student-repo: $(VENV)/.lab-installed
	@test -n "$(DEST)" || { echo "usage: make student-repo DEST=DIR [PACKAGE_URL=https://github.com/OWNER/dtlearn] [COURSE_URL=...]"; exit 1; }
	$(BIN)/python tools/student_repo.py "$(DEST)" $(if $(PACKAGE_URL),--package-url "$(PACKAGE_URL)") $(if $(COURSE_URL),--course-url "$(COURSE_URL)")
