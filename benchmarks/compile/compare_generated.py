#!/usr/bin/env python3
"""Generated code before and after a compile-speed change: `loom compile` (no cache) of every spec
in examples/ on cuda, opencl and c, and of every conformance case (tests/conformance/cases, refusal
cases left out) on each of its targets. Each output (stdout, or the exit status and first line of
stderr where loom refuses) is written to OUT/<name>.<target>.txt; with --compare REF the outputs
are compared file by file with an earlier run's and every difference is listed (exit 1).

usage: compare_generated.py --loom build/loom --out DIR [--compare REFDIR] [--jobs 2]
   e.g. compare_generated.py --loom /work/main/build/loom --out /tmp/gen-before
        compare_generated.py --loom build/loom --out /tmp/gen-after --compare /tmp/gen-before
"""
import argparse
import concurrent.futures
import filecmp
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import spec_compile_table  # noqa: E402  (the same spec lists as the timing table)

import json  # noqa: E402


def conformance_targets(folder):
    """(label, path, target) for every target of every applicable conformance case."""
    specs = []
    cases_dir = os.path.join(spec_compile_table.ROOT, "tests", "conformance", "cases")
    first = {label: path for label, path, _ in spec_compile_table.conformance_specs(folder)}
    for name in sorted(os.listdir(cases_dir)):
        data = json.load(open(os.path.join(cases_dir, name)))
        seen = {}
        for case in data["cases"]:
            if "refusal" in case or "spec" not in case:
                continue
            test = case.get("test", "kernel") + ("_" + case["variant"] if case.get("variant") else "")
            seen[test] = seen.get(test, 0) + 1
            stem = test if seen[test] == 1 else f"{test}_{seen[test]}"
            label = f"{data['loopy_file']}/{stem}"
            for target in case.get("targets", ["c", "opencl"]):
                specs.append((label, first[label], target))
    return specs


def compile_one(loom, label, path, target, out):
    env = dict(os.environ, LOOM_NO_CACHE="1")
    result = subprocess.run([loom, "compile", path, "--target", target], capture_output=True, text=True, env=env)
    text = result.stdout
    if result.returncode != 0:
        first_line = (result.stderr.strip().splitlines() or [""])[0]
        text = f"exit {result.returncode}: {first_line}\n"
    name = label.replace("/", "__") + "." + target + ".txt"
    with open(os.path.join(out, name), "w") as f:
        f.write(text)
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--loom", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--compare")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", choices=["examples", "conformance"])
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    folder = tempfile.mkdtemp(prefix="loom-gen-specs-")
    jobs = []
    if a.only in (None, "examples"):
        for label, path, _ in spec_compile_table.example_specs():
            if "space_" in os.path.basename(path):
                continue  # tuning spaces, not kernels
            for target in ("cuda", "opencl", "c"):
                jobs.append((label, path, target))
    if a.only in (None, "conformance"):
        jobs += conformance_targets(folder)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        names = list(pool.map(lambda job: compile_one(a.loom, *job, a.out), jobs))
    print(f"{len(names)} outputs in {a.out}")
    if not a.compare:
        return 0
    differing = [n for n in names if not os.path.exists(os.path.join(a.compare, n))
                 or not filecmp.cmp(os.path.join(a.out, n), os.path.join(a.compare, n), shallow=False)]
    for n in differing:
        print(f"DIFFERS: {n}")
    print(f"{len(names) - len(differing)} of {len(names)} identical to {a.compare}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
