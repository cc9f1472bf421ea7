#!/usr/bin/env python3
"""usage: classify.py OUTDIR — joins loopy.jsonl, loom.tsv and check.txt written by compare.sh:
one line per spec (loopy verdict | loom verdict | checks) and the counts per class."""
import collections
import json
import sys

out = sys.argv[1]
loopy = {}
for line in open(f"{out}/loopy.jsonl"):
    d = json.loads(line)
    if "spec" in d:
        loopy[d["spec"].split("/")[-1][:-5]] = (d["ok"], d.get("error", ""))
loom = {}
for line in open(f"{out}/loom.tsv"):
    name, _, err = line.rstrip("\n").partition("\t")
    loom[name] = ("rror" not in err, err)
bad = collections.defaultdict(list)
for line in open(f"{out}/check.txt"):
    if ":" in line:
        name, _, rest = line.partition(" ")
        bad[name].append(rest.strip())
cls = collections.Counter()
for name in sorted(loom):
    lo_ok, lo_err = loopy.get(name, (None, "no loopy result"))
    lm_ok, lm_err = loom[name]
    # The C target runs work-items one after another: a kernel sharing local memory or with local
    # barriers is refused there by design (SPEC.md), not a failure.
    failures = [f for f in bad.get(name, []) if "the C target runs work-items one after another" not in f]
    if lm_ok and failures:
        c = "a:loom-check-fails-or-run-refused"
    elif lo_ok and lm_ok:
        c = "both-ok"
    elif lo_ok and not lm_ok:
        c = "b:loom-refuses"
    elif not lo_ok and lm_ok:
        c = "loopy-refuses-loom-ok"
    else:
        c = "both-refuse"
    cls[c] += 1
    print(f"{c}\t{name}\tloopy: {lo_err[:200]}\tloom: {lm_err[:300]}\tchecks: {failures if lm_ok else ''}")
print(dict(cls), file=sys.stderr)
