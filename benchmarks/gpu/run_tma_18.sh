#!/usr/bin/env bash
# Issue 29, tma18: pipeline_fetch's bulk fills (TMA) on the wgmma GEMM. One device call: the
# sanitizer on one small bulk kernel, the gpu tests of the bulk path and of the cp.async ring,
# `loom run --check` at the issue's ragged sizes (aligned rows: bulk copies; unaligned rows: the
# cp.async fallback), then the bulk spec and the cp.async spec timed beside cuBLAS BF16 (torch).
# Bundle (.gpu-tma18): loom, loom_tests (scripts/gpu_bundle.sh), lib/, examples/, this script.
#   cd .gpu-tma18 && bash run_tma_18.sh
set -u
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
# The test binary reads examples/ where it was built (/work/wt-tma18): point that at this bundle,
# which carries the branch's examples (the device's checkout is main's).
built_in=$(strings loom_tests | grep -m1 -oE '^/[^ ]*/examples$' || true)
if [[ -n $built_in && ! -e $(dirname "$built_in") ]]; then mkdir -p "$(dirname "$(dirname "$built_in")")" && ln -s "$PWD" "$(dirname "$built_in")"; fi
[[ -e tests ]] || ln -s ../tests tests   # tests/conformance/cases, which loom_tests lists at start
echo "examples at: $built_in -> $(ls $built_in/tensor | grep -c json) tensor specs"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
BULK=examples/tensor/bf16_gemm_wgmma_bulk.json
RING=examples/tensor/bf16_gemm_wgmma.json
if [[ ${SANITIZE:-1} == 1 ]] && command -v compute-sanitizer >/dev/null; then
  compute-sanitizer --version | tail -1
  for tool in memcheck synccheck racecheck; do
    echo "SANITIZE $tool 129,200,72: $(LOOM_NO_BULK_FALLBACK=1 timeout 90 compute-sanitizer --tool $tool ./loom run $BULK --target cuda --check -D m=129 -D n=200 -D l=72 2>&1 | grep -E "check|PASS|FAIL|ERROR SUMMARY|rror" | head -4 | tr '\n' ' ')"
  done
else
  echo "no compute-sanitizer"
fi
timeout ${TEST_TIMEOUT:-200} ./loom_tests --gtest_filter="${TESTS:-PipelineFetchBulkGpu*}" 2>&1 | grep -E "^\[ *(OK|FAILED|SKIPPED|PASSED) |Failure|Expected|Which is|rror|tests ran" | head -60
for entry in ${CHECKS:-1,1,1 17,17,17 129,129,129 1000,1000,1000 3000,5000,700 300,4093,500 17,24,40 129,200,72 3000,5000,712}; do
  IFS=, read m n l <<< "$entry"
  echo "CHECK bulk $entry: $(timeout 90 ./loom run $BULK --target cuda --check -D m=$m -D n=$n -D l=$l 2>&1 | tail -2 | tr '\n' ' ')"
done
time_spec() {  # spec-file m n l
  local line ms
  line=$(timeout 60 ./loom run "$1" --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -3 | tr '\n' ' ')
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $(basename $1 .json) ${2}x${3}x${4} median_ms=$ms TFLOPs=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $line"
}
peers() {
python3 - "$1" <<'PY'
import sys, statistics, torch
def time_mm(m, n, l):
    a = torch.randn(m, l, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(l, n, device="cuda", dtype=torch.bfloat16)
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
    ms = time_mm(m, n, l)
    print(f"RESULT cublas_bf16 {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
}
for round in $(seq ${ROUNDS:-2}); do
  for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}; do
    IFS=, read m n l <<< "$shape"
    for spec in $BULK $RING; do time_spec "$spec" $m $n $l; done
  done
  peers "${SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000}"
done
