#!/usr/bin/env python3
"""Issue 27's peers: row-wise kernels beside loom's in the same run, on a CUDA GPU.

For each size m x n (float32, row-major, contiguous), measured with CUDA events (median of 50
after warm-up), GB/s counting one read and one write of the matrix (2 * 4 * m * n bytes):
  copy_<m>x<n>_GBps            device-to-device copy of the matrix (the memory-bound ceiling)
  triton_softmax_<m>x<n>_GBps  Triton's fused-softmax tutorial kernel (tutorials/02-fused-softmax.py,
                               persistent rows with the tutorial's occupancy estimate; one program
                               per row when the estimate is unavailable: see triton_softmax_grid)
  torch_softmax_<m>x<n>_GBps   torch.softmax(x, dim=1)
  torch_layer_norm_<m>x<n>_GBps  torch.nn.functional.layer_norm(x, (n,), eps=1e-5), no affine
  torch_rms_norm_<m>x<n>_GBps  torch.nn.functional.rms_norm(x, (n,), eps=1e-5) where torch has it
Each peer's output is checked against float64 torch (normwise relative error, *_error keys).
Usage: python3 rows_peers.py [--rows 4096] [--cols 1000,4093,4096,8192]
Writes JSON to stdout and, if $OUT is set, to $OUT/peers.json.
"""
import argparse, json, os, statistics, tempfile
import torch

def bench(fn, reps=50, warm=10):
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); fn(); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e))
    return statistics.median(times) * 1e-3  # seconds

def normwise_error(out, ref):
    out = out.double()
    return (torch.linalg.vector_norm(out - ref) / torch.linalg.vector_norm(ref)).item()

def triton_softmax_runner(res):
    """Triton's fused softmax exactly as its tutorial writes it; returns f(x, y) or None."""
    try:
        import triton, triton.language as tl
        from triton.runtime import driver
    except ImportError:
        res["triton"] = "not installed"
        return None
    os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())

    @triton.jit
    def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                       BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
        row_start = tl.program_id(0)
        row_step = tl.num_programs(0)
        for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
            row_start_ptr = input_ptr + row_idx * input_row_stride
            col_offsets = tl.arange(0, BLOCK_SIZE)
            input_ptrs = row_start_ptr + col_offsets
            mask = col_offsets < n_cols
            row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
            row_minus_max = row - tl.max(row, axis=0)
            numerator = tl.exp(row_minus_max)
            denominator = tl.sum(numerator, axis=0)
            softmax_output = numerator / denominator
            output_row_start_ptr = output_ptr + row_idx * output_row_stride
            output_ptrs = output_row_start_ptr + col_offsets
            tl.store(output_ptrs, softmax_output, mask=mask)

    device = torch.cuda.current_device()
    props = driver.active.utils.get_device_properties(device)
    num_sm, num_regs, size_smem = props["multiprocessor_count"], props["max_num_regs"], props["max_shared_mem"]
    warp_size = props.get("warpSize", 32)

    def run(x, y):
        n_rows, n_cols = x.shape
        block = triton.next_power_of_2(n_cols)
        num_warps, num_stages = 8, (4 if size_smem > 200000 else 2)
        key = (n_rows, n_cols)
        if key not in run.grids:
            try:  # the tutorial's occupancy estimate (persistent programs)
                kernel = softmax_kernel.warmup(y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=block,
                                               num_stages=num_stages, num_warps=num_warps, grid=(1,))
                kernel._init_handles()
                occupancy = num_regs // (kernel.n_regs * warp_size * num_warps)
                if kernel.metadata.shared:
                    occupancy = min(occupancy, size_smem // kernel.metadata.shared)
                run.grids[key] = (kernel, max(1, min(num_sm * occupancy, n_rows)))
            except Exception as error:  # API differences between Triton versions
                res["triton_softmax_grid_note"] = f"occupancy estimate unavailable ({type(error).__name__}: {error}); one program per row"
                run.grids[key] = (None, n_rows)
        kernel, grid = run.grids[key]
        if kernel is not None:
            kernel[(grid, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, block, num_stages)
        else:
            softmax_kernel[(grid, 1, 1)](y, x, x.stride(0), y.stride(0), n_rows, n_cols, BLOCK_SIZE=block,
                                         num_stages=num_stages, num_warps=num_warps)
    run.grids = {}
    return run

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=4096)
    ap.add_argument("--cols", default="1000,4093,4096,8192")
    args = ap.parse_args()
    res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__}
    triton_softmax = triton_softmax_runner(res)
    m = args.rows
    for n in (int(c) for c in args.cols.split(",")):
        size = f"{m}x{n}"
        nbytes = 2 * 4 * m * n
        torch.manual_seed(0)
        x = torch.rand(m, n, device="cuda") * 2 - 1
        y = torch.empty_like(x)
        x64 = x.double()
        res[f"copy_{size}_GBps"] = nbytes / bench(lambda: y.copy_(x)) / 1e9
        res[f"torch_softmax_{size}_GBps"] = nbytes / bench(lambda: torch.softmax(x, dim=1)) / 1e9
        res[f"torch_softmax_{size}_error"] = normwise_error(torch.softmax(x, dim=1), torch.softmax(x64, dim=1))
        ln = lambda t: torch.nn.functional.layer_norm(t, (n,), eps=1e-5)
        res[f"torch_layer_norm_{size}_GBps"] = nbytes / bench(lambda: ln(x)) / 1e9
        res[f"torch_layer_norm_{size}_error"] = normwise_error(ln(x), ln(x64))
        if hasattr(torch.nn.functional, "rms_norm"):
            rms = lambda t: torch.nn.functional.rms_norm(t, (n,), eps=1e-5)
            res[f"torch_rms_norm_{size}_GBps"] = nbytes / bench(lambda: rms(x)) / 1e9
            res[f"torch_rms_norm_{size}_error"] = normwise_error(rms(x), x64 / torch.sqrt((x64 * x64).mean(1, keepdim=True) + 1e-5))
        if triton_softmax is not None:
            try:
                triton_softmax(x, y)
                res[f"triton_softmax_{size}_error"] = normwise_error(y, torch.softmax(x64, dim=1))
                res[f"triton_softmax_{size}_GBps"] = nbytes / bench(lambda: triton_softmax(x, y)) / 1e9
                res[f"triton_softmax_{size}_grid"] = triton_softmax.grids[(m, n)][1]
            except Exception as error:  # keep the other peers of the run
                res[f"triton_softmax_{size}_failed"] = f"{type(error).__name__}: {error}"
        del x, y, x64
    text = json.dumps(res, indent=1)
    print(text)
    if os.environ.get("OUT"):
        with open(os.path.join(os.environ["OUT"], "peers.json"), "w") as f:
            f.write(text)

if __name__ == "__main__":
    main()
