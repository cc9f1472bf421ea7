#!/bin/bash
# Issue 30's figures for the LLVM NVPTX compiler path, in one call of the device tool (< 10 min):
#  1. every example spec (examples/, examples/memory, examples/bandwidth) run with --check through
#     CUDA under both compilers (nvrtc, llvm);
#  2. the gpu-labelled tests with LOOM_CUDA_COMPILER=llvm (every CUDA test kernel through the LLVM
#     path), and compute-sanitizer (racecheck, synccheck) on LlvmNvptxGpu.*;
#  3. kernel times, LLVM vs NVRTC, for benchmarks/gpu/kernels.json plus the tuned SGEMM
#     (examples/memory/sgemm_tuned.json, n = 4096): loom_gpu_kernel_benchmarks under each compiler;
#  4. cold compile, spec -> loaded module, both compilers (LOOM_NO_CACHE=1): loom_gpu_llvm_compile;
#  5. a kernel run through the LLVM path with only the driver: /usr/local/cuda hidden (a tmpfs over
#     it in a private mount namespace where unshare allows it), no toolkit on LD_LIBRARY_PATH, and
#     LD_DEBUG=files showing which libraries the process loaded.
# Expects .cudarun/{loom,loom_tests,loom_gpu_kernel_benchmarks,loom_gpu_llvm_compile,
# libloom_llvm.so} beside the repository, built on the development machine (which has
# llvm-19-dev; the GPU machine has no LLVM: the binaries find libloom_llvm.so beside themselves).
# Results: $OUT/{llvm_kernels.json,nvrtc_kernels.json,compile.json,summary.txt}.
# Usage: run_llvm_path.sh [SECTION...]   (default: 1 2 3 4 5; split into two device calls, e.g.
# "1 2" and "3 4 5", if one call would pass 10 minutes)
set -u
SECTIONS=" ${*:-1 2 3 4 5} "
want() { [[ $SECTIONS == *" $1 "* ]]; }
cd "$(dirname "$0")/../.."
R=$PWD/.cudarun
export LD_LIBRARY_PATH=$R/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export LOOM_CACHE_DIR=$(mktemp -d)
OUT=${OUT:-$(mktemp -d)}
SUMMARY=$OUT/summary.txt
say() { echo "$*" | tee -a "$SUMMARY"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee -a "$SUMMARY"
ls -la $R/libloom_llvm.so $R/loom | tee -a "$SUMMARY"

want 1 && {
say "== 1. every example, run --check, both compilers"
fails=0
for spec in examples/*.json examples/memory/*.json examples/bandwidth/*.json; do
  for compiler in nvrtc llvm; do
    timeout 120 $R/loom run "$spec" --target cuda --compiler $compiler --check > $OUT/run.log 2>&1
    rc=$?
    [ $rc -ne 0 ] && fails=$((fails + 1))
    say "$(printf '%-6s rc=%d %-50s %s' $compiler $rc "$spec" "$(grep -E 'check passed|FAILED|error' $OUT/run.log | tail -n 1)")"
  done
done
say "run --check failures: $fails"
}

want 2 && {
say "== 2. gpu tests through the LLVM path"
LOOM_CUDA_COMPILER=llvm timeout 200 $R/loom_tests --gtest_filter='*Gpu*:*Cuda*:-*OpenCL*' > $OUT/gpu_tests.log 2>&1
say "loom_tests (LOOM_CUDA_COMPILER=llvm) rc=$?: $(grep -E '^\[  PASSED|^\[  FAILED|^\[  SKIPPED' $OUT/gpu_tests.log | tr '\n' ' ')"
grep -E '^\[  FAILED' $OUT/gpu_tests.log | head -n 20 | tee -a "$SUMMARY"
if command -v compute-sanitizer > /dev/null || [ -x /usr/local/cuda/bin/compute-sanitizer ]; then
  CS=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
  for tool in racecheck synccheck; do
    LOOM_CUDA_COMPILER=llvm timeout 90 $CS --tool $tool --error-exitcode 9 \
      $R/loom_tests --gtest_filter='LlvmNvptxGpu.EveryCudaExample*' > $OUT/sanitizer_$tool.log 2>&1
    say "compute-sanitizer $tool rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/sanitizer_$tool.log | tail -n 1)"
  done
fi
}

want 3 && {
say "== 3. kernel times, LLVM vs NVRTC (same run)"
python3 - "$OUT/kernels_plus_sgemm.json" <<'EOF'
import json, sys
table = json.load(open("benchmarks/gpu/kernels.json"))
table["kernels"].append({"name": "sgemm_tuned_4096", "spec": "examples/memory/sgemm_tuned.json", "check": {"m": 100, "n": 100, "p": 100},
                         "size": {"m": 4096, "n": 4096, "p": 4096}, "flops": "2*m*n*p", "torch": "c = a @ b",
                         "peer": "cublas_sgemm_4096_TFLOPs", "limit": "fp32", "outputs": ["c"]})
json.dump(table, open(sys.argv[1], "w"), indent=1)
EOF
for compiler in nvrtc llvm; do
  WORK=$(mktemp -d)
  LOOM_CUDA_COMPILER=${compiler%_again} timeout 150 $R/loom_gpu_kernel_benchmarks "$OUT/kernels_plus_sgemm.json" "$WORK" \
    > /dev/null 2> $OUT/bench_$compiler.log
  say "loom_gpu_kernel_benchmarks ($compiler) rc=$?"
  cp "$WORK/loom_kernels.json" "$OUT/${compiler}_kernels.json" 2>/dev/null
  rm -rf "$WORK"
done
python3 - "$OUT" <<'EOF' | tee -a "$SUMMARY"
import json, sys, os
out = sys.argv[1]
def load(name):
    path = os.path.join(out, name + "_kernels.json")
    if not os.path.exists(path): return {}
    rows = json.load(open(path))
    rows = rows if isinstance(rows, list) else rows.get("kernels", [])
    return {r["name"]: r for r in rows}
runs = {n: load(n) for n in ["nvrtc", "llvm", "llvm_again", "nvrtc_again"]}
print(f"{'kernel':26} {'nvrtc ms':>10} {'llvm ms':>10} {'llvm/nvrtc':>10}   (median of CUDA-event times; regs nvrtc/llvm)")
for name in runs["nvrtc"]:
    def best(a, b):
        times = [r[name].get("median_ms") for r in (runs[a], runs[b]) if name in r and r[name].get("median_ms")]
        return min(times) if times else None
    n, l = best("nvrtc", "nvrtc_again"), best("llvm", "llvm_again")
    regs = lambda r: ",".join(str(k.get("registers")) for k in r.get(name, {}).get("resources", []) if isinstance(k, dict))
    checks = "/".join(str(runs[c].get(name, {}).get("check_passed", runs[c].get(name, {}).get("error", "?"))) for c in ("nvrtc", "llvm"))
    ratio = f"{l / n:10.3f}" if n and l else "       n/a"
    print(f"{name:26} {n or 0:10.4f} {l or 0:10.4f} {ratio}   regs {regs(runs['nvrtc'])}/{regs(runs['llvm'])}  check {checks}")
EOF
}

want 4 && {
say "== 4. cold compile, spec -> loaded module (LOOM_NO_CACHE=1; median of 5 after a warm-up)"
timeout 200 $R/loom_gpu_llvm_compile 5 examples/memory/sgemm_tuned.json examples/memory/matmul_register_tiled.json \
  examples/bandwidth/vector_add.json examples/memory/transpose_local.json > $OUT/compile.json 2> $OUT/compile.log
say "loom_gpu_llvm_compile rc=$?"
cat $OUT/compile.log | tee -a "$SUMMARY"
}

want 5 && {
say "== 5. the LLVM path with only the driver (no toolkit)"
DRIVER_ONLY="env LD_LIBRARY_PATH= LOOM_NO_CACHE=1 LD_DEBUG=files LD_DEBUG_OUTPUT=$OUT/ld_debug \
  $R/loom run examples/memory/matmul_register_tiled.json --target cuda --compiler llvm --check"
if unshare -m --propagation private true 2> /dev/null; then
  unshare -m --propagation private bash -c "mount -t tmpfs tmpfs /usr/local/cuda && ls /usr/local/cuda | wc -l && $DRIVER_ONLY" \
    > $OUT/driver_only.log 2>&1
  say "driver only (/usr/local/cuda hidden by a tmpfs) rc=$?: $(tail -n 1 $OUT/driver_only.log)"
else
  $DRIVER_ONLY > $OUT/driver_only.log 2>&1
  say "driver only (toolkit off LD_LIBRARY_PATH; unshare unavailable) rc=$?: $(tail -n 1 $OUT/driver_only.log)"
fi
say "libraries the driver-only run loaded (nvrtc, cuda, llvm):"
cat $OUT/ld_debug* 2> /dev/null | grep -oE 'file=[^ ]*(nvrtc|cuda|loom_llvm)[^ ]*' | sort -u | tee -a "$SUMMARY"
# The same with NVRTC: where the toolkit is hidden it must fail with exit 3 (no NVRTC).
if unshare -m --propagation private true 2> /dev/null; then
  unshare -m --propagation private bash -c "mount -t tmpfs tmpfs /usr/local/cuda && env LD_LIBRARY_PATH= LOOM_NO_CACHE=1 \
    $R/loom run examples/memory/matmul_register_tiled.json --target cuda --compiler nvrtc" > $OUT/driver_only_nvrtc.log 2>&1
  say "driver only, --compiler nvrtc (expect rc=3) rc=$?: $(tail -n 1 $OUT/driver_only_nvrtc.log)"
fi
}
say "results in $OUT"
