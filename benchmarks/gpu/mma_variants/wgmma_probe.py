#!/usr/bin/env python3
"""Writes wgmma_probe_<variant>.cu: a hand-written Hopper wgmma BF16 GEMM in the shape a generated
loom kernel would have (issue 29, eighth step, the probe of the design note's item 5).

Not loom output and not a test: it handles only m % BM == 0, n % BN == 0, l % 64 == 0.
C[m, n] (f32, row-major) = A[m, l] (bf16, row-major: k-major) * B[l, n] (bf16, row-major:
n-major, so wgmma's B is transposed, imm-trans-b = 1).

The group is BM = 128 rows x BN columns, two warpgroups (256 work-items), warpgroup w computing
rows 64w .. 64w + 63 with wgmma.mma_async m64n<BN>k16 (BN / 2 f32 accumulators a work-item).
A k tile is 64 deep; a ring of STAGES tiles is filled by 16-byte cp.async, as the generated
ring3 spec does, into the unswizzled canonical ("interleave") layout: core matrices of 8 rows of
16 bytes, stored as 128 contiguous bytes:
  A tile (128 x 64): [row / 8][k / 8][row % 8][k % 8]     LBO (k) = 128 B, SBO (rows) = 1024 B
  B tile (64 x BN):  [k / 8][n / 8][k % 8][n % 8]         LBO (k) = BN * 16 B, SBO (n) = 128 B
Chunk c of a tile (16 bytes) goes to byte 16 c, so the 8 lanes of a core matrix write 128
contiguous bytes (no bank conflicts), and 4 consecutive chunks of a global row are read together.

Ordering (design note item 3): iteration kt waits for its own cp.async groups
(wait_group STAGES - 3), fence.proxy.async.shared::cta (generic-proxy writes seen by the async
proxy), barrier; then refills ring slot (kt + STAGES - 2) % STAGES = (kt - 2) % STAGES, which every
warpgroup finished reading (each waited for its group kt - 2 with wgmma.wait_group 1 before this
barrier); then wgmma.fence, 4 wgmmas, commit_group, wait_group 1 (one k tile of products in flight).

Variants: BN (128 or 256), STAGES, and BSWAP (the B descriptor's LBO / SBO exchanged: PTX's text
for the n-major, unswizzled layout is ambiguous, the --check of both settles it).
"""
import sys

def wgmma_asm(bn):
    nacc = bn // 2
    regs = ", ".join(f"%{i}" for i in range(nacc))
    ops = ", ".join(f'"+f"(d[{i}])' for i in range(nacc))
    return (f'  asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{nacc + 2}, 0;\\n'
            f'wgmma.mma_async.sync.aligned.m64n{bn}k16.f32.bf16.bf16 {{{regs}}}, %{nacc}, %{nacc + 1}, p, 1, 1, 0, 1;\\n}}\\n"\n'
            f'    : {ops}\n    : "l"(da), "l"(db), "r"(scale_d));\n')

