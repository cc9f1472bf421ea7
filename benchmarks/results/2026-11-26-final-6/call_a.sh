#!/bin/bash
# Call A (main with wt-speed12, wt-mma8, wt-conf10 merged): every gpu test through NVRTC, then
# PolyBench on CUDA --check.
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 400 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc.log
grep -E "^\[ RUN|^\[       OK" $OUT/gpu_nvrtc.log | tail -2
timeout 130 python3 benchmarks/gpu/polybench_on_cuda.py > $OUT/polybench_cuda.log 2>&1; echo "polybench rc=$?"
grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda.log | head -20; tail -1 $OUT/polybench_cuda.log
