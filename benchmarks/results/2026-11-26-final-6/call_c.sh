#!/bin/bash
# Call C (final main b0d53f3): the gpu tests through LLVM's NVPTX backend (the tensor tests that
# force NVRTC, and the eight-warp round-up spec test, left out for time), as far as 170 s reach.
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*:TensorizeGpu.EightWarp*:TensorizeWgmmaGpu*'
LOOM_CUDA_COMPILER=llvm timeout 170 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm_c.log 2>&1; echo "llvm rc=$?"; gpu_summary $OUT/gpu_llvm_c.log
echo "OK lines: $(grep -c '^\[       OK' $OUT/gpu_llvm_c.log), FAILED lines: $(grep -c '^\[  FAILED  \] [A-Z]' $OUT/gpu_llvm_c.log)"
grep -E "^\[ RUN" $OUT/gpu_llvm_c.log | tail -1