def kernel(name, bn, stages, bswap, swizzle=False, a_m_inner=False, ragged=False, wait0=False):
    # wait0: pipeline_fetch's ring rule unchanged (the fill of tile kt + S - 1 into the slot tile
    # kt - 1 used, after the barrier of tile kt), made safe by wgmma.wait_group 0 at the end of
    # each k tile instead of 1: S - 1 tiles of loads in flight, no wgmma overlapping the next
    # tile's barrier.
    ahead = stages - 1 if wait0 else stages - 2
    a_bytes = 128 * 64 * 2
    b_bytes = 64 * bn * 2
    stage_bytes = a_bytes + b_bytes
    b_lbo, b_sbo = bn * 16, 128
    if bswap:
        b_lbo, b_sbo = b_sbo, b_lbo
    a_idx = "rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64"
    a_dst, a_lbo, a_kstep = "ch * 16", 128, 256
    a_sbo, a_wg = 1024, 8192
    if a_m_inner:
        # A tile [k / 8][row / 8][row % 8][k % 8]: the core matrices of one k column contiguous.
        a_idx = "rr = ch % 8, rg = (ch / 8) % 16, kc = ch / 128"
        a_lbo, a_sbo, a_wg, a_kstep = 2048, 128, 1024, 4096
    b_idx = f"kr = ch % 8, nc = (ch / 8) % {bn // 8}, kc = ch / {bn}"
    b_dst, b_kstep, swz = "ch * 16", 2 * bn * 16, ""
    if swizzle:
        # 128-byte swizzle: A row r (64 k = 128 bytes) at 128 r, its chunk kc at (kc ^ r % 8);
        # B: atoms of 8 k rows x 64 n (1024 bytes), n atoms LBO = 8192 apart, k atoms SBO = 1024.
        a_idx = "kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8"
        a_dst, a_lbo, a_kstep = "r * 128 + ((kc ^ (r % 8)) * 16)", 16, 32
        a_sbo, a_wg = 1024, 8192
        b_idx = f"ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc"
        b_dst = "na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)"
        b_lbo, b_sbo, b_kstep, swz = 8192, 1024, 2048, " | (1ull << 62)"
        if bswap:
            b_lbo, b_sbo = b_sbo, b_lbo
    if ragged:
        # Zero-filled 16-byte copies past m, n or l (cp.async's src-size): needs l % 8 == n % 8 == 0.
        a_copy = f"""      const int row = i0 + rg * 8 + rr, k = kt * 64 + kc * 8;
      const int bytes = row < m ? max(0, min(16, (l - k) * 2)) : 0;
      const uint16_t* src = bytes ? a + (size_t)row * l + k : a;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\\n" :: "r"(sa + {a_dst}), "l"(src), "r"(bytes));"""
        b_copy = f"""      const int krow = kt * 64 + kc * 8 + kr, col = j0 + nc * 8;
      const int bytes = krow < l ? max(0, min(16, (n - col) * 2)) : 0;
      const uint16_t* src = bytes ? b + (size_t)krow * n + col : b;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\\n" :: "r"(sb + {b_dst}), "l"(src), "r"(bytes));"""
    else:
        a_copy = f"""      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" :: "r"(sa + {a_dst}), "l"(src));"""
        b_copy = f"""      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" :: "r"(sb + {b_dst}), "l"(src));"""
    return f"""
// {name}: BN = {bn}, STAGES = {stages}, B descriptor LBO = {b_lbo}, SBO = {b_sbo}
#define {name.upper()}_SMEM {stage_bytes * stages}
__device__ __forceinline__ void {name}_mma(float* d, uint64_t da, uint64_t db, int scale_d) {{
{wgmma_asm(bn)}}}
extern "C" __global__ void __launch_bounds__(256, 1) {name}(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {{
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * {bn};
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[{bn // 2}];
#pragma unroll
  for (int r = 0; r < {bn // 2}; ++r) d[r] = 0.f;
  const int ktiles = {"(l + 63) / 64" if ragged else "l / 64"};
  auto fill = [&](int kt) {{
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes}, sb = sa + {a_bytes};
#pragma unroll
    for (int it = 0; it < 4; ++it) {{  // A: 1024 chunks
      const int ch = it * 256 + tid, {a_idx};
{a_copy}
    }}
#pragma unroll
    for (int it = 0; it < {bn // 32}; ++it) {{  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, {b_idx};
{b_copy}
    }}
  }};
#pragma unroll
  for (int s = 0; s < {ahead}; ++s) {{
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\\n" ::);
  }}
  for (int kt = 0; kt < ktiles; ++kt) {{
    asm volatile("cp.async.wait_group %0;\\n" :: "n"({ahead - 1}));
    asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");
    __syncthreads();
    if (kt + {ahead} < ktiles) fill(kt + {ahead});
    asm volatile("cp.async.commit_group;\\n" ::);
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes}, sb = sa + {a_bytes};
#pragma unroll
    for (int r = 0; r < {bn // 2}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {{
      const uint32_t aa = sa + wg * {a_wg} + ks * {a_kstep}, ba = sb + ks * {b_kstep};
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)({a_lbo} >> 4) << 16) | ((uint64_t)({a_sbo} >> 4) << 32){swz};
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)({b_lbo} >> 4) << 16) | ((uint64_t)({b_sbo} >> 4) << 32){swz};
      {name}_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }}
    asm volatile("wgmma.commit_group.sync.aligned;\\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned {0 if wait0 else 1};\\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < {bn // 2}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }}
  asm volatile("wgmma.wait_group.sync.aligned 0;\\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < {bn // 2}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < {bn // 2}; r += 2) {{
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    {"if (row < m && col < n) " if ragged else ""}*reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }}
}}
"""


