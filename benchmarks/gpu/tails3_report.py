#!/usr/bin/env python3
"""Table of run_tails3.sh's log: TFLOP/s of each loom variant per shape, cuBLAS of the same run, and
the best variant's ratio. Usage: tails3_report.py tails3.log"""
import re, sys
from collections import defaultdict

UNITS = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9}


def main():
    loom = defaultdict(dict)
    cublas = {}
    for line in open(sys.argv[1], encoding="utf-8"):
        parts = line.split()
        if line.startswith("loom "):
            m = re.search(r"median ([0-9.]+) ?(ms|us|µs|ns|s)\b", line)
            if not m:
                continue
            shape = tuple(int(v) for v in parts[2:5])
            loom[shape][parts[1]] = float(m.group(1)) * UNITS[m.group(2)]
        elif line.startswith("cublas "):
            shape = tuple(int(v) for v in parts[1:4])
            cublas.setdefault(shape, float(parts[4]))
    labels = sorted({label for variants in loom.values() for label in variants})
    print("| M x N x K | cuBLAS | " + " | ".join(labels) + " | best / cuBLAS |")
    print("| --- | ---: | " + " | ".join("---:" for _ in labels) + " | ---: |")
    for shape, variants in loom.items():
        flops = 2.0 * shape[0] * shape[1] * shape[2]
        rates = {label: flops / sec / 1e12 for label, sec in variants.items()}
        cells = [f"{rates[label]:.1f}" if label in rates else "-" for label in labels]
        ref = cublas.get(shape)
        best = max(rates.values()) if rates else 0
        ratio = f"{best / ref:.3f}" if ref else "-"
        print(f"| {shape[0]} x {shape[1]} x {shape[2]} | {ref if ref else '-'} | " + " | ".join(cells) + f" | {ratio} |")


if __name__ == "__main__":
    main()
