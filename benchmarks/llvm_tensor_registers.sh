#!/bin/bash
# Issue 30: registers and spills of every tensorized example (examples/tensor/*.json) through both
# CUDA compilers, offline (no GPU): each compiler's PTX (`loom compile --emit ptx`) through the same
# `ptxas -arch=sm_90 -v`, and the tensor-core instruction counts of both PTX files.
# Usage: bash benchmarks/llvm_tensor_registers.sh [BUILD_DIR]   (prints a Markdown table)
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
PTXAS=${PTXAS:-/usr/local/cuda/bin/ptxas}
# PTX_DIR: keep the PTX files there (default: a temporary folder).
if [[ -n ${PTX_DIR:-} ]]; then
  work=$PTX_DIR && mkdir -p "$work"
else
  work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
fi
# "registers / spill stores B / spill loads B" of ptxas -v's report of a PTX file.
resources() {
  "$PTXAS" -arch=sm_90 -v "$1" -o /dev/null 2>&1 | python3 -c '
import re, sys
text = sys.stdin.read()
registers = re.search(r"Used (\d+) registers", text)
spills = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", text)
found = [registers.group(1)] + list(spills.groups()) if registers and spills else ["?"] * 3
print(" / ".join(found))'
}
count() { grep -c -- "$1" "$2" || true; }
echo "| spec | NVRTC regs / spill st / spill ld | LLVM regs / spill st / spill ld | mma.sync NVRTC / LLVM | ldmatrix NVRTC / LLVM | cvt.rna.tf32 NVRTC / LLVM |"
echo "|---|---|---|---|---|---|"
for spec in examples/tensor/*.json; do
  name=$(basename "$spec" .json)
  "$BUILD/loom" compile "$spec" --target cuda --compiler nvrtc --emit ptx > "$work/$name.nvrtc.ptx"
  "$BUILD/loom" compile "$spec" --target cuda --compiler llvm --emit ptx > "$work/$name.llvm.ptx"
  n="$work/$name.nvrtc.ptx" l="$work/$name.llvm.ptx"
  echo "| $name | $(resources "$n") | $(resources "$l") | $(count mma.sync "$n") / $(count mma.sync "$l") |" \
       "$(count ldmatrix "$n") / $(count ldmatrix "$l") | $(count cvt.rna.tf32 "$n") / $(count cvt.rna.tf32 "$l") |"
done
