#!/bin/bash
# Coordinator's GPU verification at the end of the 2026-11-26 (10:12-13:12 UTC) session, call A:
#  1. gpu tests under NVRTC (every merged change: loop bands on the whole space, guarded copies
#     unrolled by 8, shift_inwards fetches, cp.async rings);
#  2. `loom tune` of sgemm_space_v5 with the guarded-copy factor 8 (NVRTC) beside Triton's autotune,
#     both from a cold cache (benchmarks/gpu/run_tune_rate.sh TUNE_ONLY=1);
#  3. issue 25: sgemm_tuned_shift (shift_inwards 128 x 128 tiles) in sgemm_tuned's place at the
#     shapes the rule gives it, against sgemm_tuned, cuBLAS around each (wt-tiles5's run_tails6.sh shift).
# Bundles: .cudarun/ (main's build: scripts/gpu_bundle.sh build loom loom_tests), .gpu-tiles5/.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
OUT=$OUT TUNE_ONLY=1 COMPILERS=nvrtc TUNE_TIMEOUT=90 timeout 200 bash benchmarks/gpu/run_tune_rate.sh > $OUT/tune_rate_stdout.log 2>&1; echo "tune rc=$?"; cat $OUT/tune_rate.md 2>/dev/null | tail -8
( cd .gpu-tiles5 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH && cd .. && BUNDLE=.gpu-tiles5 OUT=$OUT timeout 150 bash .gpu-tiles5/run_tails6.sh shift ) > $OUT/shift_stdout.log 2>&1; echo "shift rc=$?"; tail -22 $OUT/shift_stdout.log
