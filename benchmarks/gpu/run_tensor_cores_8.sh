#!/usr/bin/env bash
# Issue 29, eighth step: the wgmma probe (benchmarks/gpu/mma_variants/wgmma_probe.py) checked
# against a float64 reference and timed at 4096^3 and 8192^3 beside the generated ring3 spec and
# cuBLAS (torch) in one call. Bundle: scripts/gpu_bundle.sh build loom, plus wgh (the harness
# built with nvcc -gencode arch=compute_90a,code=sm_90a), mma_variants/ and examples/tensor/.
#   cd .gpu-mma7 && export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:$LD_LIBRARY_PATH && bash run_tensor_cores_8.sh
set -u
export LOOM_EXAMPLES=$PWD/examples
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader
if ! ./wgh check 128 256 64 >/dev/null 2>&1 && command -v nvcc >/dev/null; then
  echo "rebuilding wgh here"; (cd mma_variants && nvcc -gencode arch=compute_90a,code=sm_90a -O3 -std=c++17 wgmma_harness.cu -o ../wgh)
fi
# One variant a process: a faulting variant (the *x ones, descriptors deliberately swapped) would
# poison the context for the rest.
VARIANTS=${VARIANTS:-"wg128s4 wg128s4x wg128s4ak wg128s5 wg256s4 wg256s3 sw128s4 sw128s4x sw128s6 sw256s4"}
for v in $VARIANTS; do
  for shape in ${PROBE_CHECK_SHAPES:-256,512,192 384,768,320}; do
    IFS=, read m n l <<< "$shape"; VARIANT=$v ./wgh check $m $n $l
  done
done
for v in ${TIMED:-$VARIANTS}; do
  for n in ${PROBE_SIZES:-4096 8192}; do VARIANT=$v ./wgh time $n; done
done
for entry in ${TIMES:-}; do  # variant:m,n,l
  IFS=, read m n l <<< "${entry#*:}"; VARIANT=${entry%%:*} ./wgh time $m $n $l
done
time_spec() {  # spec-file m n l
  local line ms
  line=$(./loom run "$1" --target cuda -D m=$2 -D n=$3 -D l=$4 --repeat 20 2>&1 | tail -1)
  ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
  [[ -z $ms ]] && ms=$(echo "$line" | sed -n 's/.*median \([0-9.]*\) us.*/\1/p' | awk '{ if ($1 != "") printf "%.4f", $1 / 1000 }')
  echo "RESULT $(basename $1 .json) ${2}x${3}x${4} median_ms=$ms TFLOPs=$(awk -v m=$2 -v n=$3 -v l=$4 -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", 2*m*n*l/(ms*1e-3)/1e12; else print "?" }') :: $line"
}
for shape in ${SHAPES:-4096,4096,4096 8192,8192,8192}; do
  IFS=, read m n l <<< "$shape"
  for spec in ${SPECS:-}; do time_spec "$spec" $m $n $l; done
done
python3 - "${PEER_SHAPES:-4096,4096,4096 8192,8192,8192 4000,4000,4000 3000,5000,700}" <<'PY'
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
    for op, dtype, tf32 in (("bf16", torch.bfloat16, False), ("tf32", torch.float32, True)):
        ms = time_mm(m, n, l, dtype, tf32)
        print(f"RESULT cublas_{op} {m}x{n}x{l} median_ms={ms:.4f} TFLOPs={2*m*n*l/(ms*1e-3)/1e12:.1f}")
PY
for entry in ${SANITIZE:-}; do  # variant:m,n,l
  command -v compute-sanitizer >/dev/null || { echo "no compute-sanitizer"; break; }
  IFS=, read m n l <<< "${entry#*:}"
  echo "memcheck ${entry}: $(VARIANT=${entry%%:*} compute-sanitizer --tool memcheck ./wgh check $m $n $l 2>&1 | grep -E "CHECK|ERROR SUMMARY" | tr '\n' ' ')"
done
