# Two entry points for a fresh clone: `make serve` and `make test`. The venv is created on demand.
# Install chatter goes to stderr: on stdio, stdout belongs to the MCP protocol.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
ROOT ?= .
STAMP := $(VENV)/.installed-stamp

.PHONY: serve test lint bench install

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV) >&2
	@$(PY) -m pip install --quiet --upgrade pip >&2
	@$(PY) -m pip install --quiet -e '.[test,postgres]' >&2
	@touch $(STAMP)

install: $(STAMP)

serve: $(STAMP)
	@exec $(VENV)/bin/contexteer serve --root $(ROOT)

test: $(STAMP)
	$(VENV)/bin/ruff check contexteer tests bench
	$(VENV)/bin/mypy contexteer
	$(PY) -m pytest -q -p no:cacheprovider

lint: $(STAMP)
	$(VENV)/bin/ruff check contexteer tests bench

bench: $(STAMP)
	$(PY) bench/indexing.py && $(PY) bench/latency.py && $(PY) bench/shaping.py && $(PY) bench/memory.py && $(PY) bench/collect.py
