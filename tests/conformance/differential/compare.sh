#!/bin/bash
# usage: compare.sh SPECDIR LOOM OUTDIR
# loopy's verdict (OUTDIR/loopy.jsonl, code in OUTDIR/loopy_code/), loom's (OUTDIR/loom.tsv), and
# where loom accepts, run --check on C and OpenCL (OUTDIR/check.txt: only failures, then "finished").
set -u
specs=$1 loom=$2 out=$3
here=$(dirname "$0")
mkdir -p "$out"
/tmp/rows-venv/bin/python "$here/loopy_families.py" "$specs"/*.json --target opencl --reps 1 \
  --warmup 0 --emit-dir "$out/loopy_code" > "$out/loopy.jsonl" 2> "$out/loopy.err" &
for f in "$specs"/*.json; do
  err=$(timeout 120 "$loom" compile "$f" --target opencl 2>&1 >/dev/null | head -1)
  echo "$(basename "$f" .json)	$err"
done > "$out/loom.tsv"
while IFS=$'\t' read -r name err; do
  case "$err" in error*|*rror*) continue;; esac
  for t in c opencl; do
    res=$(timeout 300 "$loom" run "$specs/$name.json" --target $t --check 2>&1 | tail -1)
    case "$res" in "check passed"*) ;; *) echo "$name $t: $res";; esac
  done
done < "$out/loom.tsv" > "$out/check.txt"
echo finished >> "$out/check.txt"
wait
