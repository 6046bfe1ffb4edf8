#!/usr/bin/env bash
# One entry point for a fresh Debian 12 machine: installs what is missing, builds, runs.
#   ./build.sh example       build, then run the main jobs on the bundled examples
#   ./build.sh test          build, then run the default test suite (slow checks excluded)
#   ./build.sh slow          build, then run only the long checks (CTest label "slow")
#   ./build.sh sanitize      build with AddressSanitizer + UBSan in build-asan/, run the tests
#   ./build.sh tsan          build with ThreadSanitizer in build-tsan/, run the multi-threaded tests
#   ./build.sh format-check  fail when a tracked C++ file is not clang-formatted
#   ./build.sh format        clang-format every tracked C++ file in place
#   ./build.sh tidy          clang-tidy (.clang-tidy) over the sources; prints findings per check
#   ./build.sh fuzz          build the libFuzzer targets with clang in build-fuzz/, run each briefly
#   ./build.sh mpi           build with MPI (openmpi) in build-mpi/, run the cluster tests (label mpi)
#   ./build.sh browser       also install chromium, Node.js and playwright-core, run the browser test
# The large shared data (WTHOR, GGF) is used when ../shared/data is beside the checkout, or
# wherever REVERSI_SHARED_DATA points: its tests (label "shared") are registered only then.
set -euo pipefail
cd "$(dirname "$0")"

# ccache: CI's later builds (mpi, browser) reuse the objects of the first instead of compiling
# the same sources again.
packages=(g++ cmake make ccache libboost-program-options-dev nlohmann-json3-dev libtbb-dev libsqlite3-dev catch2)
jobs=$(nproc)
mode=${1:-test}
case "$mode" in
  format-check | format) packages=(clang-format) ;;
  tidy) packages+=(clang-tidy openmpi-bin libopenmpi-dev) ;;
  mpi) packages+=(openmpi-bin libopenmpi-dev) ;;
  fuzz) packages+=(clang libclang-rt-14-dev) ;;
esac

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

build() {  # build DIR [cmake args...]; BUILD_TARGET (default all) limits what is built
  local dir=$1
  shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release "${common_args[@]}" "$@" >/dev/null
  cmake --build "$dir" -j "$jobs" --target "${BUILD_TARGET:-all}"
}

