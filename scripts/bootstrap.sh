#!/usr/bin/env bash
# Idempotent set-up for linviz, run by `make test`, `make video` and `make bench`:
#   1. Debian packages needed to build pycairo/manimpango and to write the handout
#      (apt-get, only if missing), and those the lecture pack's tests use
#      (chromium, poppler-utils: tried once; if they cannot be installed the
#      tests that need them are skipped);
#   2. a virtualenv in .venv (python from $PYTHON, default python3);
#   3. `pip install -e '.[test,cluster,voice]'` into it (cluster: Dask, for the --cluster tests;
#      voice: piper-tts and its CC0 voice, so that `make video` is narrated),
#      only when pyproject.toml changed
#      (sha256 recorded in .venv/.linviz-bootstrap-stamp) or the venv is missing/broken;
#   4. reveal.js for the offline slide decks, from the npm registry (`npm pack`, Debian's
#      npm installed first if missing), the version and integrity pinned in
#      linviz_pack/deck.py, into vendor/reveal.js (git-ignored), only when that folder
#      does not already hold that version. If it cannot be fetched: a warning, and the
#      lecture pack (and its tests) stop with a one-line error naming this script.
# A run with nothing to do prints one line and takes well under a second.
#
# Environment:
#   PYTHON                 interpreter used to create .venv (default: python3)
#   BOOTSTRAP_VERBOSE=1    show the full apt/venv output instead of only errors
#   LINVIZ_BOOTSTRAP_DEBS  TESTING ONLY: replaces the base Debian package list,
#                          e.g. LINVIZ_BOOTSTRAP_DEBS=no-such-package to simulate
#                          a missing package.
#   LINVIZ_BOOTSTRAP_TEST_DEBS  the same for the test tools' list.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

PYTHON="${PYTHON:-python3}"
VENV=.venv
STAMP="$VENV/.linviz-bootstrap-stamp"
installed_something=0

say() { printf 'bootstrap: %s\n' "$*"; }
die() { printf 'bootstrap: error: %s\n' "$*" >&2; exit 1; }

# Run a command with its output hidden; on failure show the end of it and stop.
quiet() {
    if [[ -n "${BOOTSTRAP_VERBOSE:-}" ]]; then
        "$@" || die "command failed: $*"
        return
    fi
    local log
    log="$(mktemp)"
    if ! "$@" >"$log" 2>&1; then
        tail -n 40 "$log" >&2
        rm -f "$log"
        die "command failed: $*"
    fi
    rm -f "$log"
}

# Is a Debian package installed? Without dpkg (not Debian) check what it provides.
deb_installed() {
    if command -v dpkg-query >/dev/null 2>&1; then
        [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == *" ok installed" ]]
    else
        case "$1" in
            pkg-config)      command -v pkg-config >/dev/null 2>&1 ;;
            libcairo2-dev)   pkg-config --exists cairo 2>/dev/null ;;
            libpango1.0-dev) pkg-config --exists pangocairo 2>/dev/null ;;
            fonts-dejavu-core) fc-list 2>/dev/null | grep -q DejaVuSans ;;
            chromium)        command -v chromium >/dev/null 2>&1 ;;
            poppler-utils)   command -v pdftoppm >/dev/null 2>&1 ;;
            *)               return 1 ;;
        esac
    fi
}

# ---------------------------------------------------------------- Debian packages
read -ra wanted <<<"${LINVIZ_BOOTSTRAP_DEBS-libcairo2-dev libpango1.0-dev pkg-config fonts-dejavu-core}"
command -v cc >/dev/null 2>&1 || wanted+=(build-essential)
if command -v "$PYTHON" >/dev/null 2>&1; then
    # python3-dev if Python.h is missing; python3-venv if ensurepip is missing
    # (Debian ships ensurepip in python3.X-venv, without it `python -m venv` fails).
    while IFS= read -r pkg; do
        [[ -n "$pkg" ]] && wanted+=("$pkg")
    done < <("$PYTHON" -I - <<'EOF'
import importlib.util, os, sysconfig
if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
    print("python3-dev")
if importlib.util.find_spec("ensurepip") is None:
    print("python3-venv")
EOF
)
elif [[ "$PYTHON" == python3 ]]; then
    wanted+=(python3 python3-dev python3-venv)
else
    die "PYTHON=$PYTHON not found"
fi

missing=()
for pkg in "${wanted[@]}"; do
    deb_installed "$pkg" || missing+=("$pkg")
done

# The test tools: Debian's chromium (the page is tested in it) and poppler-utils
# (handout pages to PNG). Tried once: a system without them skips those tests.
read -ra test_tools <<<"${LINVIZ_BOOTSTRAP_TEST_DEBS-chromium poppler-utils}"
TOOLS_TRIED="$VENV/.linviz-test-debs-tried"
missing_tools=()
for pkg in "${test_tools[@]}"; do
    deb_installed "$pkg" || missing_tools+=("$pkg")
