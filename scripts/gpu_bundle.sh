#!/usr/bin/env bash
# Packs built binaries for the lent GPU machine into .cudarun/ (ignored by git; name it in the device
# tool's `carry`): each binary stripped, the shared libraries its image lacks in .cudarun/lib/
# (the image has CUDA, libisl.so.23, libgmp, Python with torch and triton; loom links its own isl
# statically unless built with -DLOOM_BUNDLED_ISL=OFF), and the peers script.
#   scripts/gpu_bundle.sh BUILD_DIR BINARY...      e.g. scripts/gpu_bundle.sh build loom loom_tests
# On the GPU machine: export LD_LIBRARY_PATH=$PWD/.cudarun/lib:$LD_LIBRARY_PATH
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=$1; shift
mkdir -p .cudarun/lib
grep -qx '/.cudarun/' .git/info/exclude 2>/dev/null || echo '/.cudarun/' >> "$(git rev-parse --git-common-dir)/info/exclude"
for binary in "$@"; do
  strip -o ".cudarun/$(basename "$binary")" "$build/$binary"
  for lib in libxxhash.so.0 libsqlite3.so.0 libOpenCL.so.1 libjemalloc.so.2; do
    path=$(ldd "$build/$binary" | awk -v l="$lib" '$1 == l { print $3 }')
    [[ -n $path ]] && cp -L "$path" .cudarun/lib/
  done
done
[[ -f ../shared/peers/gpu_peers.py && ! -f .cudarun/gpu_peers.py ]] && cp ../shared/peers/gpu_peers.py .cudarun/ || true
du -sh .cudarun
