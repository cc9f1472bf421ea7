#!/usr/bin/env bash
# Final GPU call C of the 2026-11-27 19:32-22:32 session: the second half of the tensor-core gpu gtests through NVRTC
# (TensorizeGpu.*, TensorizeWgmmaGpu.*).
set -u
source benchmarks/gpu/verify_env.sh
F='TensorizeGpu*:TensorizeWgmmaGpu*:-*OpenCL*'
timeout 560 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_c.log 2>&1; echo "gtest rc=$?"; gpu_summary $OUT/gpu_nvrtc_c.log
grep -c "^\[       OK" $OUT/gpu_nvrtc_c.log
