#!/bin/bash
# Final call C: the two gpu tests of shard 1 that call B's 330 s limit left (TF32 wgmma at ragged
# sizes, the tuning cache hit), then TF32 and BF16 (4 stages) at 4096 / 8192 again beside cuBLAS.
set -u
source benchmarks/gpu/verify_env.sh
timeout 300 $B/loom_tests --gtest_filter='TensorizeWgmmaTf32Gpu.GemmsMatchTheReferenceAtRaggedSizes:TuneGpu.APreparedCandidateIsAKernelCacheHitForTheWorker' > $OUT/gpu_nvrtc_c.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc_c.log
cp benchmarks/gpu/run_tensor_cores_12.sh $B/ && ln -sfn $PWD/examples $B/examples
( cd $B && TESTS= SPLIT_SPECS= SPECS= CHECKS= SHAPES="4096,4096,4096 8192,8192,8192" PEER_SHAPES="4096,4096,4096 8192,8192,8192" MINE_ONLY="examples/tensor/tf32_gemm_wgmma.json examples/tensor/bf16_gemm_wgmma.json" timeout 150 bash run_tensor_cores_12.sh ) > $OUT/tensor_c.log 2>&1
echo "tensor rc=$?"; grep -E "RESULT" $OUT/tensor_c.log | cut -c1-100
