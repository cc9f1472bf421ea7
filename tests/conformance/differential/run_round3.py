#!/usr/bin/env python3
"""usage: run_round3.py SPECDIR LOOM OUTDIR — loom's verdict on each spec gen_round3.py wrote
(`loom compile --target opencl`), and where loom accepts, `loom run --check` on C and OpenCL
(PoCL) at the spec's own parameters and at each size in SPECDIR/sizes.json. Writes
OUTDIR/loom.tsv (name, first error line or empty) and OUTDIR/check.txt (failures only, then
"finished"), the files classify.py reads (loopy's verdicts: loopy_families.py, as compare.sh)."""
import concurrent.futures as cf
import json
import os
import subprocess
import sys

specs, loom, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
sizes = json.load(open(os.path.join(specs, "sizes.json")))


def sh(args, timeout):
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return 124, "timeout"


# CHECK_EVERY=k: run the checks only for every k-th spec of each class (the checks take most of
# the time: 2 targets times up to 7 sizes)
every = int(os.environ.get("CHECK_EVERY", "1"))


def one(name):
    f = os.path.join(specs, name + ".json")
    rc, txt = sh([loom, "compile", f, "--target", "opencl"], 120)
    err = "" if rc == 0 else next((l for l in txt.splitlines() if "rror" in l), txt.strip()[:300])
    fails = []
    if rc == 0 and int(name.rsplit("_", 1)[1]) % every == 0:
        for d in [[]] + sizes[name]:
            for t in ("c", "opencl"):
                dargs = sum((["-D", x] for x in d), [])
                rc2, txt2 = sh([loom, "run", f, "--target", t, "--check"] + dargs, 300)
                last = txt2.strip().splitlines()[-1] if txt2.strip() else f"rc={rc2}"
                if rc2 != 0 or not last.startswith("check passed"):
                    fails.append(f"{name} {t} {' '.join(d)}: rc={rc2} {last}")
    return name, err, fails


names = sorted(sizes)
with cf.ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as ex, \
        open(os.path.join(out, "loom.tsv"), "w") as tsv, open(os.path.join(out, "check.txt"), "w") as chk:
    for name, err, fails in ex.map(one, names):
        tsv.write(f"{name}\t{err}\n")
        tsv.flush()
        for l in fails:
            chk.write(l + "\n")
        chk.flush()
    chk.write("finished\n")
