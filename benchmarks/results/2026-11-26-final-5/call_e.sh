#!/bin/bash
# Call E (final main: diff11's grid change for g inames without values, the alias fix): PolyBench
# on CUDA --check (the new empty-range specs among them) and the gpu tests of code generation,
# launch shapes, full groups and host loops, through NVRTC.
set -u
source benchmarks/gpu/verify_env.sh
python3 benchmarks/gpu/polybench_on_cuda.py > $OUT/polybench_cuda_e.log 2>&1
grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda_e.log | head -20
for f in alias-temporaries-of-scalars reduction-priority-reopens-unrolled-loop-around-private-scalar; do
  echo "regression $f on cuda: $($LOOM_CLI run fuzz/regressions/transforms/$f.json --target cuda --check 2>&1 | tail -n 1)"
done
timeout 300 $B/loom_tests --gtest_filter='GpuCodegen*:GpuCuda*:FullGroups*:HostLoopsGpu.*:LaunchShape*:CudaLaunchGpu*:MemoryExamplesGpu*:RowsExamplesGpu*' > $OUT/gpu_nvrtc_e.log 2>&1; echo "nvrtc rc=$?"; gpu_summary $OUT/gpu_nvrtc_e.log
