#!/bin/bash
# Issue 30: the tensor-core lowering of the LLVM path on the GPU, one device call (< 4 minutes):
#  1. the tensor-core gpu tests (TensorizeGpu.*: ragged sizes 1-3000x5000x700, ldmatrix and .trans,
#     pipelined, f16 and TF32, and the wrong fragment mapping that must fail; LlvmNvptxGpu.*: every
#     CUDA example, examples/tensor included, through the LLVM path, and the global-operand tiles
#     under both compilers) with LOOM_CUDA_COMPILER=nvrtc and =llvm;
#  2. `loom run --repeat 20` (median of 20 after a warm-up) of bf16_gemm and
#     bf16_gemm_warp64_pipelined_bj at 4096³ and at the ragged 4095³ under both compilers, same card;
#  3. where the bundle has libloom_llvm_x.so (the library before loop strength reduction was
#     turned off for tensor-core modules; it also reads extra LLVM options from LOOM_X_LLVM_ARGS;
#     not in the repository), bf16_gemm_warp64_pipelined_bj through it, i.e. with LSR (offline 220
#     B of spills against 20; benchmarks/NOTES.md, issue 30 seventh session).
# Bundle (BUNDLE, default .gpu-llvm6): scripts/gpu_bundle.sh build loom loom_tests, libloom_llvm.so
# stripped and xz'd, libzstd.so.1 in lib/, this script. Run from the checkout (examples/ is read).
set -u
B=$(cd "${BUNDLE:-.gpu-llvm6}" && pwd)
OUT=${OUT:-$(mktemp -d)}
for packed in "$B"/*.so.xz; do
  [ -f "${packed%.xz}" ] || python3 -c "import lzma, sys; open(sys.argv[2], 'wb').write(lzma.open(sys.argv[1]).read())" "$packed" "${packed%.xz}"
done
chmod +x "$B"/*.so 2> /dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom LOOM_EXAMPLES=$PWD/examples
# loom_tests reads examples where it was built: point that path at this checkout.
built_in=$(strings "$B/loom_tests" | grep -m1 -oE '^/[^ ]*/examples$' || true)
if [ -n "$built_in" ] && [ ! -d "$built_in" ]; then mkdir -p "$(dirname "$(dirname "$built_in")")" && ln -sfn "$PWD" "$(dirname "$built_in")"; fi
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for c in nvrtc llvm; do
  LOOM_CACHE_DIR=$(mktemp -d) LOOM_CUDA_COMPILER=$c timeout 100 "$B/loom_tests" --gtest_filter='TensorizeGpu.*:LlvmNvptxGpu.*' > "$OUT/tests_$c.log" 2>&1
  echo "tests $c rc=$?"
  grep -E "^\[ +(OK|FAILED|SKIPPED|PASSED) " "$OUT/tests_$c.log" | head -16
done
for s in bf16_gemm bf16_gemm_warp64_pipelined_bj; do for n in 4096 4095; do for c in nvrtc llvm; do
  line=$(LOOM_CACHE_DIR=$(mktemp -d) timeout 20 "$B/loom" run "examples/tensor/$s.json" --target cuda --compiler $c -D m=$n -D n=$n -D l=$n --repeat 20 2>&1 | tail -1)
  echo "TIME $s n=$n $c :: $line"
done; done; done
if [ -f "$B/libloom_llvm_x.so" ]; then for n in 4096 4095; do
  line=$(LOOM_CACHE_DIR=$(mktemp -d) LOOM_LLVM_LIBRARY=$B/libloom_llvm_x.so timeout 20 "$B/loom" run \
         examples/tensor/bf16_gemm_warp64_pipelined_bj.json --target cuda --compiler llvm -D m=$n -D n=$n -D l=$n --repeat 20 2>&1 | tail -1)
  echo "TIME bf16_gemm_warp64_pipelined_bj n=$n llvm-with-lsr :: $line"
done; fi
