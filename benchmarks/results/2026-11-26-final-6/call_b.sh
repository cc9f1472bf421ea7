#!/bin/bash
# Call B (final main: wt-mma9 merged too): every gpu test through NVRTC (the changed 16-byte copies
# of every tensor spec among them), then the tensor specs timed beside cuBLAS BF16 in the same call
# (benchmarks/gpu/run_tensor_cores_10.sh run from the bundle).
set -u
source benchmarks/gpu/verify_env.sh
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 420 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc_b.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc_b.log
grep -E "^\[ RUN|^\[       OK" $OUT/gpu_nvrtc_b.log | tail -1
cp benchmarks/gpu/run_tensor_cores_10.sh $B/ && ln -sfn $PWD/examples $B/examples
( cd $B && TESTS= CHECKS="examples/tensor/bf16_gemm_8warps_ring3.json:129,200,70" SPECS="examples/tensor/bf16_gemm_8warps_ring3.json examples/tensor/bf16_gemm_wgmma.json examples/tensor/bf16_gemm_wgmma_s3.json" timeout 100 bash run_tensor_cores_10.sh ) > $OUT/tensor_timing_b.log 2>&1
echo "timing rc=$?"; grep -E "CHECK|RESULT" $OUT/tensor_timing_b.log | cut -c1-110
