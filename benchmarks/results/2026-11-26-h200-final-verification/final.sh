#!/bin/bash
# Coordinator's final GPU verification of main (2026-11-26), call 1: gpu tests under NVRTC and
# LLVM, the rows register test under LLVM, memcheck of the tensor-core tests.
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || xz -d -k $B/libloom_llvm.so.xz 2>/dev/null || python3 -c "import lzma,shutil;shutil.copyfileobj(lzma.open('$B/libloom_llvm.so.xz'),open('$B/libloom_llvm.so','wb'))"
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
F='*Gpu*:*Cuda*:SpecCache*:-*OpenCL*'
timeout 280 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; grep -E "^\[  (PASSED|FAILED) |tests ran|SKIPPED \]" $OUT/gpu_nvrtc.log | head -12
LOOM_CUDA_COMPILER=llvm timeout 280 $B/loom_tests --gtest_filter="$F:-TensorizeGpu*" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; grep -E "^\[  (PASSED|FAILED) |tests ran|SKIPPED \]" $OUT/gpu_llvm.log | head -12
LOOM_CUDA_COMPILER=llvm timeout 60 $B/loom_tests --gtest_filter='RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90' > $OUT/rows_llvm.log 2>&1; echo "rows llvm rc=$?"; tail -3 $OUT/rows_llvm.log
timeout 150 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='TensorizeGpu.AWrongFragmentMappingFailsTheCheck:TensorizeGpu.Float16AndTf32GemmsMatchTheReference' > $OUT/memcheck_tensor.log 2>&1; echo "memcheck tensor rc=$?"; grep -E "ERROR SUMMARY|PASSED|FAILED" $OUT/memcheck_tensor.log | head -4
