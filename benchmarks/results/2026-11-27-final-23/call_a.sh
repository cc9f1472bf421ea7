#!/usr/bin/env bash
# Final GPU call A of the 2026-11-27 19:32-22:32 session (issue 26: the merged helpers of this session;
# see NOTES.md, "Where to start next (end of the 2026-11-27 19:32-22:32 session)"): `loom run --check` of tensor, strip,
# split-k and rows specs at ragged sizes, every gpu gtest through NVRTC except the tensor-core suites (calls B, C),
# then benchmarks/gpu/run_tune_rate.sh (tuned SGEMM cold/warm, `loom tune` beside Triton autotune, same call).
set -u
source benchmarks/gpu/verify_env.sh
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
for s in tensor/bf16_gemm_wgmma tensor/bf16_gemm_warp64_ring3_async tensor/f16_gemm_8warps_ring3 tensor/tf32_gemm_8warps_ring3; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check 2>&1 | tail -1 | sed "s|^|check $s test size: |"
  timeout 60 $B/loom run examples/$s.json --target cuda --check -D m=1000 -D n=999 -D l=1001 2>&1 | tail -1 | sed "s|^|check $s 1000x999x1001: |"
done
for s in memory/sgemm_tuned memory/sgemm_tuned_strip memory/sgemm_splitk; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check -D m=1000 -D n=999 -D p=1001 2>&1 | tail -1 | sed "s|^|check $s 1000x999x1001: |"
done
for s in rows/softmax rows/layernorm rows/rmsnorm_narrow rows/attention_softmax_narrow memory/convolution memory/stencil5_interior; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check 2>&1 | tail -1 | sed "s|^|check $s test size: |"
done
stamp checks
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:ExampleTiledMatmul*:CliTest.GpuKernelFaultExitsFive:-*OpenCL*:Tensorize*:*RingFills*:PipelineFetchBulkGpu*:WholeTileFillsGpu*'
timeout 420 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_a.log 2>&1; echo "gtest rc=$?"; gpu_summary $OUT/gpu_nvrtc_a.log
grep -c "^\[       OK" $OUT/gpu_nvrtc_a.log
stamp gtest
OUT=$OUT TUNE_TIMEOUT=150 bash benchmarks/gpu/run_tune_rate.sh > /dev/null 2>&1; echo "tune rc=$?"
cat $OUT/tune_rate.md 2>/dev/null | head -40
stamp end
