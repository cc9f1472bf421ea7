#!/usr/bin/env bash
# Issue 29, twelfth pass (wt-wg14): pipeline_fetch's rings with asynchronous (wgmma) readers filled
# S - 2 tiles ahead, one wgmma group in flight (wait_group 1) in the k loop. One call: the gpu tests
# of the wgmma paths, --check of the changed specs at ragged sizes, then the BF16 / FP16 / TF32 specs
# timed at 4096, 8192 and 4000^3 with this branch's loom and main's (the baseline) beside cuBLAS
# (torch) in the same call. Bundle (.gpu-wg14/, carried): loom, loom_tests (this branch), loom_main
# (main's loom), lib/, examples/ and this script.
#   cd .gpu-wg14 && bash run_tensor_cores_12.sh
set -u
B=$PWD
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_EXAMPLES=$B/examples LOOM_CUDA_COMPILER=nvrtc LOOM_CACHE_DIR=$(mktemp -d)
mkdir -p $LOOM_CACHE_DIR/loom $LOOM_CACHE_DIR/loom_main
# loom_tests reads tests/ and examples/ under its build path (/work/wt-wg14): point that here.
mkdir -p /work && [[ -e /work/wt-wg14 ]] || ln -s "$(cd .. && pwd)" /work/wt-wg14
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
cat COMMIT
if [[ -n ${TESTS-TensorizeWgmmaGpu.*} ]]; then
  timeout ${TEST_TIMEOUT:-130} ./loom_tests --gtest_filter="${TESTS:-TensorizeWgmmaGpu.*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|error|tests ran|worst" | head -40
fi
for entry in ${CHECKS-examples/tensor/bf16_gemm_wgmma_s3.json:4000,4000,300 examples/tensor/bf16_gemm_wgmma.json:4000,4000,300}; do  # spec:m,n,l
  IFS=, read m n l <<< "${entry#*:}"
  echo "CHECK ${entry}: $(timeout 60 ./loom run "${entry%%:*}" --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ' | cut -c1-300)"
done
time_spec() {  # loom-binary spec-file m n l
  local line ms
  line=$(LOOM_CACHE_DIR=$LOOM_CACHE_DIR/$(basename $1) timeout 60 "$1" run "$2" --target cuda -D m=$3 -D n=$4 -D l=$5 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $(basename $1) $(basename $2 .json) ${3}x${4}x${5} median_ms=$ms TFLOPs=$(awk -v m=$3 -v n=$4 -v l=$5 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $(echo "$line" | cut -c1-100)"
}
for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-examples/tensor/bf16_gemm_wgmma_s3.json examples/tensor/bf16_gemm_wgmma.json examples/tensor/f16_gemm_wgmma.json}; do
    time_spec ./loom "$spec" $m $n $l
    time_spec ./loom_main "$spec" $m $n $l
  done
  for spec in ${MINE_ONLY:-examples/tensor/tf32_gemm_wgmma.json}; do time_spec ./loom "$spec" $m $n $l; done
done
python3 - "${PEER_SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}" <<'PY'
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
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("f16", torch.float16, False), ("tf32", torch.float32, True)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
for spec in ${SPLIT_SPECS-examples/tensor/bf16_gemm_wgmma_s3.json examples/tensor/bf16_gemm_wgmma.json}; do  # the opt-in whole-tile split
  for shape in 4096,4096,4096 8192,8192,8192; do IFS=, read m n l <<< "$shape"; LOOM_UNIFORM_FETCHES=1 time_spec ./loom "$spec" $m $n $l | sed 's/^RESULT loom /RESULT loom_split /'; done
done