# One fuzz target for FUZZ_SECONDS from its seeds (tests/fuzz/seeds/NAME); prints its runs, or
# the sanitizer's report and fails.
fuzz_one() {
  local target=$1 name=${1#fuzz_}
  local log=build-fuzz/logs/$target.log
  mkdir -p "build-fuzz/corpus/$name"
  # halt_on_error: UBSan's findings stop the target as a crash does.
  if UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "build-fuzz/tests/fuzz/$target" -max_total_time="$FUZZ_SECONDS" -timeout=25 \
    -print_final_stats=1 -artifact_prefix="build-fuzz/artifacts/$target-" \
    "build-fuzz/corpus/$name" "tests/fuzz/seeds/$name" >"$log" 2>&1; then
    echo "$target: ok, $(grep -oE 'number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$') runs"
  else
    echo "$target: FAILED, $log says:"
    grep -E -A 15 'ERROR|Timeout|deadly signal' "$log" | head -40
    return 255  # stops xargs
  fi
}

cpp_files() {
  git ls-files -z '*.cpp' '*.hpp' '*.h' '*.cc'
}

install_missing
# Arguments every configure gets: ccache when the machine has it, the shared data when present.
common_args=()
if command -v ccache >/dev/null; then
  common_args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  # Paths inside the checkout hash as relative ones, so that another clone reuses the cache.
  export CCACHE_BASEDIR="$PWD"
fi
shared=${REVERSI_SHARED_DATA:-}
if [ -z "$shared" ] && [ -d ../shared/data/wthor ]; then
  shared=$(realpath ../shared/data)
fi
# Always passed, so that a build folder configured once with the data forgets it when it goes.
common_args+=(-DREVERSI_SHARED_DATA="$shared")

case "$mode" in
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
  tsan)
    build build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
      -DREVERSI_TSAN=ON
    # The tests that run code on several threads: perft, solver and puzzle searches on 2 threads,
    # stop flags and progress callbacks from workers, and the validate/annotate batch pipelines
    # through the binary (built with TSan too, on every core by default). The single-threaded
    # oracle sweeps add nothing here but time. tests/tsan.supp says what is suppressed and why.
    local_tests="thread|stop flag|Ctrl-C|Progress reaches|Annotated real games"
    local_tests+="|gives the object validate gives|directory stands|Output with -o|reads back"
    local_tests+="|malformed corpus|Exit status: 0|FFO positions 1-19"
    REVERSI_TEST_SCALE=10 \
      TSAN_OPTIONS="halt_on_error=1 history_size=7 second_deadlock_stack=1 suppressions=$PWD/tests/tsan.supp" \
      ctest --test-dir build-tsan -LE "slow|shared" -R "$local_tests" \
      --output-on-failure -j "$jobs"
    ;;
  format-check)
    cpp_files | xargs -0 clang-format --dry-run --Werror
    echo "format-check: $(cpp_files | tr -cd '\0' | wc -c) files formatted"
    ;;
  format)
    cpp_files | xargs -0 clang-format -i
    ;;
  tidy)
    # The compilation database of a build with the cluster mode (so that cli/mpi/ is read with
    # its headers); header findings are reported once per header.
    cmake -S . -B build-tidy -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DREVERSI_MPI=ON \
      "${common_args[@]}" >/dev/null
    git ls-files -z 'core/*.cpp' 'analysis/*.cpp' 'cli/*.cpp' 'json/*.cpp' 'db/*.cpp' |
      xargs -0 -n 4 -P "$jobs" clang-tidy -p build-tidy --quiet --extra-arg=-Wno-unknown-warning-option 2>/dev/null >build-tidy/findings.txt ||
      true
    grep -oE '^[^ ]+:[0-9]+:[0-9]+: (warning|error): .* \[[a-z0-9.,-]+\]$' build-tidy/findings.txt |
      sort -u >build-tidy/unique.txt || true
    echo "clang-tidy: $(wc -l <build-tidy/unique.txt) findings (build-tidy/unique.txt), per check:"
    grep -oE '\[[a-z0-9.,-]+\]$' build-tidy/unique.txt | sort | uniq -c | sort -rn
    # Exit 1 when there is any finding, so the mode can become a CI step once the tree is clean.
    [ ! -s build-tidy/unique.txt ]
    ;;
  fuzz)
    # Every tests/fuzz target, two at a time, FUZZ_SECONDS (default 30) each from its committed
    # seeds into a scratch corpus; a crash, leak, timeout or sanitizer report fails the mode and
    # leaves the input in build-fuzz/artifacts/ (tests/fuzz/README.md says what to do with it).
    CC=clang CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=Release "${common_args[@]}" \
      -DREVERSI_FUZZ=ON -DREVERSI_TESTS=OFF >/dev/null
    cmake --build build-fuzz -j "$jobs" --target fuzz_all
    mkdir -p build-fuzz/artifacts build-fuzz/logs
    export FUZZ_SECONDS=${FUZZ_SECONDS:-30}
    export -f fuzz_one
    git ls-files 'tests/fuzz/fuzz_*.cpp' | xargs -n 1 basename -s .cpp |
      xargs -n 1 -P "$jobs" bash -c 'fuzz_one "$1"' fuzz_one
    ;;
  mpi)
    # docs/cluster.md: mpirun with 3 ranks on this machine (--oversubscribe, as root too).
    # The cluster tests run only the binary: the test program is not built here.
    BUILD_TARGET=reversi build build-mpi -DREVERSI_MPI=ON
    ctest --test-dir build-mpi -L mpi --output-on-failure
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
    echo "usage: ./build.sh [example|test|slow|sanitize|tsan|fuzz|mpi|format-check|format|tidy|browser]" >&2
    exit 2
    ;;
esac
