#!/bin/bash
# Coordinator's GPU verification at the end of the 2026-11-26 (07:42-10:42 UTC) session, one call:
#  1. gpu tests under NVRTC and under LLVM (TensorizeGpu follows LOOM_CUDA_COMPILER now: the LLVM
#     path lowers the tensor-core instructions), compute-sanitizer memcheck of the tensor and LLVM
#     tests under LLVM;
#  2. issue 25's SGEMM size rule (sgemm_rule.py: split-k where 128 x 128 tiles fill < 80% of their
#     last wave) at every issue shape, cuBLAS just before and after each loom run;
#  3. BF16 GEMMs through both compilers beside cuBLAS (gpu_peers.py --ops bf16).
# Bundle .cudarun/: scripts/gpu_bundle.sh build loom loom_tests, libloom_llvm.so stripped + xz'd,
# libzstd, gpu_peers.py, cublas_shapes.py, sgemm_rule.py, specs/ (sgemm_tuned, sgemm_splitk).
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT 2>/dev/null
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
# 2 first (short), while the machine is cool
OUT=$OUT BUNDLE=$B bash -c 'L=$BUNDLE/loom; S=$BUNDLE/specs
  for g in sgemm_splitk sgemm_tuned; do echo "check $g 1001 999 77: $(timeout 60 $L run $S/$g.json --target cuda --check -D m=1001 -D n=999 -D p=77 2>&1 | tail -n 1)"; done
  timeout 60 python3 $BUNDLE/sgemm_rule.py $L $S 4096,1000,4096 3000,3000,3000 1000,1000,8192 1000,1000,1000 5000,5000,5000 1500,1500,1500 2000,2000,2000 3000,5000,700 7000,7000,7000' 2>&1 | tee $OUT/sgemm_rule.log | tail -14
timeout 170 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
LOOM_CUDA_COMPILER=llvm timeout 170 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; sum $OUT/gpu_llvm.log
LOOM_CUDA_COMPILER=llvm timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 $B/loom_tests --gtest_filter='TensorizeGpu.*:LlvmNvptxGpu.*' > $OUT/memcheck_llvm.log 2>&1; echo "memcheck llvm rc=$?"; grep -E "ERROR SUMMARY|^\[  (PASSED|FAILED) " $OUT/memcheck_llvm.log | head -4
cd $B && for s in bf16_gemm_warp64_pipelined_bj bf16_gemm_warp64_pipelined_copy16; do for c in nvrtc llvm; do for n in 4096 8192; do
  [ -f ../examples/tensor/$s.json ] || continue
  echo "TENSOR $s $c n=$n :: $(LOOM_CUDA_COMPILER=$c timeout 60 ./loom run ../examples/tensor/$s.json --target cuda -D m=$n -D n=$n -D l=$n --repeat 20 2>&1 | tail -1)"
done; done; done; cd ..
for n in 4096 8192; do timeout 60 python3 $B/gpu_peers.py --ops bf16 --n $n 2>&1 | grep -E "TFLOP"; done
