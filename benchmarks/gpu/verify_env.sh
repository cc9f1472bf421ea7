# Sourced by GPU verification scripts (benchmarks/results/*/call_*.sh and later ones): sets up the
# bundle made by `scripts/gpu_bundle.sh build loom loom_tests` in .cudarun/ (carried to the device)
# and prints the card and the bundle's commit. Afterwards: $B (the bundle), $LOOM_CLI, and
# `gpu_summary LOG` for a gtest log's result lines.
mkdir -p /work && ln -sfn "$PWD" /work/main   # loom_tests reads tests/ under its build path
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
gpu_summary() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
