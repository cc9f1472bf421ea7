#!/bin/bash
# Issue 27's benchmark in one call of the device tool: loom's row-wise kernels (examples/rows/
# softmax, layernorm, rmsnorm at 4096 x {1000, 4093, 4096, 8192}; benchmarks/gpu/rows_kernels.json)
# through the issue-13 harness (each checked at 67 rows against the untransformed kernel, timed with
# CUDA events, its full-size output checked against float64 torch), the peers in the same run
# (rows_peers.py: device copy, Triton's fused-softmax tutorial kernel, torch softmax, layer_norm,
# rms_norm), the harness's per-kernel report and the issue's table (rows_report.py).
# Builds nothing: expects .cudarun/loom_gpu_kernel_benchmarks (built from this commit:
# `ninja -C build loom_gpu_kernel_benchmarks`, then strip it into .cudarun/) and .cudarun/lib/
# beside the repository, as run_kernels.sh does (benchmarks/NOTES.md). Arguments: kernel names to run (default: all).
# loom's CUDA reductions end in warp shuffles; `LOOM_WARP_SHUFFLES=0 bash benchmarks/gpu/run_rows.sh`
# measures the shared-memory tree instead (the generated code differs, the cache key with it).
set -u
cd "$(dirname "$0")/../.."
export LD_LIBRARY_PATH=$PWD/.cudarun/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
WORK=$(mktemp -d)
BENCH=${LOOM_GPU_KERNEL_BENCHMARKS:-./.cudarun/loom_gpu_kernel_benchmarks}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
git log -1 --format='commit %h %s' 2>/dev/null
"$BENCH" benchmarks/gpu/rows_kernels.json "$WORK" "$@" > /dev/null || exit 1
OUT=$WORK python3 benchmarks/gpu/rows_peers.py --rows 4096 --cols 1000,4093,4096,8192 > /dev/null
mkdir -p "$OUT/results"
python3 benchmarks/gpu/report.py benchmarks/gpu/rows_kernels.json "$WORK" "$OUT/results" > /dev/null
python3 benchmarks/gpu/rows_report.py benchmarks/gpu/rows_kernels.json "$WORK" "$OUT/results"
cp "$WORK/loom_kernels.json" "$WORK/peers.json" "$OUT/" 2>/dev/null
