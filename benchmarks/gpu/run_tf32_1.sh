#!/usr/bin/env bash
# Issue 29, tf32 pass: the generated TF32 wgmma GEMM with the operands' roles exchanged
# (examples/tensor/tf32_gemm_wgmma.json: b^T as wgmma's register A operand, a as the k-major B by
# descriptor), checked at ragged sizes (gpu-label tests and loom run --check), then timed beside
# cuBLAS TF32 and FP16 (torch, allow_tf32 = True for TF32) in the same call. Bundle:
# scripts/gpu_bundle.sh build loom loom_tests, plus examples/ and this script, in .gpu-tf32/.
#   cd .gpu-tf32 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH && bash run_tf32_1.sh
set -u
export LOOM_EXAMPLES=$PWD/examples
export LOOM_CUDA_COMPILER=nvrtc
if [[ -f loom_tests ]]; then
  built_in=$(strings loom_tests | grep -m1 -oE '^/[^ ]*/examples$' || true)
  if [[ -n $built_in && ! -e $(dirname "$built_in") ]]; then mkdir -p "$(dirname "$(dirname "$built_in")")" && ln -s "$(cd .. && pwd)" "$(dirname "$built_in")"; fi
fi
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
if [[ -f loom_tests && -n ${TESTS-TensorizeWgmmaTf32*} ]]; then
  timeout ${TEST_TIMEOUT:-150} ./loom_tests --gtest_filter="${TESTS:-TensorizeWgmmaTf32*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|error|tests ran|worst" | head -60
fi
# A 4-stage variant (197 KB of rings instead of the example's 150 KB). Call 1 ran with the example
# at 4 stages and this line making a 3-stage variant (tf32_gemm_wgmma_s3.json), which was faster
# and became the example.
sed 's/"stages": 3/"stages": 4/g; s/"name": "tf32_gemm_wgmma"/"name": "tf32_gemm_wgmma_s4"/' examples/tensor/tf32_gemm_wgmma.json > tf32_gemm_wgmma_s4.json
# The deliberately wrong accumulator mapping (rows g and g + 8 swapped, a test-only tag): must FAIL.
sed 's|    {"op": "pipeline_fetch", "fetch": "b_fetch_rule"|    {"op": "tag_instructions", "new_tag": "tensorize_test_wrong_rows", "within": "id:mm"},\n&|' examples/tensor/tf32_gemm_wgmma.json > tf32_gemm_wgmma_wrong.json
for size in ${WRONG_SIZES-17,17,17 129,129,129}; do
  IFS=, read m n l <<< "$size"
  echo "WRONG-MAPPING CHECK (must fail) ${size}: $(timeout 60 ./loom run tf32_gemm_wgmma_wrong.json --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ' | cut -c1-300)"
done
for entry in ${CHECKS-examples/tensor/tf32_gemm_wgmma.json:1,1,1 examples/tensor/tf32_gemm_wgmma.json:17,17,17 examples/tensor/tf32_gemm_wgmma.json:129,129,129 examples/tensor/tf32_gemm_wgmma.json:129,200,70 examples/tensor/tf32_gemm_wgmma.json:1000,1000,1000 examples/tensor/tf32_gemm_wgmma.json:3000,5000,700 tf32_gemm_wgmma_s4.json:1000,1000,1000}; do  # spec:m,n,l
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
  for spec in ${SPECS:-examples/tensor/tf32_gemm_wgmma.json tf32_gemm_wgmma_s4.json examples/tensor/tf32_gemm_8warps_ring3.json examples/tensor/f16_gemm_wgmma.json}; do time_spec "$spec" $m $n $l; done
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
    for op, dtype, tf32 in (("tf32", torch.float32, True), ("f16", torch.float16, False)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
