#!/bin/bash
# Coordinator's GPU verification, 2026-11-26 evening session, call A (main with tiles7 merged and
# the coordinator's fixes: strided unrolling, ilp reductions, live ranges of private scalars, the
# C target's index checks, PoCL fault exit):
#  1. gpu tests through NVRTC;
#  2. transpose_tile32x256 (store_whole_lines, fill 0, unrolled fetch) at 8192 / 8191 against the
#     spec before tails8, two passes, after --check at n = 1, 1001, 2049, 8191 (tails8's call3);
#  3. every PolyBench spec whose OpenCL outcome is "passes", with `loom run --target cuda --check`.
# Bundle: .cudarun/ (scripts/gpu_bundle.sh build loom loom_tests).
set -u
mkdir -p /work && ln -sfn "$PWD" /work/main
B=$PWD/.cudarun
[ -f $B/libloom_llvm.so ] || python3 -c "import lzma;open('$B/libloom_llvm.so','wb').write(lzma.open('$B/libloom_llvm.so.xz').read())"
chmod +x $B/*.so 2>/dev/null
export LD_LIBRARY_PATH=$B/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CLI=$B/loom
export LOOM_CACHE_DIR=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
cat $B/COMMIT
L=$B/loom
for n in 1 1001 2049 8191; do
  echo "check transpose_tile32x256 n=$n: $(timeout 90 $L run examples/memory/transpose_tile32x256.json --target cuda --check -D n=$n 2>&1 | tail -n 1)"
done
for pass in 1 2; do for n in 8192 8191; do
  for s in benchmarks/gpu/tails8/transpose_tile32x256_before.json examples/memory/transpose_tile32x256.json; do
    echo "p$pass $(basename $s .json) n=$n $(timeout 60 $L run $s --target cuda --repeat 50 -D n=$n 2>&1 | tail -n 1)"
  done
done; done
python3 - > $OUT/polybench_cuda.log 2>&1 <<'PY'
import json, subprocess, os
outcomes = json.load(open("tests/polybench/outcomes.json"))
ran = failed = 0
for name, o in outcomes.items():
    if o.get("opencl") != "passes": continue
    ran += 1
    r = subprocess.run([os.environ["LOOM_CLI"], "run", f"tests/polybench/{name}.json", "--target", "cuda", "--check"],
                       capture_output=True, text=True, timeout=120)
    last = (r.stdout + r.stderr).strip().splitlines()[-1:] or [""]
    ok = r.returncode == 0 and last[0].startswith("check passed")
    failed += not ok
    print(("ok   " if ok else "FAIL ") + name + ": " + last[0])
print(f"polybench on cuda: {ran} specs, {failed} failed")
PY
echo "polybench rc=$?"; grep -E "FAIL|polybench on cuda" $OUT/polybench_cuda.log | head -20
sum() { grep -E "^\[  (PASSED|FAILED) |tests ran|^\[  FAILED  \]" "$1" | head -14; }
F='*Gpu*:*Cuda*:SpecCache*:TuneGpu*:-*OpenCL*'
timeout 330 $B/loom_tests --gtest_filter="$F" > $OUT/gpu_nvrtc.log 2>&1; echo "nvrtc rc=$?"; sum $OUT/gpu_nvrtc.log
