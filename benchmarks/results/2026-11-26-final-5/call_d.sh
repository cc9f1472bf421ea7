#!/bin/bash
# Call D (main after the last merges of the session): PolyBench on CUDA --check (host-loop specs
# jacobi1d_time_loop_on_groups_gbarrier and lu_host_loop_gbarriers among them) and the gpu tests
# of the areas changed after call C (host loops, statistics, explain, memory examples, tensor
# cores' ragged specs, PolyBench-related), through NVRTC.
set -u
source benchmarks/gpu/verify_env.sh
python3 benchmarks/gpu/polybench_on_cuda.py > $OUT/polybench_cuda_d.log 2>&1
grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda_d.log | head -20
echo "fuzz regression on cuda: $($LOOM_CLI run fuzz/regressions/transforms/reduction-priority-reopens-unrolled-loop-around-private-scalar.json --target cuda --check 2>&1 | tail -n 1)"
timeout 300 $B/loom_tests --gtest_filter='HostLoopsGpu.*:MemoryExamplesGpu*:GpuCodegen*:CudaLaunchGpu*:LoopyBarriers*Gpu*:*Statistic*Gpu*:SpecCache*:GpuCuda*' > $OUT/gpu_nvrtc_d.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc_d.log
