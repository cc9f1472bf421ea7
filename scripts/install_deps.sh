#!/usr/bin/env bash
# Installs loom's build and test dependencies (Debian 12 packages); the one place they are listed.
#
#   scripts/install_deps.sh           install whatever is missing (quiet and quick when nothing is)
#   scripts/install_deps.sh --check   only report; exit 1 if something is missing
#   scripts/install_deps.sh --list    print the package list, one a line
#
# Uses dpkg-query to find what is missing, runs apt-get update only when something must be
# installed, and sudo when not root. The CUDA toolkit (/usr/local/cuda) is optional and not
# installed here.
set -euo pipefail

# Build tools.
LOOM_BUILD_TOOLS=(build-essential g++ cmake ninja-build pkg-config ccache git patch)  # patch: third_party/isl/patches
# Libraries and runtime pieces (DESIGN.md §8 says why each is here).
LOOM_LIBRARIES=(
  libisl-dev           # isl for -DLOOM_BUNDLED_ISL=OFF (the default builds third_party/isl with imath-32)
  libgmp-dev           # isl.pc links -lgmp, yet libisl-dev does not depend on libgmp-dev
  nlohmann-json3-dev   # JSON kernel specs
  libgtest-dev         # tests
  libgmock-dev
  libbenchmark-dev     # compile-time benchmarks
  ocl-icd-opencl-dev   # OpenCL ICD loader + headers; PoCL runs OpenCL on the CPU in CI
  opencl-headers
  pocl-opencl-icd
  libcli11-dev         # the loom command line
  libfmt-dev
  libxxhash-dev        # kernel hashes for the disk cache
  libsqlite3-dev       # loom tune's records
  clinfo               # to see which OpenCL devices are present
  oclgrind             # tests: generated OpenCL run in a simulator that reports out-of-bounds accesses
  llvm-19-dev          # the CUDA target's second compiler: LLVM IR -> PTX (NVPTX), linked into libloom_llvm.so
  libzstd-dev          # static LLVM archives need -lzstd
  libjemalloc-dev      # the allocator of loom's executables (optional: glibc's malloc without it)
)
LOOM_DEB_PACKAGES=("${LOOM_BUILD_TOOLS[@]}" "${LOOM_LIBRARIES[@]}")

say() { printf 'install_deps: %s\n' "$*"; }
die() { printf 'install_deps: error: %s\n' "$*" >&2; exit 1; }

# Prints the packages of LOOM_DEB_PACKAGES that are not installed, one a line.
missing_packages() {
  local -A installed=()
  local status name pkg
  # One dpkg-query call for all packages: a package dpkg has never heard of is reported on stderr
  # and makes dpkg-query exit 1; it is simply absent from the output, so treated as missing.
  while read -r status name; do
    # db:Status-Abbrev is e.g. "ii ": want, status, error flag; status 'i' means installed.
    [[ ${status:1:1} == i ]] && installed[$name]=1
  done < <(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "${LOOM_DEB_PACKAGES[@]}" \
             2>/dev/null || true)
  for pkg in "${LOOM_DEB_PACKAGES[@]}"; do
    [[ -n ${installed[$pkg]:-} ]] || printf '%s\n' "$pkg"
  done
}

main() {
  local mode=install
  case "${1:-}" in
    "") ;;
    --check) mode=check ;;
    --list) printf '%s\n' "${LOOM_DEB_PACKAGES[@]}"; return 0 ;;
    -h|--help) sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; return 0 ;;
    *) die "unknown option '$1' (try --help)" ;;
  esac

  if ! command -v dpkg-query >/dev/null 2>&1; then
    say "dpkg-query not found: this is not a Debian system, so nothing is installed."
    say "install these (or your system's equivalents) by hand: ${LOOM_DEB_PACKAGES[*]}"
    [[ $mode == check ]] && return 1
    return 0
  fi

  local missing
  mapfile -t missing < <(missing_packages)
  if ((${#missing[@]} == 0)); then
    say "all ${#LOOM_DEB_PACKAGES[@]} packages are installed"
    return 0
  fi
  if [[ $mode == check ]]; then
    say "missing: ${missing[*]}"
    return 1
  fi

  local -a sudo=()
  if ((EUID != 0)); then
    if ! command -v sudo >/dev/null 2>&1; then
      die "these packages are missing: ${missing[*]}
  Installing them needs root, and sudo is not available. Run as root:
    apt-get update && apt-get install -y ${missing[*]}"
    fi
    # Without a terminal sudo cannot ask for a password: fail at once rather than hang.
    if [[ -t 0 ]]; then sudo=(sudo); else sudo=(sudo -n); fi
  fi

  say "installing ${#missing[@]} missing package(s): ${missing[*]}"
  local -a apt=("${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0)
  "${apt[@]}" update \
    || die "'apt-get update' failed${sudo:+ (if sudo needs a password, run 'sudo true' first)}"
  "${apt[@]}" install -y --no-install-recommends "${missing[@]}" \
    || die "'apt-get install ${missing[*]}' failed"

  mapfile -t missing < <(missing_packages)
  ((${#missing[@]} == 0)) || die "still missing after apt-get install: ${missing[*]}"
  say "done"
}

main "$@"
