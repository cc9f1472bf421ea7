#!/usr/bin/env bash
# Final GPU call C of the 2026-11-27 16:31-19:31 session: the two tensor-core gtests call B's 560 s limit cut off
# (TensorizeWgmmaTf32Gpu.*; call B ran its other 16 in 545 s), then benchmarks/gpu/run_tune_rate.sh (tuned SGEMM
# whole process cold/warm, NVRTC stages, `loom tune sgemm_space_v5` beside Triton's autotune in the same call).
set -u
source benchmarks/gpu/verify_env.sh
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
timeout 150 $B/loom_tests --gtest_filter='TensorizeWgmmaTf32Gpu*' > $OUT/gpu_nvrtc_c.log 2>&1; echo "gtest rc=$?"; gpu_summary $OUT/gpu_nvrtc_c.log
grep -c "^\[       OK" $OUT/gpu_nvrtc_c.log
stamp gtest
OUT=$OUT TUNE_TIMEOUT=150 bash benchmarks/gpu/run_tune_rate.sh > /dev/null 2>&1; echo "tune rc=$?"
cat $OUT/tune_rate.md 2>/dev/null | head -40
stamp end
