set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"; chmod +x $B/*.so
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; grep -E "^\[  (PASSED|FAILED) " $OUT/gpu_nvrtc.log | head
LOOM_CUDA_COMPILER=llvm timeout 200 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_llvm.log 2>&1; echo "llvm rc=$?"; grep -E "^\[  (PASSED|FAILED|SKIPPED) " $OUT/gpu_llvm.log | head
R=$B REPO=$PWD LOOM_BENCH_DUMP=0 BENCH_TIMEOUT=45 timeout 150 bash benchmarks/gpu/run_llvm_gap.sh 1 2>&1 | grep -E "^(kernel|stencil|vector|sgemm|softmax)" 
