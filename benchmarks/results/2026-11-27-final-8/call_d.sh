#!/bin/bash
# Call D (after the review): the final code at sizes that are multiples of nothing it was tuned
# for, beside cuBLAS in the same call: SGEMM by the two-spec rule at 4093³ (prime), 2039³ (prime),
# (4093, 997, 4093) and (8191, 1021, 509); the wgmma specs (BF16 4 stages, FP16, TF32) at 4093³
# and 8191 x 8191 x 4093, with --check of the 4-stage BF16 spec at 4093 x 997 x 509.
set -u
source benchmarks/gpu/verify_env.sh
S="4093,4093,4093 2039,2039,2039 4093,997,4093 8191,1021,509"
timeout 150 python3 benchmarks/gpu/sgemm_rule.py --strip $B/loom examples/memory $S 2>&1 | tee $OUT/sgemm_rule_d.log | grep -E "^shape|device" | cut -c1-160
cp benchmarks/gpu/run_tensor_cores_12.sh $B/ && ln -sfn $PWD/examples $B/examples
T="4093,4093,4093 8191,8191,4093"
( cd $B && TESTS= SPLIT_SPECS= SPECS=" " CHECKS="examples/tensor/bf16_gemm_wgmma.json:4093,997,509" SHAPES="$T" PEER_SHAPES="$T" MINE_ONLY="examples/tensor/bf16_gemm_wgmma.json examples/tensor/f16_gemm_wgmma.json examples/tensor/tf32_gemm_wgmma.json" timeout 200 bash run_tensor_cores_12.sh ) > $OUT/tensor_d.log 2>&1
echo "tensor rc=$?"; grep -E "CHECK|RESULT" $OUT/tensor_d.log | cut -c1-120
