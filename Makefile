# linviz — `make video` and `make test` do all the set-up themselves:
# scripts/bootstrap.sh installs what is missing (Debian packages, .venv, the
# package) and nothing when everything is already there.
# Use another interpreter for the venv with e.g. `make test PYTHON=python3.12`.

VENV := .venv
PY   := $(VENV)/bin/python

.PHONY: help bootstrap test video bench control-frames clean distclean

help:
	@echo "make video      build the lecture pack into media/ (video, page, handout, slides)"
	@echo "make test       run the test suite"
	@echo "make bench      run benchmarks/bench_*.py"
	@echo "make control-frames [SCENES='perceptron margin']"
	@echo "                rewrite the picture tests' control frames; review media/control-review/"
	@echo "make bootstrap  only do the set-up (Debian packages, .venv, package)"
	@echo "make clean      remove media/ and caches (keeps .venv)"
	@echo "make distclean  clean, and remove .venv too"

bootstrap:
	@bash scripts/bootstrap.sh

test: bootstrap
	$(PY) -m pytest

video: bootstrap
	$(PY) render.py lecture all -q l --out media --jobs 2

bench: bootstrap
	@$(PY) -c 'import importlib.util as u, sys; sys.exit(u.find_spec("sklearn") is None)' || $(VENV)/bin/pip install -q -e '.[bench]'
	@set -e; for f in benchmarks/bench_*.py; do \
	    [ -e "$$f" ] || { echo "no benchmarks/bench_*.py found"; break; }; \
	    echo "== $$f"; \
	    $(PY) "$$f"; \
	done

# a deliberate act: the new frames must be looked at before they are committed
control-frames: bootstrap
	$(PY) scripts/regenerate_control_frames.py $(SCENES)

clean:
	rm -rf media .pytest_cache .hypothesis build *.egg-info
	find . -path ./.venv -prune -o -path ./.git -prune -o \
	    -type d -name __pycache__ -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