def tf32_kernel(name, bn, stages, ragged):
    """TF32 (wgmma m64n<BN>k8, both operands k-major: TF32 has no transpose): a as the bf16 sw
    variants (rows of 32 floats = 128 bytes, 16-byte cp.async); b transposed on its way into
    shared memory by 4-byte cp.async (.ca: 4-byte copies have no .cg): row j of the b tile holds
    its 32 k (128 bytes, chunk k / 4 at (k / 4) ^ j % 8). Lanes cover 8 j x 4 k, so a warp's
    4-byte stores hit 32 banks and its loads 4 x 32 bytes of b rows."""
    a_bytes, b_bytes = 128 * 128, bn * 128
    stage_bytes = a_bytes + b_bytes
    fill_a = ("""      const int row = i0 + r, k = kt * 32 + kc * 4;
      const int bytes = row < m ? max(0, min(16, (l - k) * 4)) : 0;
      const float* src = bytes ? a + (size_t)row * l + k : a;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src), "r"(bytes));"""
              if ragged else
              """      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));""")
    fill_b = ("""      const int krow = kt * 32 + k, col = j0 + j;
      const int bytes = (krow < l && col < n) ? 4 : 0;
      const float* src = bytes ? b + (size_t)krow * n + col : b;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\\n" :: "r"(sb + j * 128 + (((k / 4) ^ (j % 8)) * 16) + (k % 4) * 4), "l"(src), "r"(bytes));"""
              if ragged else
              """      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + j;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\\n" :: "r"(sb + j * 128 + (((k / 4) ^ (j % 8)) * 16) + (k % 4) * 4), "l"(src));""")
    nacc = bn // 2
    regs = ", ".join(f"%{i}" for i in range(nacc))
    ops = ", ".join(f'"+f"(d[{i}])' for i in range(nacc))
    swz = "(1ull << 62)"
    return f"""
// {name}: TF32, BN = {bn}, STAGES = {stages}{", zero-filled edges" if ragged else ""}
#define {name.upper()}_SMEM {stage_bytes * stages}
__device__ __forceinline__ void {name}_mma(float* d, uint64_t da, uint64_t db, int scale_d) {{
  asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{nacc + 2}, 0;\\n"
    "wgmma.mma_async.sync.aligned.m64n{bn}k8.f32.tf32.tf32 {{{regs}}}, %{nacc}, %{nacc + 1}, p, 1, 1;\\n}}\\n"
    : {ops}
    : "l"(da), "l"(db), "r"(scale_d));
}}
extern "C" __global__ void __launch_bounds__(256, 1) {name}(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {{
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * {bn};
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[{nacc}];
#pragma unroll
  for (int r = 0; r < {nacc}; ++r) d[r] = 0.f;
  const int ktiles = {"(l + 31) / 32" if ragged else "l / 32"};
  auto fill = [&](int kt) {{
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes}, sb = sa + {a_bytes};
#pragma unroll
    for (int it = 0; it < 4; ++it) {{  // a: 1024 chunks of 16 bytes
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
{fill_a}
    }}
#pragma unroll 8
    for (int it = 0; it < {bn // 8}; ++it) {{  // b: 32 * BN floats
      const int ch = it * 256 + tid, k = ((ch / 32) % 8) * 4 + ch % 4, j = (ch / 256) * 8 + (ch / 4) % 8;
{fill_b}
    }}
  }};
#pragma unroll
  for (int s = 0; s < {stages - 2}; ++s) {{
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\\n" ::);
  }}
  for (int kt = 0; kt < ktiles; ++kt) {{
    asm volatile("cp.async.wait_group %0;\\n" :: "n"({stages - 3}));
    asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");
    __syncthreads();
    if (kt + {stages - 2} < ktiles) fill(kt + {stages - 2});
    asm volatile("cp.async.commit_group;\\n" ::);
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes}, sb = sa + {a_bytes};
#pragma unroll
    for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {{
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 32;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | {swz};
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | {swz};
      {name}_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }}
    asm volatile("wgmma.commit_group.sync.aligned;\\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }}
  asm volatile("wgmma.wait_group.sync.aligned 0;\\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < {nacc}; r += 2) {{
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    {"if (row < m && col < n) " if ragged else ""}*reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }}
}}
"""


