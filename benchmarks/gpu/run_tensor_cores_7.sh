#!/usr/bin/env bash
# Issue 29, seventh step (round_up k splits with zero-filled tiles: no fragment masks; 8-warp
# groups) on the GPU in one call: timings first (bf16 specs at 4096, 8192, 4000^3 and
# 3000 x 5000 x 700 beside cuBLAS; F16_SPECS / TF32_SPECS at 4096 and 8192 beside cuBLAS FP16 /
# TF32), then `--check` of CHECK_SPECS at ragged shapes and the tensor-core gtests (the wrong
# fragment mapping must fail its check). Run inside a bundle made by scripts/gpu_bundle.sh with
# examples/, tests/conformance/cases as cases/, tests/polybench as polybench/ and the probe specs:
#   cd .gpu-mma6 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH &&
#   BF16_SPECS="..." F16_SPECS="..." TF32_SPECS="..." CHECK_SPECS="..." bash run_tensor_cores_7.sh
# Prints one RESULT line per spec and shape: median ms and TFLOP/s (2·m·n·l / time).
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
# A spec may be written NAME=VALUE@spec-file: run with that environment setting (a measurement
# switch such as LOOM_FRAGMENT_LOADS_AHEAD, not part of the cache key: run with LOOM_NO_CACHE=1).
loom_run() {  # spec[@env] args...
  local spec=$1; shift
  if [[ $spec == *@* ]]; then env LOOM_NO_CACHE=1 "${spec%%@*}" ./loom run "${spec#*@}" "$@"; else ./loom run "$spec" "$@"; fi
}
label() { [[ $1 == *@* ]] && echo "$(basename ${1#*@} .json)[${1%%@*}]" || basename $1 .json; }
time_spec() {  # spec-file m n l
  local line ms tflops
  line=$(loom_run "$1" --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  tflops=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }')
  echo "RESULT $(label $1) ${2}x${3}x${4} median_ms=$ms TFLOPs=$tflops :: $line"
}
SHAPES=${SHAPES:-"4096,4096,4096 8192,8192,8192 4000,4000,4000 3000,5000,700"}
SQUARE=${SQUARE:-"4096,4096,4096 8192,8192,8192"}
for shape in $SHAPES; do
  IFS=, read m n l <<< "$shape"
  for spec in ${BF16_SPECS:-}; do time_spec "$spec" $m $n $l; done
done
for shape in $SQUARE; do
  IFS=, read m n l <<< "$shape"
  for spec in ${F16_SPECS:-} ${TF32_SPECS:-}; do time_spec "$spec" $m $n $l; done
done
python3 - "$SHAPES" "$SQUARE" <<'PY'
import sys, statistics, torch
def time_mm(m, n, l, dtype, tf32=False):
    torch.backends.cuda.matmul.allow_tf32 = tf32
    a = torch.randn(m, l, device="cuda", dtype=dtype)
    b = torch.randn(l, n, device="cuda", dtype=dtype)
    for _ in range(10): torch.matmul(a, b)
    torch.cuda.synchronize()
    times = []
    for _ in range(50):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); torch.matmul(a, b); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times)
runs = [(shape, "bf16", torch.bfloat16, False) for shape in sys.argv[1].split()]
runs += [(shape, op, dt, tf) for shape in sys.argv[2].split()
         for op, dt, tf in (("f16", torch.float16, False), ("tf32", torch.float32, True))]
for shape, op, dtype, tf32 in runs:
    m, n, l = map(int, shape.split(","))
    ms = time_mm(m, n, l, dtype, tf32)
    print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
CHECK_SHAPES=${CHECK_SHAPES:-"1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700"}
for spec in ${CHECK_SPECS:-}; do
  for shape in $CHECK_SHAPES; do
    IFS=, read m n l <<< "$shape"
    echo "check $(label $spec) ${m}x${n}x${l}: $(loom_run $spec --target cuda -D m=$m -D n=$n -D l=$l --check 2>&1 | tail -1)"
  done
done
if [[ -n ${TESTS:-} ]]; then
  # loom_tests reads tests/conformance/cases and tests/polybench under its build path at start.
  mkdir -p ${WORKTREE:-/work/wt-mma6}/tests/conformance && ln -sfn $PWD/cases ${WORKTREE:-/work/wt-mma6}/tests/conformance/cases &&
    ln -sfn $PWD/polybench ${WORKTREE:-/work/wt-mma6}/tests/polybench
  ./loom_tests --gtest_filter="$TESTS" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|mismatch|error" | head -40
fi
