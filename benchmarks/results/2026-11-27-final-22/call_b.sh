#!/usr/bin/env bash
# Final GPU call B of the 2026-11-27 16:31-19:31 session: the tensor-core gpu gtests (mma.sync, wgmma BF16/TF32,
# ring fills, bulk pipeline fetches) through NVRTC.
set -u
source benchmarks/gpu/verify_env.sh
F='Tensorize*Gpu*:*RingFillsGpu*:PipelineFetchBulkGpu*:WholeTileFillsGpu*:-*OpenCL*'
timeout 560 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_b.log 2>&1; echo "gtest rc=$?"; gpu_summary $OUT/gpu_nvrtc_b.log
grep -c "^\[       OK" $OUT/gpu_nvrtc_b.log
