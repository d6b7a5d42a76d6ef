# Two commands for a newcomer: `make lab` opens the course, `make test` runs every test.
# Two virtual environments, each built from pyproject.toml when missing or stale:
# .venv holds only what students need (the package and its `lab` extra), .venv-dev the
# developer tools as well (test, book, lite; PEP 735 groups), so the student lab never
# shows nbgrader's instructor UI or the JupyterLite extensions, whatever else was run.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEV    := .venv-dev
DBIN   := $(DEV)/bin
PORT   ?= 8765
# MathJax for the course website (see `book`); a prerequisite of test-unit too
MATHJAX := tools/book-assets/node_modules/mathjax/es5/tex-mml-chtml.js
ARGS   ?=

.PHONY: lab test test-unit test-notebooks test-browser execute-notebooks student-course bench student-homework fixtures clean
.PHONY: book lite test-floors test-wheel notebook release

# $(call install,VENV,ARGS): uv (one small wheel from PyPI; it downloads and unpacks in
# parallel, a first `make lab` takes a fraction of pip's time), pip when uv cannot be had.
# pip >= 25.1 reads dependency groups (--group), hence the upgrade on that path.
# uv prints what it resolved and installed (a line per package), so a first run is not
# silent; pip's fallback prints its progress too.
define install
@echo "==> Installing $(2) into $(1) (first run: about 30 s with uv, a few minutes with pip)"
$(1)/bin/python -m pip install --quiet --disable-pip-version-check uv \
	&& $(1)/bin/uv pip install --python $(1)/bin/python $(2) \
	|| { $(1)/bin/python -m pip install --quiet --upgrade pip \
	     && $(1)/bin/python -m pip install --progress-bar on $(2); }
endef

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.lab-installed: pyproject.toml dtlearn/__init__.py | $(BIN)/python
	$(call install,$(VENV),-e ".[lab]")
	@touch $@

$(DBIN)/python:
	$(PYTHON) -m venv $(DEV)

# (a variable: a comma inside $(call ...) would split the argument)
DEV_INSTALL := -e ".[lab,arff,grading,exams]" --group dev

$(DEV)/.installed: pyproject.toml dtlearn/__init__.py | $(DBIN)/python
	$(call install,$(DEV),$(DEV_INSTALL))
	@touch $@

# JupyterLab refuses to start as root (containers, CI) unless told so explicitly.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(VENV)/.lab-installed
	@echo "==> JupyterLab on the student course (notebooks/); Ctrl-C stops it"
	$(BIN)/jupyter lab notebooks/ $(ROOT_FLAG) $(ARGS)

# Debian's Chromium for the browser test (CI runs as root on a fresh machine).
CHROMIUM := /usr/bin/chromium

$(CHROMIUM):
	@echo "==> Chromium for the browser tests (apt-get; needs root)"
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	else echo "Chromium is missing: run 'sudo apt-get install chromium' once"; exit 1; fi

test: test-unit test-notebooks test-browser

# Both cores: a test file stays on one worker (the files share fixtures, not state).
XDIST := -n 2 --dist loadfile

# test_book.py builds the website (MathJax from npm) and renders its formulas in Chromium;
# test_structure.py runs tools/structure.py (a failing rule fails the run, not the other tests).
# pytest names what took long at the end (--durations): the last percent of the run is the
# slowest files (student repository, nbgrader round trips, runbook), minutes each.
test-unit: $(DEV)/.installed $(MATHJAX) $(CHROMIUM)
	@echo "==> ruff, mypy's baseline, then the unit tests and docstring examples (most of make test's 16 min on 2 idle cores)"
	$(DBIN)/ruff check .
	$(DBIN)/ruff format --check .
	$(DBIN)/python tools/type_baseline.py
	$(DBIN)/python -m pytest tests/ dtlearn/ README.md --ignore=tests/browser --doctest-modules --doctest-glob=README.md -q $(XDIST) --durations=15

# The fast tier (CONTRIBUTING.md): lint, types, docstring examples and the unit tests not
# marked slow (tests/conftest.py's SLOW: nbgrader, course, book, lite, student repository,
# wheel, big hypothesis runs), under 3 minutes on 2 idle cores. `make test` runs everything.
.PHONY: check lint types format
# `ruff format --check` passes vacuously until tools/format_tree.py (run once by the lead,
# after every branch is merged) lifts the guard in pyproject.toml's [tool.ruff.format].
lint: $(DEV)/.installed
	$(DBIN)/ruff check .
	$(DBIN)/ruff format --check .

