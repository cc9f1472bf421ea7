#!/usr/bin/env bash
# The installed package as a user sees it (issue 28), run by ctest as PackageScripts.opencl:
#   1. cmake --install of the already-built tree's Development component (headers, libloom.a, the
#      CMake package, loom.pc) into a fresh prefix: a copy, no rebuild;
#   2. examples/scripts/ configured as a project of its own with find_package(loom), built, and
#      every script run (each checks against the reference on C and OpenCL);
#   3. one script built by hand with `pkg-config --cflags --libs loom`, and run.
# Exit 0: all passed; otherwise a failure (./dev installs PoCL, so a missing OpenCL device fails too).
# usage: install_and_run_scripts.sh BUILD_DIR SCRIPTS_DIR CXX
set -euo pipefail
build_dir=$1 scripts_dir=$2 cxx=$3
work="$build_dir/package-test"
prefix="$work/prefix"
rm -rf "$work"
mkdir -p "$work"

step() { printf 'package test: %s\n' "$*"; }

step "installing into $prefix"
cmake --install "$build_dir" --prefix "$prefix" --component Development > "$work/install.log"

# ccache makes the scripts' second build cheap; the compiler is the one loom was built with. The
# scripts are linked without debug information: libloom.a carries a lot, and copying it into each
# program would take most of this test's time.
launcher=()
if command -v ccache > /dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
step "configuring $scripts_dir with find_package(loom)"
cmake -S "$scripts_dir" -B "$work/scripts" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_EXE_LINKER_FLAGS=-Wl,--strip-debug \
  "${launcher[@]}" > "$work/configure.log" \
  || { cat "$work/configure.log"; exit 1; }
step "building the scripts"
cmake --build "$work/scripts" -- -j2

failed=0 passed=0
run_script() {  # run_script NAME PROGRAM
  local status=0
  "$2" || status=$?
  case $status in
    0) passed=$((passed + 1)) ;;
    *) failed=$((failed + 1)); step "$1 FAILED (exit $status)" ;;
  esac
}
for script in hello_loopy tiled_matmul stencil parallel_reduction; do
  step "running $script"
  run_script "$script" "$work/scripts/$script"
done

step "building hello_loopy with pkg-config"
pc_file=$(find "$prefix" -name loom.pc | head -n 1)
[[ -n $pc_file ]] || { step "no loom.pc installed"; exit 1; }
flags=$(PKG_CONFIG_PATH="$(dirname "$pc_file")" pkg-config --cflags --libs loom)
compiler=("$cxx")
if command -v ccache > /dev/null; then compiler=(ccache "$cxx"); fi
# shellcheck disable=SC2086  # the flags are words
"${compiler[@]}" -O1 "$scripts_dir/hello_loopy.cpp" -o "$work/hello_loopy_pkgconfig" $flags -Wl,--strip-debug
run_script hello_loopy_pkgconfig "$work/hello_loopy_pkgconfig"

step "$passed passed, $failed failed"
if ((failed > 0)); then exit 1; fi
rm -rf "$work"  # kept only when something failed: the prefix holds a copy of libloom.a
