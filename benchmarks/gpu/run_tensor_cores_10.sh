#!/usr/bin/env bash
# Issue 29, tenth step: the generated wgmma GEMM with the fill code's alignment tested once per
# array instead of per copy, checked (WideCopyGpu: aligned and misaligned rows; loom run --check at
# misaligned and aligned sizes) and timed beside cuBLAS BF16 (torch) in one short call. Bundle:
# scripts/gpu_bundle.sh build loom loom_tests, plus examples/ and this script.
#   cd .gpu-mma9 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH && bash run_tensor_cores_10.sh
set -u
export LOOM_EXAMPLES=$PWD/examples
# The test binary reads tests/conformance/cases where it was built: point that at this checkout's root.
built_in=$(strings loom_tests | grep -m1 -oE '^/[^ ]*/examples$' || true)
if [[ -n $built_in && ! -e $(dirname "$built_in") ]]; then mkdir -p "$(dirname "$(dirname "$built_in")")" && ln -s "$(cd .. && pwd)" "$(dirname "$built_in")"; fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
if [[ -n ${TESTS:-WideCopyGpu*} ]]; then
  timeout ${TEST_TIMEOUT:-40} ./loom_tests --gtest_filter="${TESTS:-WideCopyGpu*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|error|tests ran" | head -60
fi
for entry in ${CHECKS:-examples/tensor/bf16_gemm_wgmma.json:129,200,70 examples/tensor/bf16_gemm_wgmma.json:1000,1000,1000 examples/tensor/bf16_gemm_wgmma_s3.json:129,129,129 examples/tensor/bf16_gemm_wgmma_s3.json:1000,1000,1000}; do  # spec:m,n,l
  IFS=, read m n l <<< "${entry#*:}"
  echo "CHECK ${entry}: $(timeout 60 ./loom run "${entry%%:*}" --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ')"
done
time_spec() {  # spec-file m n l
  local line ms
  line=$(timeout 60 ./loom run "$1" --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $(basename $1 .json) ${2}x${3}x${4} median_ms=$ms TFLOPs=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $line"
}
for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192}; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-examples/tensor/bf16_gemm_wgmma.json examples/tensor/bf16_gemm_wgmma_s3.json}; do time_spec "$spec" $m $n $l; done
done
python3 - "${PEER_SHAPES:-4096,4096,4096 8192,8192,8192}" <<'PY'
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
for shape in sys.argv[1].split():
    m, n, l = map(int, shape.split(","))
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False),):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
for entry in ${SANITIZE:-}; do  # spec:m,n,l
  command -v compute-sanitizer >/dev/null || { echo "no compute-sanitizer"; break; }
  IFS=, read m n l <<< "${entry#*:}"
  echo "memcheck ${entry}: $(timeout 120 compute-sanitizer --tool memcheck ./loom run "${entry%%:*}" --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | grep -E "check|PASS|FAIL|ERROR SUMMARY" | tr '\n' ' ')"
done
