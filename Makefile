# Two commands for a fresh clone: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.raguard-installed

.PHONY: setup demo test quality perf fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(PY) -m raguard demo

test: setup
	$(PY) -m pytest

quality: setup
	$(PY) benchmarks/quality.py

clean:
	rm -rf $(VENV) build dist *.egg-info
