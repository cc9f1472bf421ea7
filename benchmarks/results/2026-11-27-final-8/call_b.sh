#!/bin/bash
# Final call B: the other half of the gpu tests through NVRTC (gtest shard 1 of 2), then the wgmma
# specs (BF16 4 stages with one wgmma group in flight, BF16 3 stages, FP16, TF32) at 4096 and 8192
# beside cuBLAS BF16 / FP16 / TF32 in the same call.
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=1 timeout 330 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_b.log 2>&1; echo "nvrtc shard 1 rc=$?"; gpu_summary $OUT/gpu_nvrtc_b.log
grep -E "^\[ RUN|^\[       OK" $OUT/gpu_nvrtc_b.log | tail -1
cp benchmarks/gpu/run_tensor_cores_12.sh $B/ && ln -sfn $PWD/examples $B/examples && ln -sfn loom $B/loom_main
( cd $B && TESTS= SPLIT_SPECS= SPECS= CHECKS="examples/tensor/bf16_gemm_wgmma.json:1021,1009,257" SHAPES="4096,4096,4096 8192,8192,8192" PEER_SHAPES="4096,4096,4096 8192,8192,8192" MINE_ONLY="examples/tensor/bf16_gemm_wgmma.json examples/tensor/bf16_gemm_wgmma_s3.json examples/tensor/f16_gemm_wgmma.json examples/tensor/tf32_gemm_wgmma.json" timeout 200 bash run_tensor_cores_12.sh ) > $OUT/tensor_b.log 2>&1
echo "tensor rc=$?"; grep -E "CHECK|RESULT" $OUT/tensor_b.log | cut -c1-120
