"""The loops of a cubin's SASS, for the offline k-loop counters (k_loop_schedule.py for issue 25's
SGEMM, wgmma_k_loop_count.py for issue 29's wgmma GEMM): the tools found on PATH, nvdisasm's output
split by function, and every backward branch's range as a list of instructions (NOPs left out)."""
import os, re, shutil, sys


def tool(name, env=None, script="sass_loops"):
    """The path of a CUDA tool: $env if given and set, else PATH, else /usr/local/cuda/bin."""
    found = os.environ.get(env) if env else None
    found = found or shutil.which(name) or f"/usr/local/cuda/bin/{name}"
    if not os.path.exists(found):
        sys.exit(f"{script}: {name} not found (set {env or 'PATH'})")
    return found


def functions(sass):
    """{function name: [(label or None, instruction text)]} of nvdisasm's output."""
    found, current = {}, None
    for line in sass.splitlines():
        section = re.match(r"^\s*\.text\.([A-Za-z_0-9]+):", line)
        if section:
            current = found.setdefault(section.group(1), [])
            continue
        if current is None:
            continue
        label = re.match(r"^(\.L_x_\d+):", line)
        if label:
            current.append((label.group(1), None))
            continue
        instruction = re.match(r"\s*/\*[0-9a-f]+\*/\s*(.*?)\s*;", line)
        if instruction and not instruction.group(1).startswith("NOP"):
            current.append((None, instruction.group(1)))
    return found


def loops(lines):
    """Instruction lists of every backward branch's range (label .. branch) of one function."""
    labels, instructions = {}, []
    for label, text in lines:
        if label:
            labels[label] = len(instructions)
        else:
            instructions.append(text)
    found = []
    for index, text in enumerate(instructions):
        branch = re.search(r"BRA\s+(?:\S+\s+)?`\((\.L_x_\d+)\)", text)
        if branch and labels.get(branch.group(1), index + 1) < index:
            found.append(instructions[labels[branch.group(1)]:index + 1])
    return found


def all_loops(sass):
    """Every function's loops, in nvdisasm's order."""
    return [body for lines in functions(sass).values() for body in loops(lines)]
