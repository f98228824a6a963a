#!/usr/bin/env bash
# Frontend checks: build the labextension, unit tests (jest), lint, and the Galata UI tests
# against a real JupyterLab server with the mlemodernizer server extension and
# a scripted OpenAI-compatible server (tests/scripted_openai.py).
#
# Run from anywhere inside a clone, with the Python environment active and the
# package installed (`pip install .[test]` builds and installs the
# labextension). Needs Node.js >= 20 and the npm registry; installs Debian's
# chromium when it is missing (as root, or through sudo). Safe to run again.
#
#   bash .ci/frontend.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$(pwd)

step_name=""
step_start=0
SUMMARY=()

step() {
  finish_step
  step_name=$1
  step_start=$SECONDS
  echo
  echo "=== frontend: ${step_name}"
}

finish_step() {
  if [[ -n $step_name ]]; then
    SUMMARY+=("$(printf '%5ss  %s' $((SECONDS - step_start)) "$step_name")")
  fi
  step_name=""
}

on_error() {
  local rc=$?
  echo >&2
  echo "!!! frontend: FAILED (exit ${rc}) during: ${step_name:-setup}" >&2
  exit "$rc"
}
trap on_error ERR

die() {
  echo "!!! frontend: $*" >&2
  exit 1
}

export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CHROMIUM_PATH=${CHROMIUM_PATH:-/usr/bin/chromium}
# Playwright starts its own JupyterLab server instead of reusing one.
export CI=${CI:-1}
# Keep jest-junit's report out of the repository root.
export JEST_JUNIT_OUTPUT_DIR=${JEST_JUNIT_OUTPUT_DIR:-$ROOT/coverage}

step "check the environment"
command -v node >/dev/null || die "node is not on PATH (Node.js >= 20 is needed)"
node_major=$(node -p 'process.versions.node.split(".")[0]')
((node_major >= 20)) || die "Node.js >= 20 is needed, found $(node --version)"
command -v jlpm >/dev/null ||
  die "jlpm is not on PATH: activate the Python environment where the package is installed"
command -v jupyter >/dev/null || die "jupyter is not on PATH"
echo "python: $(command -v python) ($(python --version 2>&1))"
echo "node:   $(node --version), jlpm $(jlpm --version)"
# The UI test runs the installed package: its labextension must be there.
labextensions=$(jupyter labextension list 2>&1)
echo "$labextensions"
grep -Eq 'mlemodernizer v[^ ]+ .*enabled.*OK' <<<"$labextensions" ||
  die "the mlemodernizer labextension is not installed and enabled here (run: pip install .)"

step "chromium"
if [[ ! -x $CHROMIUM_PATH ]]; then
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "chromium is missing and we are not root"
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q chromium
fi
"$CHROMIUM_PATH" --version 2>/dev/null

step "jlpm install"
jlpm install --immutable

step "build the labextension (tsc, production bundle)"
# The UI tests load this build (see ui-tests/jupyter_server_test_config.py),
# not a copy installed earlier; the server extension is the installed one.
jlpm build:prod

step "unit tests (jest)"
jlpm test

step "lint (stylelint, prettier, eslint)"
jlpm lint:check

step "ui-tests: jlpm install"
(cd ui-tests && jlpm install --immutable)

step "ui-tests: playwright (Galata)"
(cd ui-tests && jlpm playwright test)
finish_step

echo
echo "=== frontend: all checks passed"
printf '%s\n' "${SUMMARY[@]}"
# Screenshots kept as artifacts (the panel in light and dark themes, ...);
# the HTML report in ui-tests/playwright-report shows them with each test.
shopt -s nullglob globstar
for png in ui-tests/test-results/*/*.png; do
  echo "screenshot: $png"
done
