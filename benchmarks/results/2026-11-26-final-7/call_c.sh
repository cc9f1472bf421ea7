#!/bin/bash
# Call C: the TF32 and BF16 wgmma specs at ragged sizes (4000³, 4093³ with 4093 prime) beside cuBLAS
# in the same call; --check of both at 1021 x 1009 x 257 (primes).
set -u
source benchmarks/gpu/verify_env.sh
cp benchmarks/gpu/run_tensor_cores_10.sh benchmarks/gpu/run_tf32_1.sh $B/ && ln -sfn $PWD/examples $B/examples
S="4000,4000,4000 4093,4093,4093"
( cd $B && TESTS= WRONG_SIZES= CHECKS="examples/tensor/tf32_gemm_wgmma.json:1021,1009,257" SPECS="examples/tensor/tf32_gemm_wgmma.json" SHAPES="$S" PEER_SHAPES="$S" timeout 150 bash run_tf32_1.sh ) > $OUT/tf32_ragged_c.log 2>&1
echo "tf32 rc=$?"; grep -E "CHECK|RESULT" $OUT/tf32_ragged_c.log | cut -c1-110
( cd $B && TESTS= CHECKS="examples/tensor/bf16_gemm_wgmma_s3.json:1021,1009,257" SPECS="examples/tensor/bf16_gemm_wgmma_s3.json" SHAPES="$S" PEER_SHAPES="$S" timeout 120 bash run_tensor_cores_10.sh ) > $OUT/bf16_ragged_c.log 2>&1
echo "bf16 rc=$?"; grep -E "CHECK|RESULT" $OUT/bf16_ragged_c.log | cut -c1-110