# Format the tree ([tool.ruff.format] in pyproject.toml); a no-op before tools/format_tree.py
format: $(DEV)/.installed
	$(DBIN)/ruff format .

# mypy over dtlearn/; each file's error count may only shrink (tools/mypy-baseline.json)
types: $(DEV)/.installed
	$(DBIN)/python tools/type_baseline.py

check: lint types
	@echo "==> docstring examples and the fast unit tests (-m 'not slow')"
	$(DBIN)/python -m pytest tests/ dtlearn/ README.md --ignore=tests/browser --doctest-modules --doctest-glob=README.md -q $(XDIST) -m "not slow and not browser" --durations=10

# Strict nbval over the instructor course (lectures and homework sources) and the generated
# student course. The released homework (notebooks/homework) has no stored outputs and its
# grade cells fail with "not yet" by design; tests/test_course.py runs it instead.
test-notebooks: $(DEV)/.installed
	@echo "==> every notebook re-run and compared with its stored outputs (nbval)"
	$(DBIN)/python -m pytest $(XDIST) --nbval --nbval-current-env --nbval-sanitize-with nbval-sanitize.cfg \
		--ignore=instructor/homework/release --ignore=notebooks/homework -q --durations=10 instructor/ notebooks/

# axe-core (the accessibility audit) from npm, pinned by tests/browser/package-lock.json;
# the test injects it from node_modules (no CDN, no network at test time).
AXE := tests/browser/node_modules/axe-core/axe.min.js

$(AXE): tests/browser/package.json tests/browser/package-lock.json
	@echo "==> axe-core from npm for the accessibility audit (needs node and npm)"
	cd tests/browser && npm ci --no-audit --no-fund
	touch $(AXE)

test-browser: $(DEV)/.installed $(CHROMIUM) $(AXE)
	@echo "==> JupyterLab driven in headless Chromium"
	node --test tests/js/
	$(DBIN)/python -m pytest tests/browser -m browser -q

# Reference outputs for nbval come from a headless run, never from a clicked session
# (tools/course.py: each notebook in its own folder, no stored widget state, no timestamps).
execute-notebooks: $(DEV)/.installed
	$(DBIN)/python tools/course.py execute instructor/*.ipynb instructor/homework/source/*/*.ipynb

# The student course in notebooks/ (what `make lab`, Binder and a hub serve), generated from
# instructor/: solutions replaced by stubs, executed headless; homework released by nbgrader.
student-course: $(DEV)/.installed
	PATH="$(CURDIR)/$(DBIN):$$PATH" $(DBIN)/python tools/course.py student

# One notebook after editing it (docs/ARCHITECTURE.md, "Adding a lecture"): NB=09 (its
# number), a file name or a path in instructor/ or notebooks/; executes the instructor
# notebook, then writes and executes its student version. NB=hw2 releases an assignment.
notebook: $(DEV)/.installed
	@test -n "$(NB)" || { echo "usage: make notebook NB=09 (a number, file name or path; hw1 for homework)"; exit 1; }
	PATH="$(CURDIR)/$(DBIN):$$PATH" $(DBIN)/python tools/course.py notebook "$(NB)"

bench: $(DEV)/.installed
	$(DBIN)/python bench/run.py

fixtures: $(DEV)/.installed
	$(DBIN)/python tests/fixtures/make_weka_fixtures.py

clean:
	rm -rf $(VENV) $(DEV) $(FLOORS) build

# Course website: Jupyter Book 1 renders the student course (notebooks/) with its stored
# outputs (no execution, no network) into build/book/; see README "Publishing the course".
# MathJax 3 from npm (pinned by tools/book-assets/package-lock.json) is copied into the
# site, so formulas render with no network.
$(MATHJAX): tools/book-assets/package.json tools/book-assets/package-lock.json
	@echo "==> MathJax from npm for the course website (needs node and npm)"
	cd tools/book-assets && npm ci --no-audit --no-fund
	touch $(MATHJAX)

book: $(DEV)/.installed $(MATHJAX)
	rm -rf build/book build/book-src
	$(DBIN)/python tools/book.py build/book-src
	$(DBIN)/jupyter-book build build/book-src --path-output build/book-out --quiet
	mv build/book-out/_build/html build/book && rm -rf build/book-out

