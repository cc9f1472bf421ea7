#!/bin/bash
# Coordinator's GPU verification of main at the end of the 2026-11-26 (04:52-07:52 UTC) session.
# Call 1 ("tests"): gpu tests under NVRTC and LLVM, rows register test under both, memcheck of the
# tensor-core tests and of every CUDA example through the LLVM path.
# Call 2 ("times"): tensor-core GEMMs beside cuBLAS (BF16/TF32), the LLVM/NVRTC ragged table,
# the transpose candidates of run_tails4.sh `next`.
# Bundle: .cudarun/ (scripts/gpu_bundle.sh build loom loom_tests loom_gpu_kernel_benchmarks,
# libloom_llvm.so stripped and xz'd, libzstd) + gpu_peers.py (../shared/peers) in .cudarun/.
set -u
PART=${1:-tests}
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
git log -1 --format='commit %H' 2>/dev/null
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
if [ "$PART" = tests ]; then
  F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
  timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
  LOOM_CUDA_COMPILER=llvm timeout 200 $B/loom_tests --gtest_filter="$F:-TensorizeGpu*" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; sum $OUT/gpu_llvm.log
  timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='TensorizeGpu.*' > $OUT/memcheck_tensor.log 2>&1; echo "memcheck tensor rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck_tensor.log | head -4
  LOOM_CUDA_COMPILER=llvm timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='LlvmNvptxGpu.*' > $OUT/memcheck_llvm.log 2>&1; echo "memcheck llvm rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck_llvm.log | head -4
  exit 0
fi
# times (and the tests the first call's findings touched, under both compilers)
for c in nvrtc llvm; do LOOM_CUDA_COMPILER=$c timeout 90 $B/loom_tests --gtest_filter='TuneGpu*:LlvmNvptxGpu*:RowsExamplesGpu.TheRowTileStaysInRegistersOnSm90' > $OUT/retest_$c.log 2>&1; echo "retest $c rc=$?"; sum $OUT/retest_$c.log; done
cd $B && for s in bf16_gemm bf16_gemm_warp64_pipelined_bj f16_gemm tf32_gemm; do for n in 4096 8192; do
  line=$(./loom run "../examples/tensor/$s.json" --target cuda -D m=$n -D n=$n -D l=$n --repeat 20 2>&1 | tail -1)
  echo "TENSOR $s n=$n :: $line"
done; done; cd ..
for n in 4096 8192; do timeout 60 python3 $B/gpu_peers.py --ops bf16,tf32 --n $n 2>&1 | grep -E "TFLOP"; done
R=$B REPO=$PWD RAGGED=1 LOOM_BENCH_DUMP=0 BENCH_TIMEOUT=45 timeout 150 bash benchmarks/gpu/run_llvm_gap.sh 1 2>&1 | tail -14
mkdir -p $B/specs && cp examples/memory/transpose_tile32*.json benchmarks/gpu/tails4/*.json $B/specs/
cp benchmarks/gpu/cublas_shapes.py benchmarks/gpu/gpu_peers_mnk.py $B/ 2>/dev/null
BUNDLE=$B OUT=$OUT timeout 120 bash benchmarks/gpu/run_tails4.sh next 2>&1 | tail -24
