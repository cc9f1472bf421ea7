#!/usr/bin/env python3
"""Narrows PoCL 3.1's fault on fuzz seed 132000573 (and 129000440) on loom's printed kernels, without loom.
Writes one variant kernel per edit next to the kernels of ../2026-11-27-pocl-21/ and runs that folder's
host programs on each (POCL_KERNEL_CACHE=0), printing "<variant>: N bad". Run from this folder:
    gcc -O1 ../2026-11-27-pocl-21/pocl_host_fuzz132.c -o /tmp/host132 -lOpenCL -lm
    gcc -O1 ../2026-11-27-pocl-21/pocl_host_fuzz129.c -o /tmp/host129 -lOpenCL -lm
    python3 variants.py /tmp/host132 /tmp/host129 /tmp/pocl-variants
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OLD = os.path.join(HERE, "..", "2026-11-27-pocl-21")
K132 = open(os.path.join(OLD, "pocl_fuzz132_work_item_zero_region_ending_a_loop.cl")).read()
K129 = open(os.path.join(OLD, "pocl_fuzz129_first_copy_lid0_region_skipped.cl")).read()

REGION = """    if (k_inner == 0)
    {
      acc_k_inner[red_k_inner_s2] = acc_k_inner[red_k_inner_s2] + acc_k_inner[red_k_inner_s2 + 1];
      out0[i] = acc_k_inner[0] + b[i * m + i];
    }
"""
LOCAL_STEP = "      acc_k_inner[red_k_inner_s2] = acc_k_inner[red_k_inner_s2] + acc_k_inner[red_k_inner_s2 + 1];\n"
SECOND_LOOP = K132.index("  for (int32_t i_0 = 0;")
KERNEL_END = K132.rindex("}")


def variants_132():
    yield "as printed", K132
    yield "get_local_id(0) == 0", K132.replace(REGION, REGION.replace("k_inner == 0", "get_local_id(0) == 0"), 1)
    yield "k_inner == 1, no local store", K132.replace(
        REGION, REGION.replace("k_inner == 0", "k_inner == 1").replace(LOCAL_STEP, "")
        .replace("acc_k_inner[0] +", "acc_k_inner[0] + acc_k_inner[1] +"), 1)
    yield "condition through a variable", K132.replace(
        REGION, "    const int is0 = (k_inner == 0);\n" + REGION.replace("k_inner == 0", "is0"), 1)
    yield "empty else", K132.replace(REGION, REGION + "    else { }\n", 1)
    yield "a private store after it", K132.replace(REGION, REGION + "    acc_k_outer = 0.0f;\n", 1)
    yield "mem_fence after it", K132.replace(REGION, REGION + "    mem_fence(CLK_LOCAL_MEM_FENCE);\n", 1)
    yield "region unconditional (all items store)", K132.replace(
        REGION, REGION.replace("    if (k_inner == 0)\n", "").replace(LOCAL_STEP, "")
        .replace("acc_k_inner[0] +", "acc_k_inner[0] + acc_k_inner[1] +"), 1)
    yield "barrier at the end of the first loop's body", K132.replace(
        REGION, REGION + "    barrier(CLK_LOCAL_MEM_FENCE);\n", 1)
    yield "second loop removed", K132[:SECOND_LOOP] + K132[KERNEL_END:]
    yield "barrier between the loops (loom's fix)", K132[:SECOND_LOOP] + "  barrier(CLK_LOCAL_MEM_FENCE);\n" + K132[SECOND_LOOP:]


def variants_129():
    yield "as printed", K129
    end = "        out0[4 * i_outer + 3] = acc_k_inner[0];\n      }\n    }\n  }\n}"
    yield "barrier at the loop body's end", K129.replace(end, end.replace("    }\n  }\n}", "    }\n    barrier(CLK_LOCAL_MEM_FENCE);\n  }\n}"))
    yield "barrier after the loop", K129.replace(end, end.replace("  }\n}", "  }\n  barrier(CLK_LOCAL_MEM_FENCE);\n}"))
    yield "next copy's uniform if made unconditional", K129.replace("if (n >= 4 * i_outer + 2)", "if (1)", 1)
    yield "region in an always-true uniform if", open(os.path.join(OLD, "pocl_fuzz129_first_copy_in_uniform_if.cl")).read()


def main():
    host132, host129, folder = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, POCL_KERNEL_CACHE="0")
    for seed, host, variants in (("132", host132, variants_132()), ("129", host129, variants_129())):
        for k, (name, text) in enumerate(variants):
            path = os.path.join(folder, f"fuzz{seed}_{k}.cl")
            open(path, "w").write(text)
            out = subprocess.run([host, path], env=env, capture_output=True, text=True).stdout.strip().splitlines()
            print(f"seed {seed}, {name}: {out[-1].split(': ')[-1] if out else 'no output'}")


if __name__ == "__main__":
    main()
