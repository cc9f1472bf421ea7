#!/usr/bin/env python3
"""Issue 26: whole-process CPU time (user + sys of the child, median of --reps) of `loom compile
SPEC` with no cache (LOOM_NO_CACHE=1) for two loom binaries side by side (before/after), and, for
both, of `loom run SPEC --target c` and `loom compile SPEC` (CUDA source) on a warm spec cache (the
cache-hit target, <= 15 ms). A run the C target refuses (local memory with barriers) shows as
"refused".

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
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        return None
    return ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)) * 1e3


def median_cpu(command, env, reps):
    times = [cpu_ms(command, env) for _ in range(reps)]
    return None if None in times else statistics.median(times)


def warm_cpu(binary, command, reps):
    """The command once to fill a fresh cache, then its median CPU time on that cache."""
    env = dict(os.environ, LOOM_CACHE_DIR=tempfile.mkdtemp(prefix="loom-cache-"))
    subprocess.run([binary] + command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return median_cpu([binary] + command, env, reps)


def shown(ms):
    return "refused" if ms is None else f"{ms:.1f}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args()
    cold = dict(os.environ, LOOM_NO_CACHE="1")
    print("| spec | before: loom compile, CPU ms | after | after/before | warm `loom run --target c`: before | after "
          "| warm `loom compile` (CUDA): before | after |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for spec in a.specs:
        before = median_cpu([a.before, "compile", spec], cold, a.reps)
        after = median_cpu([a.after, "compile", spec], cold, a.reps)
        run = [warm_cpu(binary, ["run", spec, "--target", "c"], a.reps) for binary in (a.before, a.after)]
        compile_hit = [warm_cpu(binary, ["compile", spec, "--target", "cuda"], a.reps) for binary in (a.before, a.after)]
        print(f"| {spec} | {shown(before)} | {shown(after)} | {after / before:.2f} | {shown(run[0])} | {shown(run[1])} "
              f"| {shown(compile_hit[0])} | {shown(compile_hit[1])} |", flush=True)

if __name__ == "__main__":
    main()
