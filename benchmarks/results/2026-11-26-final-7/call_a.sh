#!/bin/bash
# Final call of the 2026-11-26 20:51-23:51 session (main with wt-tails10, wt-tf32, wt-speed13,
# wt-conf12 and wt-mma10 merged; whole-tile ring fills off by default): every gpu test through NVRTC,
# then the BF16 / TF32 / FP16 wgmma specs timed beside cuBLAS in the same call.
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 400 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_a.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc_a.log
grep -E "^\[ RUN|^\[       OK" $OUT/gpu_nvrtc_a.log | tail -1
cp benchmarks/gpu/run_tensor_cores_10.sh benchmarks/gpu/run_tf32_1.sh $B/ && ln -sfn $PWD/examples $B/examples
( cd $B && TESTS= CHECKS="examples/tensor/bf16_gemm_wgmma_s3.json:129,200,70" SPECS="examples/tensor/bf16_gemm_wgmma_s3.json examples/tensor/bf16_gemm_8warps_ring3.json" timeout 100 bash run_tensor_cores_10.sh ) > $OUT/bf16_timing_a.log 2>&1
echo "bf16 timing rc=$?"; grep -E "CHECK|RESULT" $OUT/bf16_timing_a.log | cut -c1-110
( cd $B && TESTS= WRONG_SIZES= CHECKS="examples/tensor/tf32_gemm_wgmma.json:129,200,70" SPECS="examples/tensor/tf32_gemm_wgmma.json examples/tensor/f16_gemm_wgmma.json" timeout 100 bash run_tf32_1.sh ) > $OUT/tf32_timing_a.log 2>&1
echo "tf32 timing rc=$?"; grep -E "CHECK|RESULT" $OUT/tf32_timing_a.log | cut -c1-110