def tf32_registers_kernel(name, wm, stages, wait):
    """TF32 with the operands' roles exchanged, as cuBLAS can (c^T = b^T a^T): wgmma's A
    (64 x 8, from registers) is b^T - each warpgroup's 64 columns j of c - loaded with ld.shared
    from the natural n-major b tile (k rows of 128 floats padded to 136: the fragment's lanes hit
    32 banks); wgmma's B (8 x WM, k-major, from shared memory by descriptor) is a: WM rows of 32
    floats, 128-byte swizzle, as the other TF32 variants. The group is WM rows of c x 128
    columns, two warpgroups; each work-item holds WM / 2 accumulators of c^T. `wait` is the
    wgmma.wait_group depth at the end of a k tile (1: the next tile's fragments are loaded while
    this tile's wgmmas run, into a second set of registers: the k loop is unrolled by 2)."""
    a_bytes, b_bytes = wm * 128, 32 * 136 * 4
    stage_bytes = a_bytes + b_bytes
    nacc = wm // 2
    regs = ", ".join(f"%{i}" for i in range(nacc))
    ops = ", ".join(f'"+f"(d[{i}])' for i in range(nacc))
    return f"""
// {name}: TF32, A from registers (b^T), WM = {wm}, STAGES = {stages}, wait_group {wait}
#define {name.upper()}_SMEM {stage_bytes * stages}
__device__ __forceinline__ void {name}_mma(float* d, const uint32_t* f, uint64_t db, int scale_d) {{
  asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{nacc + 5}, 0;\\n"
    "wgmma.mma_async.sync.aligned.m64n{wm}k8.f32.tf32.tf32 {{{regs}}}, {{%{nacc}, %{nacc + 1}, %{nacc + 2}, %{nacc + 3}}}, %{nacc + 4}, p, 1, 1;\\n}}\\n"
    : {ops}
    : "r"(f[0]), "r"(f[1]), "r"(f[2]), "r"(f[3]), "l"(db), "r"(scale_d));
}}
extern "C" __global__ void __launch_bounds__(256, 1) {name}(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {{
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * {wm}, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
  float d[{nacc}];
#pragma unroll
  for (int r = 0; r < {nacc}; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {{
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes}, sb = sa + {a_bytes};
#pragma unroll
    for (int it = 0; it < {wm // 32}; ++it) {{  // a: WM rows of 8 chunks (8 WM / 256 a work-item)
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }}
#pragma unroll
    for (int it = 0; it < 4; ++it) {{  // b: 32 rows of 32 chunks, row pitch 136 floats
      const int ch = it * 256 + tid, jc = ch % 32, k = ch / 32;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + jc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\\n" :: "r"(sb + (k * 136 + jc * 4) * 4), "l"(src));
    }}
  }};
  // The lane's fragment of b^T for k step ks: rows (j) 64 wg + 16 w + g (+ 8), columns (k) t (+ 4).
  auto fragments = [&](int kt, uint32_t* f) {{
    const float* sb = (const float*)(smem + (kt % {stages}) * {stage_bytes} + {a_bytes});
    const int j = wg * 64 + 16 * w + g;
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {{
      const int k = ks * 8 + t;
      f[ks * 4 + 0] = __float_as_uint(sb[k * 136 + j]);
      f[ks * 4 + 1] = __float_as_uint(sb[k * 136 + j + 8]);
      f[ks * 4 + 2] = __float_as_uint(sb[(k + 4) * 136 + j]);
      f[ks * 4 + 3] = __float_as_uint(sb[(k + 4) * 136 + j + 8]);
    }}
  }};
  auto step = [&](int kt, uint32_t* f) {{
    asm volatile("cp.async.wait_group %0;\\n" :: "n"({stages - 3}));
    asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");
    __syncthreads();
    if (kt + {stages - 2} < ktiles) fill(kt + {stages - 2});
    asm volatile("cp.async.commit_group;\\n" ::);
    fragments(kt, f);
    const uint32_t sa = base + (kt % {stages}) * {stage_bytes};
#pragma unroll
    for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {{
      const uint32_t ba = sa + ks * 32;
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      {name}_mma(d, f + ks * 4, db, (kt > 0 || ks > 0) ? 1 : 0);
    }}
    asm volatile("wgmma.commit_group.sync.aligned;\\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned {wait};\\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }};
#pragma unroll
  for (int s = 0; s < {stages - 2}; ++s) {{
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\\n" ::);
  }}
  uint32_t f0[16], f1[16];
  int kt = 0;
  for (; kt + 1 < ktiles; kt += 2) {{ step(kt, f0); step(kt + 1, f1); }}
  if (kt < ktiles) step(kt, f0);
  asm volatile("wgmma.wait_group.sync.aligned 0;\\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < {nacc}; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  // d holds c^T: row (j) 64 wg + 16 w + g + 8 ((r / 2) % 2), column (i) 8 (r / 4) + 2 t + r % 2.
#pragma unroll
  for (int r = 0; r < {nacc}; ++r) {{
    const int j = j0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), i = i0 + 8 * (r / 4) + 2 * t + r % 2;
    c[(size_t)i * n + j] = d[r];
  }}
}}
"""

