#!/usr/bin/env bash
# Final call of the 2026-11-27 10:56-13:56 session (issue 26: the merged ast20, gen20, checks20, flow20 and redeclarations changes):
# (1) `loom run --check` of the tensor and strip specs whose AST parameters, pipeline_fetch checks and lowering
#     this session changed (generated code identical on the CPU; checked here on the card, test sizes and 1000^3);
# (2) the gpu gtests of the tensor paths; (3) benchmarks/gpu/run_tune_rate.sh (tuned SGEMM whole
#     process cold/warm, NVRTC stages, `loom tune sgemm_space_v5` beside Triton's autotune).
set -u
R=$PWD; B=$R/.cudarun
mkdir -p /work && ln -sfn "$R" /work/main
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
T0=$(date +%s); stamp() { echo "STAMP $1 $(( $(date +%s) - T0 )) s"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; echo "loom commit: $(cat $B/COMMIT)"
for s in tensor/bf16_gemm_wgmma tensor/bf16_gemm_wgmma_bulk tensor/bf16_gemm_warp64_ring3_async tensor/f16_gemm_8warps_ring3 \
         tensor/tf32_gemm_8warps_ring3 tensor/bf16_gemm_warp64_pipelined_copy16 memory/sgemm_tuned_strip memory/sgemm_splitk; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check 2>&1 | tail -1 | sed "s|^|check $s test size: |"
done
for s in tensor/bf16_gemm_wgmma tensor/bf16_gemm_warp64_ring3_async tensor/tf32_gemm_8warps_ring3; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check -D m=1000 -D n=1000 -D l=1000 2>&1 | tail -1 | sed "s|^|check $s 1000^3: |"
done
for s in memory/sgemm_tuned_strip memory/sgemm_splitk; do
  timeout 60 $B/loom run examples/$s.json --target cuda --check -D m=1000 -D n=1000 -D p=1000 2>&1 | tail -1 | sed "s|^|check $s 1000^3: |"
done
timeout 60 $B/loom run fuzz/regressions/transforms/degenerate-loops-of-one-iterator-side-by-side.json --target cuda --check 2>&1 | tail -1 | sed "s|^|check redeclarations regression (NVRTC): |"
stamp checks
timeout 150 $B/loom_tests --gtest_filter='TensorizeWgmmaGpu*:TensorizeWgmmaTf32Gpu*:TensorizeGpu*:NarrowRingFillsGpu*:PipelineFetchBulkGpu*' > /tmp/gtest.log 2>&1; echo "gtest rc=$?"
grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |^\[  FAILED|tests ran|Failure" /tmp/gtest.log | head -30
stamp gtest
OUT=$OUT TUNE_TIMEOUT=150 bash benchmarks/gpu/run_tune_rate.sh
stamp end
