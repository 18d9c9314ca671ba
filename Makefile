# Two commands for a fresh clone: `make demo` and `make test`. The `ray` extra (Ray Data, ~500 MB)
# is installed too: tests/test_ray.py runs the cluster audit on a local Ray instance.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.raguard-installed

.PHONY: setup demo test quality perf fuzz clean browser-deps docs docs-serve

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[dev,ray]"
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

# The documentation site (mkdocs-material, in the dev extra): built strictly into build/site, as
# tests/test_docs.py does; docs-serve rebuilds on change and serves it on localhost:8000.
docs: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

docs-serve: setup
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs serve --strict

quality: setup
	$(PY) benchmarks/quality.py

# Latency against the spaCy floor, throughput, document size, memory, cold start (several
# minutes; PERF_ARGS=--quick for about one).
perf: setup
	$(PY) benchmarks/perf.py $(PERF_ARGS)

# Coverage-guided fuzzing of verify() (atheris). Stops by itself after FUZZ_SECONDS or FUZZ_RUNS
# executions, whichever comes first; new inputs go to build/fuzz/corpus (fuzz/corpus is the
# committed seed), crashes to build/fuzz/artifacts/.
FUZZ_SECONDS ?= 600
FUZZ_RUNS ?= 1000000
fuzz: setup
	@$(PY) -c "import atheris" 2>/dev/null || $(PY) -m pip install --quiet -e ".[fuzz]"
	@$(PY) -c "import atheris" 2>/dev/null || { echo "error: atheris is not installed: it has wheels for" \
	  "x86_64 only (this is $$(uname -m)); build it with clang, see https://github.com/google/atheris" >&2; exit 1; }
	mkdir -p build/fuzz/corpus build/fuzz/artifacts
	$(PY) fuzz/fuzz_verify.py build/fuzz/corpus fuzz/corpus -dict=fuzz/verify.dict \
	  -max_total_time=$(FUZZ_SECONDS) -runs=$(FUZZ_RUNS) -max_len=8192 -timeout=60 -rss_limit_mb=4096 \
	  -artifact_prefix=build/fuzz/artifacts/ -print_final_stats=1

clean:
	rm -rf $(VENV) build dist *.egg-info
