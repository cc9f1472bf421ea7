#!/usr/bin/env python3
"""Timing probes of the ldmatrix kernel (issue 29, fourth step): reads ldsm.cu (`loom compile
examples/tensor/bf16_gemm.json --target cuda` of branch issue29-mma3) and writes

  ldsm_nomask.cu  the k-edge masks of the fragment words removed (`word & (l >= ... ? ~0 : ...)` ->
                  `word`): right only where l is a multiple of 32, as the harness's sizes are; what
                  full k tiles without masks would gain.

Time with harness.cu as the README says (KERNEL_NAME "ldsm", "ldsm_nomask").
"""
import re

source = open("ldsm.cu").read()
mask = re.compile(r" & \(l >= [^?]*\? 4294967295LLU : l >= [^?]*\? 65535U : 0U\)")
nomask, count = mask.subn("", source)
assert count > 0, "no masks found"
open("ldsm_nomask.cu", "w").write(nomask)
print(f"ldsm_nomask.cu: {count} masks removed")