# The course as a JupyterLite site (docs/JUPYTERLITE.md) in build/lite/_output: the wheel
# and copies of notebooks/ whose outputs JupyterLite shows as stored and whose first cells
# say what to do when Pyodide cannot be downloaded, and install what the notebook imports.
lite: $(DEV)/.installed
	$(DBIN)/python tools/lite.py build/lite

# The declared lower bounds, tested: a venv with exactly the `>=` versions of pyproject.toml
# (tools/floors.py) runs the fast tier and the slow files that depend on those versions
# (tests/conftest.py's FLOORS, each with why). Test tools are not pinned. The end-to-end runs
# that build wheels, sites or venvs of their own from PyPI, and nbgrader's round trips, are
# left to `make test` (which resolves nbgrader to 0.9.6, its floor, today); the graders
# nbgrader calls run at the floors in tests/test_homework_grading.py.
FLOORS := .venv-floors
FLOORS_INSTALL := -c $(FLOORS)/constraints.txt -e ".[lab,arff,grading,exams]" --group test

$(FLOORS)/.installed: pyproject.toml tools/floors.py
	rm -rf $(FLOORS)
	$(PYTHON) -m venv $(FLOORS)
	$(PYTHON) tools/floors.py > $(FLOORS)/constraints.txt
	$(call install,$(FLOORS),$(FLOORS_INSTALL))
	@touch $@

test-floors: $(FLOORS)/.installed
	$(FLOORS)/bin/python -m pip list --format=freeze | grep -iE "^(numpy|pandas|matplotlib|ipywidgets|anywidget|pillow|traitlets|liac-arff|scikit-learn|nbgrader|nbformat)=="
	$(FLOORS)/bin/python -m pytest tests/ -q $(XDIST) --ignore=tests/browser -m "not slow or floors" --durations=10

# The built wheel, installed into a fresh venv outside the checkout, runs a smoke script.
test-wheel: $(DEV)/.installed
	$(DBIN)/python -m pytest tests/test_wheel.py -q

# Homework (nbgrader): student versions into instructor/homework/release/ (git-ignored).
# nbgrader calls `alembic` (gradebook migrations) from PATH, hence the venv's bin on PATH.
# every assignment folder of the source (as tools/course.py assignment_names finds them)
HOMEWORK := $(notdir $(patsubst %/,%,$(wildcard instructor/homework/source/*/)))

student-homework: $(DEV)/.installed
	cd instructor/homework && for hw in $(HOMEWORK); do \
		PATH="$(CURDIR)/$(DBIN):$$PATH" nbgrader generate_assignment $$hw --force --log-level=WARN || exit 1; \
	done

# The student repository that Binder, nbgitpuller and a hub serve (README "The student
# repository"): the student course, this checkout's wheel in wheels/ with the Binder files
# that install it, a student README, no instructor file. PUBLISHED=git or PUBLISHED=pypi
# names the published release instead of shipping the wheel (refused unless this checkout
# carries its tag). .venv-dev builds the wheel (hatchling). tests/test_student_repo.py.
.PHONY: student-repo
student-repo: $(DEV)/.installed
	@test -n "$(DEST)" || { echo "usage: make student-repo DEST=DIR [PUBLISHED=git|pypi] [PACKAGE_URL=https://github.com/OWNER/dtlearn] [COURSE_URL=...]"; exit 1; }
	$(DBIN)/python tools/student_repo.py "$(DEST)" $(if $(PUBLISHED),--published "$(PUBLISHED)") $(if $(PACKAGE_URL),--package-url "$(PACKAGE_URL)") $(if $(COURSE_URL),--course-url "$(COURSE_URL)")

# A release (README "Publishing a release"; tools/release.py): VERSION=X.Y.Z becomes
# __version__, the changelog's Unreleased section is dated, sdist and wheel are built into
# dist/ and checked by twine, and the annotated tag vX.Y.Z is made. Nothing is pushed.
# RELEASE_ARGS=--no-isolation builds with .venv-dev's hatchling (no download).
release: $(DEV)/.installed
	@test -n "$(VERSION)" || { echo "usage: make release VERSION=X.Y.Z"; exit 1; }
	$(DBIN)/python tools/release.py "$(VERSION)" $(RELEASE_ARGS)

# Mutation testing: every mutant of tools/mutants.toml (hand-written, then a few per module
# chosen by rule, `tools/mutate.py --generate`) against its tests, on both cores; prints the score.
.PHONY: mutate
mutate: $(DEV)/.installed
	$(DBIN)/python tools/mutate.py --jobs 2
