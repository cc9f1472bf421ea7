#!/bin/bash
# Issue 13's benchmark run, in one call of the device tool: loom's kernels (benchmarks/gpu/
# kernels.json, each checked at a reduced size, timed at full size with CUDA events, dumped for the
# full-size check), the peers in the same run, and the report (results/<date>-<gpu>.{json,md}).
# Expects .cudarun/{loom_gpu_kernel_benchmarks,gpu_peers.py,lib/} beside the repository (see
# benchmarks/NOTES.md); arguments: kernel names to run (default: all).
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
WORK=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
./.cudarun/loom_gpu_kernel_benchmarks benchmarks/gpu/kernels.json "$WORK" "$@" > /dev/null || exit 1
OUT=$WORK python3 .cudarun/gpu_peers.py --ops copy,add,transpose,sum,sgemm --n 4096 > /dev/null
mkdir -p "$OUT/results"
python3 benchmarks/gpu/report.py benchmarks/gpu/kernels.json "$WORK" "$OUT/results"
cp "$WORK/loom_kernels.json" "$WORK/peers.json" "$OUT/" 2>/dev/null
