#!/usr/bin/env bash
# Issue 29, after the fifth step: why the a tile's 16-byte fetch copies lose (copy16_aonly and
# copy16c slower than _bj, b's copies faster; benchmarks/results/2026-11-26-h200-tensor-cores-5.md).
# One ncu launch per spec at 4096: shared-store bank conflicts, global load requests and sectors,
# instructions, stall reasons. Run inside the bundle of run_tensor_cores_5.sh with the probe specs
# of results/2026-11-26-h200-tensor-cores-5/specs/ copied into specs/:
#   cd .gpu-mma4 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   bash profile_tensor_cores_5.sh examples/tensor/bf16_gemm_warp64_pipelined_bj.json specs/copy16_aonly.json \
#     specs/copy16c.json examples/tensor/bf16_gemm_warp64_pipelined_copy16.json
set -u
metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics+=,smsp__inst_executed.sum,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active
for spec in "$@"; do
  echo "== $spec"
  ncu --clock-control none -k regex:bf16 -c 1 --section WarpStateStats --metrics "$metrics" \
    ./loom run "$spec" --target cuda -D m=4096 -D n=4096 -D l=4096 --repeat 1 2>&1 |
    grep -E "bank_conflicts|t_requests|t_sectors|inst_executed|hmma|Stall|stall|Warp Cycles" | head -30
done