VARIANTS = [  # name, BN, STAGES, BSWAP, SWIZZLE, A_M_INNER
    ("wg128s4", 128, 4, False), ("wg128s4x", 128, 4, True), ("wg128s4ak", 128, 4, False, False, True),
    ("wg128s5", 128, 5, False), ("wg256s4", 256, 4, False), ("wg256s3", 256, 3, False),
    ("sw128s4", 128, 4, False, True), ("sw128s4x", 128, 4, True, True), ("sw128s6", 128, 6, False, True),
    ("sw256s4", 256, 4, False, True), ("sw256s4z", 256, 4, False, True, False, True),
    ("sw256s4w0", 256, 4, False, True, False, False, True), ("sw256s3w0", 256, 3, False, True, False, False, True),
]
TF32_VARIANTS = [  # name, BN, STAGES, ragged
    ("tf256s4", 256, 4, False), ("tf256s4z", 256, 4, True), ("tf128s6", 128, 6, False),
]
TF32_REGISTER_VARIANTS = [  # name, WM (rows of c a group), STAGES, wait_group depth
    ("tr256s4", 256, 4, 1), ("tr256s4w0", 256, 4, 0), ("tr128s5", 128, 5, 1),
]

if __name__ == "__main__":
    out = ["// Written by wgmma_probe.py (issue 29 probe); see its docstring.\n#include <cstdint>\n"]
    for v in VARIANTS:
        out.append(kernel(*v))
    for v in TF32_VARIANTS:
        out.append(tf32_kernel(*v))
    for v in TF32_REGISTER_VARIANTS:
        out.append(tf32_registers_kernel(*v))
    # name, kernel, BN, shared bytes, zero-filled edges, tf32
    out.append("#define PROBE_VARIANTS " + ", ".join(
        [f'{{"{v[0]}", {v[0]}, {v[1]}, {v[0].upper()}_SMEM, {str(len(v) > 6 and v[6]).lower()}, false}}' for v in VARIANTS] +
        [f'{{"{v[0]}", {v[0]}, {v[1]}, {v[0].upper()}_SMEM, {str(v[3]).lower()}, true}}' for v in TF32_VARIANTS] +
        [f'{{"{v[0]}", {v[0]}, -{v[1]}, {v[0].upper()}_SMEM, false, true}}' for v in TF32_REGISTER_VARIANTS]) + "\n")
    open("wgmma_probe.cu", "w").write("".join(out))
    print(" ".join(v[0] for v in VARIANTS + TF32_VARIANTS + TF32_REGISTER_VARIANTS))