done
if ((${#missing_tools[@]})) && [[ "$(cat "$TOOLS_TRIED" 2>/dev/null)" == "${missing_tools[*]}" ]]; then
    missing_tools=()  # tried before and failed: do not try on every run
fi

apt_sudo() {
    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null 2>&1 || return 1
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive "$@"
}

if ((${#missing[@]})); then
    if ! command -v apt-get >/dev/null 2>&1; then
        die "apt-get not found; install these packages (or your system's equivalents) by hand, then re-run: ${missing[*]}"
    fi
    sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null 2>&1 \
            || die "need root to install Debian packages (${missing[*]}): re-run as root, or install sudo"
        sudo=(sudo)
    fi
    say "installing Debian packages: ${missing[*]}"
    quiet "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
    quiet "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
    installed_something=1
fi

if ((${#missing_tools[@]})); then
    if command -v apt-get >/dev/null 2>&1 \
            && { [[ "$(id -u)" == 0 ]] || command -v sudo >/dev/null 2>&1; }; then
        say "installing the test tools: ${missing_tools[*]}"
        log="$(mktemp)"
        if apt_sudo apt-get update >"$log" 2>&1 \
                && apt_sudo apt-get install -y --no-install-recommends "${missing_tools[@]}" \
                    >>"$log" 2>&1; then
            installed_something=1
        else
            tail -n 5 "$log" >&2
            say "warning: could not install ${missing_tools[*]}; the tests that need them will be skipped"
            mkdir -p "$VENV" && printf '%s\n' "${missing_tools[*]}" >"$TOOLS_TRIED"
        fi
        rm -f "$log"
    else
        say "warning: no apt-get (or no root/sudo) to install ${missing_tools[*]}; the tests that need them will be skipped"
    fi
fi

# ---------------------------------------------------------------- virtualenv + package
# the editable install maps the top-level packages it found: a new one needs a new install
hash="$( { cat pyproject.toml; ls -d -- */__init__.py; } | sha256sum | cut -d' ' -f1)"
need_install=0

if ! "$VENV/bin/python" -I -c 'import pip' >/dev/null 2>&1; then
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
        || die "$PYTHON is older than Python 3.10; set PYTHON=python3.X to a newer one"
    say "creating virtualenv $VENV ($("$PYTHON" --version 2>&1))"
    rm -rf "$VENV"
    quiet "$PYTHON" -m venv "$VENV"
    need_install=1
elif [[ "$(cat "$STAMP" 2>/dev/null)" != "$hash" ]]; then
    need_install=1
elif ! "$VENV/bin/python" -I -c 'import importlib.metadata as m; m.distribution("linviz")' \
        >/dev/null 2>&1; then
    need_install=1
fi

if ((need_install)); then
    say "installing linviz and its dependencies into $VENV (pip install -e '.[test,cluster,voice]')"
    rm -f "$STAMP"
    "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e '.[test,cluster,voice]'
    printf '%s\n' "$hash" >"$STAMP"
    installed_something=1
fi

# ---------------------------------------------------------------- reveal.js (slide decks)
# Version and integrity are read from linviz_pack/deck.py, the one place they are pinned.
read -r REVEAL_VERSION REVEAL_INTEGRITY < <("$VENV/bin/python" -c \
    'from linviz_pack.deck import REVEAL_VERSION as v, REVEAL_INTEGRITY as i; print(v, i)') || true
REVEAL_DIR=vendor/reveal.js
[[ -n "$REVEAL_VERSION" && -n "$REVEAL_INTEGRITY" ]] \
    || die "cannot read REVEAL_VERSION/REVEAL_INTEGRITY from linviz_pack/deck.py"
reveal_installed() {
    [[ "$(sed -n 's/^[[:space:]]*"version":[[:space:]]*"\([^"]*\)".*/\1/p' "$REVEAL_DIR/package.json" 2>/dev/null \
          | head -n 1)" == "$REVEAL_VERSION" ]]
}
# Prints why on failure, one line.
fetch_reveal() {
    local tmp got
    tmp="$(mktemp -d)"
    # npm pack: the package's tarball alone (reveal.js has no dependencies), checked by npm
    # against the registry's integrity; then against ours, so a changed release is refused.
    if ! (cd "$tmp" && npm pack --silent --json "reveal.js@$REVEAL_VERSION" >pack.json 2>pack.log); then
        say "npm pack reveal.js@$REVEAL_VERSION failed: $(tail -n 1 "$tmp/pack.log")"
    elif got="$(sed -n 's/^ *"integrity": *"\([^"]*\)".*/\1/p' "$tmp/pack.json")"; \
            [[ "$got" != "$REVEAL_INTEGRITY" ]]; then
        say "reveal.js@$REVEAL_VERSION from the registry has integrity '$got', linviz_pack/deck.py pins '$REVEAL_INTEGRITY'"
    elif tar -xzf "$tmp/reveal.js-$REVEAL_VERSION.tgz" -C "$tmp"; then
        rm -rf "$REVEAL_DIR"
        mkdir -p "$(dirname "$REVEAL_DIR")"
        mv "$tmp/package" "$REVEAL_DIR"
        rm -rf "$tmp"
        return 0
    fi
    rm -rf "$tmp"
    return 1
}
if ! reveal_installed; then
    if ! command -v npm >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
        say "installing Debian's npm (to fetch reveal.js)"
        log="$(mktemp)"
        { apt_sudo apt-get update && apt_sudo apt-get install -y --no-install-recommends npm; } \
            >"$log" 2>&1 || tail -n 5 "$log" >&2
        rm -f "$log"
    fi
    say "fetching reveal.js $REVEAL_VERSION from the npm registry into $REVEAL_DIR"
    if command -v npm >/dev/null 2>&1 && fetch_reveal; then
        installed_something=1
    else
        command -v npm >/dev/null 2>&1 || say "npm is not installed, and could not be"
        say "warning: reveal.js $REVEAL_VERSION is not installed; the lecture pack's slide decks and their tests will fail until it is"
    fi
fi

if ((installed_something)); then
    say "done"
else
    say "everything already installed"
fi
