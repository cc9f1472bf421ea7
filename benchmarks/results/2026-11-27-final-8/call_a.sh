#!/bin/bash
# Final call A of the 2026-11-27 00:03-03:03 session (main with wt-wg14, wt-floor14, wt-kloop14,
# wt-speed14 and wt-conf14 merged): half of the gpu tests through NVRTC (gtest shard 0 of 2), then
# issue 25's SGEMM set by the two-spec rule (--strip: sgemm_splitk or the self-contained
# sgemm_tuned_strip, no -D per size) beside cuBLAS in the same call, two passes.
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=0 timeout 330 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_a.log 2>&1; echo "nvrtc shard 0 rc=$?"; gpu_summary $OUT/gpu_nvrtc_a.log
grep -E "^\[ RUN|^\[       OK" $OUT/gpu_nvrtc_a.log | tail -1
S="1000,1000,1000 1500,1500,1500 2000,2000,2000 3000,3000,3000 5000,5000,5000 7000,7000,7000 4096,1000,4096 3000,5000,700 1000,1000,8192"
for pass in 1 2; do
  echo "== sgemm rule pass $pass"
  timeout 110 python3 benchmarks/gpu/sgemm_rule.py --strip $B/loom examples/memory $S 2>&1 | tee -a $OUT/sgemm_rule_a.log | grep -vE "^\s*$" | cut -c1-160
done
