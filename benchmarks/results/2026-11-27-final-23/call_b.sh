#!/usr/bin/env bash
# Final GPU call B of the 2026-11-27 19:32-22:32 session: the first half of the tensor-core gpu gtests through NVRTC
# (ring fills, whole-tile fills, bulk pipeline fetches, wgmma TF32). Last session's single call ran out of its 560 s.
set -u
source benchmarks/gpu/verify_env.sh
F='NarrowRingFillsGpu*:WholeTileFillsGpu*:PipelineFetchBulkGpu*:TensorizeWgmmaTf32Gpu*:-*OpenCL*'
timeout 560 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_b.log 2>&1; echo "gtest rc=$?"; gpu_summary $OUT/gpu_nvrtc_b.log
grep -c "^\[       OK" $OUT/gpu_nvrtc_b.log
