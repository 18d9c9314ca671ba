# Two commands for a fresh clone: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.raguard-installed

.PHONY: setup demo test quality perf fuzz clean browser-deps

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	$(PY) -m raguard demo

test: setup browser-deps
	$(PY) -m pytest

# Headless Chromium (Debian package) for the HTML report's browser test. Does nothing when it is
# installed; installs it quietly when running as root; else says what to install.
CHROMIUM ?= /usr/bin/chromium
browser-deps:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "installing chromium (Debian package) for the browser test..."; \
	  log=$$(mktemp); \
	  if apt-get update -qq >"$$log" 2>&1 && \
	     DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >>"$$log" 2>&1; then rm -f "$$log"; \
	  else cat "$$log" >&2; rm -f "$$log"; echo "error: apt-get install chromium failed" >&2; exit 1; fi; \
	else echo "warning: $(CHROMIUM) is missing and this is not root: run 'sudo apt-get install chromium'" \
	  "or the browser test fails" >&2; fi

quality: setup
	$(PY) benchmarks/quality.py

# Latency against the spaCy floor, throughput, document size, memory, cold start (several
# minutes; PERF_ARGS=--quick for about one).
perf: setup
	$(PY) benchmarks/perf.py $(PERF_ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info
