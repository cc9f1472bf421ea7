#!/usr/bin/env python3
"""The hottest loop of a kernel's SASS: the loop (a backward branch to a label) with the most
multiply-adds, with its instruction count, its predicated FFMAs and its local-memory spill traffic
(LDL / STL) and shared loads (issue 26: whether unrolling the partial tiles' guarded copies by a
factor changed the full tiles' k loop, which shares the kernel's register allocation).

Usage: nvcc -arch=sm_90 -std=c++17 -cubin -o k.cubin k.cu   (k.cu from `loom compile --emit source`)
       nvdisasm -c k.cubin > k.sass
       python3 benchmarks/tune/sass_hot_loop.py k.sass [more.sass ...]
"""
import re
import sys


def hot_loop(path):
    instructions, labels = [], {}
    for line in open(path):
        label = re.match(r"^(\.L_x_\d+):", line)
        if label:
            labels[label[1]] = len(instructions)
            continue
        instruction = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if instruction:
            instructions.append(instruction[2].strip())
    loops = []
    for end, text in enumerate(instructions):
        branch = re.search(r"BRA\s.*`\((\.L_x_\d+)\)", text)
        if branch and branch[1] in labels and labels[branch[1]] <= end:
            body = instructions[labels[branch[1]]:end + 1]
            loops.append({
                "ffma": sum(1 for x in body if x.startswith("FFMA")),
                "predicated_ffma": sum(1 for x in body if re.match(r"@!?P\d FFMA", x)),
                "instructions": len(body),
                "ldl": sum("LDL" in x for x in body),
                "stl": sum("STL" in x for x in body),
                "lds": sum(bool(re.match(r"(@!?P\d )?LDS", x)) for x in body),
            })
    return max(loops, key=lambda loop: loop["ffma"]) if loops else None


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(path, hot_loop(path))
