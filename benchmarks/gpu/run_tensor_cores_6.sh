#!/usr/bin/env bash
# Issue 29, sixth step (cp.async rings of tiles, pipeline_fetch stages + async) on the GPU in one
# call (timings first, so a call cut short keeps them; TESTS_FIRST=1 the other way round): the ring gpu tests (ragged sizes, misaligned rows) and the wrong fragment mapping,
# memcheck and racecheck of the ring specs, the GEMM specs timed at 4096, 8192 and two ragged
# shapes (4000^3, 3000 x 5000 x 700) with the best spec before (copy16) in the same call, and
# cuBLAS BF16 (torch.matmul) at the same shapes. Run inside a bundle made by scripts/gpu_bundle.sh
# with examples/tensor/ copied into it:
#   cd .gpu-mma5 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   bash run_tensor_cores_6.sh examples/tensor/bf16_gemm_warp64_pipelined_copy16.json examples/tensor/...ring2...
# Prints one RESULT line per spec and shape: median ms and TFLOP/s (2·m·n·l / time).
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
CHECK_SHAPES=${CHECK_SHAPES:-"17,17,17 3000,5000,700"}
run_tests() {
  # loom_tests reads tests/conformance/cases and tests/polybench under its build path at start.
  mkdir -p /work/wt-mma5/tests/conformance && ln -sfn $PWD/cases /work/wt-mma5/tests/conformance/cases &&
    ln -sfn $PWD/polybench /work/wt-mma5/tests/polybench
  ./loom_tests --gtest_filter="${TESTS:-TensorizeGpu.AsyncRings*:TensorizeGpu.AWrongFragment*:TensorizeCuda.AsyncRing*}" 2>&1 |
    grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|mismatch|error" | head -40
  for spec in "$@"; do  # --check of every spec (probes included) at ragged shapes
    for shape in $CHECK_SHAPES; do
      IFS=, read m n l <<< "$shape"
      echo "check $(basename $spec .json) ${m}x${n}x${l}: $(./loom run $spec --target cuda -D m=$m -D n=$n -D l=$l --check 2>&1 | tail -1)"
    done
  done
  [[ ${SKIP_SANITIZERS:-0} == 1 ]] && return
  for spec in "$@"; do
    case $spec in examples/tensor/*ring*)
      echo "memcheck $(basename $spec)"; compute-sanitizer --tool memcheck ./loom run $spec --target cuda --check 2>&1 | tail -2
      echo "racecheck $(basename $spec)"; compute-sanitizer --tool racecheck ./loom run $spec --target cuda -D m=129 -D n=200 -D l=100 --check 2>&1 | tail -2;;
    esac
  done
}
time_spec() {  # spec-file m n l
  local line ms tflops
  line=$(./loom run "$1" --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  tflops=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }')
  echo "RESULT $(basename $1 .json) ${2}x${3}x${4} median_ms=$ms TFLOPs=$tflops :: $line"
}
[[ ${SKIP_TESTS:-0} != 1 && ${TESTS_FIRST:-0} == 1 ]] && run_tests "$@"
SHAPES=${SHAPES:-"4096,4096,4096 8192,8192,8192 4000,4000,4000 3000,5000,700"}
for shape in $SHAPES; do
  IFS=, read m n l <<< "$shape"
  for spec in "$@"; do time_spec "$spec" $m $n $l; done
done
python3 - $SHAPES <<'PY'
import sys, statistics, torch
for shape in sys.argv[1:]:
    m, n, l = map(int, shape.split(","))
    a = torch.randn(m, l, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(l, n, device="cuda", dtype=torch.bfloat16)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize()
    times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    ms = statistics.median(times)
    print(f"RESULT cublas_bf16 {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
[[ ${SKIP_TESTS:-0} != 1 && ${TESTS_FIRST:-0} != 1 ]] && run_tests "$@"
