#!/usr/bin/env python3
"""Issue 26: whole-process CPU time (user + sys of the child, median of --reps) of `loom compile
SPEC` with no cache (LOOM_NO_CACHE=1) for two loom binaries side by side (before/after), and of
`loom run SPEC --target c` on a warm spec cache (the cache-hit target, <= 15 ms).

usage: whole_process_cpu.py --before BIN --after BIN [--reps 10] SPEC...
Prints a markdown table.
"""
import argparse
import os
import resource
import statistics
import subprocess
import tempfile


def cpu_ms(command, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1e3


def median_cpu(command, env, reps):
    return statistics.median(cpu_ms(command, env) for _ in range(reps))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args()
    cold = dict(os.environ, LOOM_NO_CACHE="1")
    print("| spec | before: loom compile, CPU ms | after | after/before | after: warm `loom run --target c`, CPU ms |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for spec in a.specs:
        before = median_cpu([a.before, "compile", spec], cold, a.reps)
        after = median_cpu([a.after, "compile", spec], cold, a.reps)
        warm_env = dict(os.environ, LOOM_CACHE_DIR=tempfile.mkdtemp(prefix="loom-cache-"))
        subprocess.run([a.after, "run", spec, "--target", "c"], env=warm_env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        warm = median_cpu([a.after, "run", spec, "--target", "c"], warm_env, a.reps)
        print(f"| {spec} | {before:.0f} | {after:.0f} | {after / before:.2f} | {warm:.0f} |", flush=True)


if __name__ == "__main__":
    main()
