#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs what is missing, builds, runs.
#   ./build.sh example   build, then run the main jobs on the bundled examples
#   ./build.sh test      build, then run the default test suite (slow checks excluded)
#   ./build.sh slow      build, then run only the long checks (CTest label "slow")
#   ./build.sh sanitize  build with AddressSanitizer + UBSan in build-asan/, run the tests
#   ./build.sh browser   also install chromium, Node.js and playwright-core, run the browser test
set -euo pipefail
cd "$(dirname "$0")"

packages=(g++ cmake make libboost-program-options-dev nlohmann-json3-dev libtbb-dev catch2)
jobs=$(nproc)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "Installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

build() {  # build DIR [cmake args...]
  local dir=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
}

install_missing
case "${1:-test}" in
  example)
    build build
    ./examples.sh
    ;;
  test)
    build build
    ctest --test-dir build -LE slow --output-on-failure -j "$jobs"
    ;;
  slow)
    build build
    ctest --test-dir build -L slow --output-on-failure
    ;;
  sanitize)
    # Assertions stay on (no -DNDEBUG) so Rules::is_valid and friends are checked too.
    build build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
      -DREVERSI_SANITIZE=ON
    # REVERSI_TEST_SCALE=10: the sweeping random tests on a tenth of their positions.
    REVERSI_TEST_SCALE=10 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-asan -LE slow --output-on-failure -j "$jobs"
    ;;
  browser)
    # Debian's chromium and Node.js; playwright-core from npm drives that chromium (it never
    # downloads a browser of its own).
    packages=(chromium nodejs npm)
    command -v node >/dev/null && command -v npm >/dev/null && packages=(chromium)
    install_missing
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests/browser --no-audit --no-fund
    build build -DREVERSI_BROWSER_TESTS=ON
    ctest --test-dir build -L browser --output-on-failure
    ;;
  *)
    echo "usage: ./build.sh [example|test|slow|sanitize|browser]" >&2
    exit 2
    ;;
esac
