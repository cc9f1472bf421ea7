// Written by wgmma_probe.py (issue 29 probe); see its docstring.
#include <cstdint>

// wg128s4: BN = 128, STAGES = 4, B descriptor LBO = 2048, SBO = 128
#define WG128S4_SMEM 131072
__device__ __forceinline__ void wg128s4_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg128s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 16, kc = ch / 128;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 256, ba = sb + ks * 4096;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(2048 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      wg128s4_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// wg128s4x: BN = 128, STAGES = 4, B descriptor LBO = 128, SBO = 2048
#define WG128S4X_SMEM 131072
__device__ __forceinline__ void wg128s4x_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg128s4x(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 16, kc = ch / 128;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 256, ba = sb + ks * 4096;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(2048 >> 4) << 32);
      wg128s4x_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// wg128s4ak: BN = 128, STAGES = 4, B descriptor LBO = 2048, SBO = 128
#define WG128S4AK_SMEM 131072
__device__ __forceinline__ void wg128s4ak_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg128s4ak(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, rg = (ch / 8) % 16, kc = ch / 128;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 16, kc = ch / 128;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 1024 + ks * 4096, ba = sb + ks * 4096;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(2048 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(2048 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      wg128s4ak_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// wg128s5: BN = 128, STAGES = 5, B descriptor LBO = 2048, SBO = 128
#define WG128S5_SMEM 163840
__device__ __forceinline__ void wg128s5_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg128s5(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 5) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 16, kc = ch / 128;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(2));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 3 < ktiles) fill(kt + 3);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 5) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 256, ba = sb + ks * 4096;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(2048 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      wg128s5_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// wg256s4: BN = 256, STAGES = 4, B descriptor LBO = 4096, SBO = 128
#define WG256S4_SMEM 196608
__device__ __forceinline__ void wg256s4_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg256s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 32, kc = ch / 256;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 256, ba = sb + ks * 8192;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(4096 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      wg256s4_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// wg256s3: BN = 256, STAGES = 3, B descriptor LBO = 4096, SBO = 128
#define WG256S3_SMEM 147456
__device__ __forceinline__ void wg256s3_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) wg256s3(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 3) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, rr = ch % 8, kc = (ch / 8) % 8, rg = ch / 64;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + ch * 16), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, kr = ch % 8, nc = (ch / 8) % 32, kc = ch / 256;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + ch * 16), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 1; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(0));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 1 < ktiles) fill(kt + 1);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 3) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 256, ba = sb + ks * 8192;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(128 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(4096 >> 4) << 16) | ((uint64_t)(128 >> 4) << 32);
      wg256s3_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw128s4: BN = 128, STAGES = 4, B descriptor LBO = 8192, SBO = 1024
#define SW128S4_SMEM 131072
__device__ __forceinline__ void sw128s4_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw128s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw128s4_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw128s4x: BN = 128, STAGES = 4, B descriptor LBO = 1024, SBO = 8192
#define SW128S4X_SMEM 131072
__device__ __forceinline__ void sw128s4x_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw128s4x(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(1024 >> 4) << 16) | ((uint64_t)(8192 >> 4) << 32) | (1ull << 62);
      sw128s4x_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw128s6: BN = 128, STAGES = 6, B descriptor LBO = 8192, SBO = 1024
#define SW128S6_SMEM 196608
__device__ __forceinline__ void sw128s6_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\nwgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw128s6(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 6) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(3));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 4 < ktiles) fill(kt + 4);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 6) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw128s6_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw256s4: BN = 256, STAGES = 4, B descriptor LBO = 8192, SBO = 1024
#define SW256S4_SMEM 196608
__device__ __forceinline__ void sw256s4_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw256s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw256s4_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw256s4z: BN = 256, STAGES = 4, B descriptor LBO = 8192, SBO = 1024
#define SW256S4Z_SMEM 196608
__device__ __forceinline__ void sw256s4z_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw256s4z(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = (l + 63) / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const int row = i0 + rg * 8 + rr, k = kt * 64 + kc * 8;
      const int bytes = row < m ? max(0, min(16, (l - k) * 2)) : 0;
      const uint16_t* src = bytes ? a + (size_t)row * l + k : a;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src), "r"(bytes));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const int krow = kt * 64 + kc * 8 + kr, col = j0 + nc * 8;
      const int bytes = krow < l ? max(0, min(16, (n - col) * 2)) : 0;
      const uint16_t* src = bytes ? b + (size_t)krow * n + col : b;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src), "r"(bytes));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw256s4z_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    if (row < m && col < n) *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw256s4w0: BN = 256, STAGES = 4, B descriptor LBO = 8192, SBO = 1024
#define SW256S4W0_SMEM 196608
__device__ __forceinline__ void sw256s4w0_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw256s4w0(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(2));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 3 < ktiles) fill(kt + 3);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw256s4w0_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// sw256s3w0: BN = 256, STAGES = 3, B descriptor LBO = 8192, SBO = 1024
#define SW256S3W0_SMEM 147456
__device__ __forceinline__ void sw256s3w0_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) sw256s3w0(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const uint16_t* a = (const uint16_t*)av;
  const uint16_t* b = (const uint16_t*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 64;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 3) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // A: 1024 chunks
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8, rr = r % 8, rg = r / 8;
      const uint16_t* src = a + (size_t)(i0 + rg * 8 + rr) * l + kt * 64 + kc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // B: 64 * BN / 8 chunks
      const int ch = it * 256 + tid, ncc = ch % 8, k = (ch / 8) % 64, na = ch / 512, kr = k % 8, kc = k / 8, nc = na * 8 + ncc;
      const uint16_t* src = b + (size_t)(kt * 64 + kc * 8 + kr) * n + j0 + nc * 8;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + na * 8192 + k * 128 + ((ncc ^ (k % 8)) * 16)), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 3) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 2048;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)(16 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)(8192 >> 4) << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      sw256s3w0_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// tf256s4: TF32, BN = 256, STAGES = 4
#define TF256S4_SMEM 196608
__device__ __forceinline__ void tf256s4_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tf256s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // a: 1024 chunks of 16 bytes
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll 8
    for (int it = 0; it < 32; ++it) {  // b: 32 * BN floats
      const int ch = it * 256 + tid, k = ((ch / 32) % 8) * 4 + ch % 4, j = (ch / 256) * 8 + (ch / 4) % 8;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + j;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"(sb + j * 128 + (((k / 4) ^ (j % 8)) * 16) + (k % 4) * 4), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 32;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tf256s4_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// tf256s4z: TF32, BN = 256, STAGES = 4, zero-filled edges
#define TF256S4Z_SMEM 196608
__device__ __forceinline__ void tf256s4z_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tf256s4z(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 256;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = (l + 31) / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // a: 1024 chunks of 16 bytes
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const int row = i0 + r, k = kt * 32 + kc * 4;
      const int bytes = row < m ? max(0, min(16, (l - k) * 4)) : 0;
      const float* src = bytes ? a + (size_t)row * l + k : a;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src), "r"(bytes));
    }
#pragma unroll 8
    for (int it = 0; it < 32; ++it) {  // b: 32 * BN floats
      const int ch = it * 256 + tid, k = ((ch / 32) % 8) * 4 + ch % 4, j = (ch / 256) * 8 + (ch / 4) % 8;
      const int krow = kt * 32 + k, col = j0 + j;
      const int bytes = (krow < l && col < n) ? 4 : 0;
      const float* src = bytes ? b + (size_t)krow * n + col : b;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" :: "r"(sb + j * 128 + (((k / 4) ^ (j % 8)) * 16) + (k % 4) * 4), "l"(src), "r"(bytes));
    }
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 4) * 49152, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 32;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tf256s4z_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 128; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    if (row < m && col < n) *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// tf128s6: TF32, BN = 128, STAGES = 6
#define TF128S6_SMEM 196608
__device__ __forceinline__ void tf128s6_mma(float* d, uint64_t da, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "l"(da), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tf128s6(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 6) * 32768, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // a: 1024 chunks of 16 bytes
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll 8
    for (int it = 0; it < 16; ++it) {  // b: 32 * BN floats
      const int ch = it * 256 + tid, k = ((ch / 32) % 8) * 4 + ch % 4, j = (ch / 256) * 8 + (ch / 4) % 8;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + j;
      asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"(sb + j * 128 + (((k / 4) ^ (j % 8)) * 16) + (k % 4) * 4), "l"(src));
    }
  };
#pragma unroll
  for (int s = 0; s < 4; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  for (int kt = 0; kt < ktiles; ++kt) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(3));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 4 < ktiles) fill(kt + 4);
    asm volatile("cp.async.commit_group;\n" ::);
    const uint32_t sa = base + (kt % 6) * 32768, sb = sa + 16384;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t aa = sa + wg * 8192 + ks * 32, ba = sb + ks * 32;
      const uint64_t da = (uint64_t)((aa & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tf128s6_mma(d, da, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
#pragma unroll
  for (int r = 0; r < 64; r += 2) {
    const int row = i0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), col = j0 + 8 * (r / 4) + 2 * t;
    *reinterpret_cast<float2*>(&c[(size_t)row * n + col]) = make_float2(d[r], d[r + 1]);
  }
}

// tr256s4: TF32, A from registers (b^T), WM = 256, STAGES = 4, wait_group 1
#define TR256S4_SMEM 200704
__device__ __forceinline__ void tr256s4_mma(float* d, const uint32_t* f, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %133, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, {%128, %129, %130, %131}, %132, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "r"(f[0]), "r"(f[1]), "r"(f[2]), "r"(f[3]), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tr256s4(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 256, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 50176, sb = sa + 32768;
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // a: WM rows of 8 chunks (8 WM / 256 a work-item)
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // b: 32 rows of 32 chunks, row pitch 136 floats
      const int ch = it * 256 + tid, jc = ch % 32, k = ch / 32;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + jc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + (k * 136 + jc * 4) * 4), "l"(src));
    }
  };
  // The lane's fragment of b^T for k step ks: rows (j) 64 wg + 16 w + g (+ 8), columns (k) t (+ 4).
  auto fragments = [&](int kt, uint32_t* f) {
    const float* sb = (const float*)(smem + (kt % 4) * 50176 + 32768);
    const int j = wg * 64 + 16 * w + g;
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const int k = ks * 8 + t;
      f[ks * 4 + 0] = __float_as_uint(sb[k * 136 + j]);
      f[ks * 4 + 1] = __float_as_uint(sb[k * 136 + j + 8]);
      f[ks * 4 + 2] = __float_as_uint(sb[(k + 4) * 136 + j]);
      f[ks * 4 + 3] = __float_as_uint(sb[(k + 4) * 136 + j + 8]);
    }
  };
  auto step = [&](int kt, uint32_t* f) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    fragments(kt, f);
    const uint32_t sa = base + (kt % 4) * 50176;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t ba = sa + ks * 32;
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tr256s4_mma(d, f + ks * 4, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  uint32_t f0[16], f1[16];
  int kt = 0;
  for (; kt + 1 < ktiles; kt += 2) { step(kt, f0); step(kt + 1, f1); }
  if (kt < ktiles) step(kt, f0);
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  // d holds c^T: row (j) 64 wg + 16 w + g + 8 ((r / 2) % 2), column (i) 8 (r / 4) + 2 t + r % 2.
#pragma unroll
  for (int r = 0; r < 128; ++r) {
    const int j = j0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), i = i0 + 8 * (r / 4) + 2 * t + r % 2;
    c[(size_t)i * n + j] = d[r];
  }
}

// tr256s4w0: TF32, A from registers (b^T), WM = 256, STAGES = 4, wait_group 0
#define TR256S4W0_SMEM 200704
__device__ __forceinline__ void tr256s4w0_mma(float* d, const uint32_t* f, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %133, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, {%128, %129, %130, %131}, %132, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
    : "r"(f[0]), "r"(f[1]), "r"(f[2]), "r"(f[3]), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tr256s4w0(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 256, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
  float d[128];
#pragma unroll
  for (int r = 0; r < 128; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 4) * 50176, sb = sa + 32768;
#pragma unroll
    for (int it = 0; it < 8; ++it) {  // a: WM rows of 8 chunks (8 WM / 256 a work-item)
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // b: 32 rows of 32 chunks, row pitch 136 floats
      const int ch = it * 256 + tid, jc = ch % 32, k = ch / 32;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + jc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + (k * 136 + jc * 4) * 4), "l"(src));
    }
  };
  // The lane's fragment of b^T for k step ks: rows (j) 64 wg + 16 w + g (+ 8), columns (k) t (+ 4).
  auto fragments = [&](int kt, uint32_t* f) {
    const float* sb = (const float*)(smem + (kt % 4) * 50176 + 32768);
    const int j = wg * 64 + 16 * w + g;
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const int k = ks * 8 + t;
      f[ks * 4 + 0] = __float_as_uint(sb[k * 136 + j]);
      f[ks * 4 + 1] = __float_as_uint(sb[k * 136 + j + 8]);
      f[ks * 4 + 2] = __float_as_uint(sb[(k + 4) * 136 + j]);
      f[ks * 4 + 3] = __float_as_uint(sb[(k + 4) * 136 + j + 8]);
    }
  };
  auto step = [&](int kt, uint32_t* f) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(1));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 2 < ktiles) fill(kt + 2);
    asm volatile("cp.async.commit_group;\n" ::);
    fragments(kt, f);
    const uint32_t sa = base + (kt % 4) * 50176;
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t ba = sa + ks * 32;
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tr256s4w0_mma(d, f + ks * 4, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  };
#pragma unroll
  for (int s = 0; s < 2; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  uint32_t f0[16], f1[16];
  int kt = 0;
  for (; kt + 1 < ktiles; kt += 2) { step(kt, f0); step(kt + 1, f1); }
  if (kt < ktiles) step(kt, f0);
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 128; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  // d holds c^T: row (j) 64 wg + 16 w + g + 8 ((r / 2) % 2), column (i) 8 (r / 4) + 2 t + r % 2.
#pragma unroll
  for (int r = 0; r < 128; ++r) {
    const int j = j0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), i = i0 + 8 * (r / 4) + 2 * t + r % 2;
    c[(size_t)i * n + j] = d[r];
  }
}

// tr128s5: TF32, A from registers (b^T), WM = 128, STAGES = 5, wait_group 1
#define TR128S5_SMEM 168960
__device__ __forceinline__ void tr128s5_mma(float* d, const uint32_t* f, uint64_t db, int scale_d) {
  asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"
    "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, {%64, %65, %66, %67}, %68, p, 1, 1;\n}\n"
    : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
    : "r"(f[0]), "r"(f[1]), "r"(f[2]), "r"(f[3]), "l"(db), "r"(scale_d));
}
extern "C" __global__ void __launch_bounds__(256, 1) tr128s5(const void* __restrict__ av,
    const void* __restrict__ bv, float* __restrict__ c, int m, int n, int l) {
  const float* a = (const float*)av;
  const float* b = (const float*)bv;
  extern __shared__ __align__(1024) uint8_t smem[];
  const int tid = threadIdx.x, wg = tid / 128;
  const int i0 = blockIdx.y * 128, j0 = blockIdx.x * 128;
  const uint32_t base = (uint32_t)__cvta_generic_to_shared(smem);
  const int w = (tid % 128) / 32, g = (tid % 32) / 4, t = tid % 4;
  float d[64];
#pragma unroll
  for (int r = 0; r < 64; ++r) d[r] = 0.f;
  const int ktiles = l / 32;
  auto fill = [&](int kt) {
    const uint32_t sa = base + (kt % 5) * 33792, sb = sa + 16384;
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // a: WM rows of 8 chunks (8 WM / 256 a work-item)
      const int ch = it * 256 + tid, kc = ch % 8, r = ch / 8;
      const float* src = a + (size_t)(i0 + r) * l + kt * 32 + kc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sa + r * 128 + ((kc ^ (r % 8)) * 16)), "l"(src));
    }
#pragma unroll
    for (int it = 0; it < 4; ++it) {  // b: 32 rows of 32 chunks, row pitch 136 floats
      const int ch = it * 256 + tid, jc = ch % 32, k = ch / 32;
      const float* src = b + (size_t)(kt * 32 + k) * n + j0 + jc * 4;
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(sb + (k * 136 + jc * 4) * 4), "l"(src));
    }
  };
  // The lane's fragment of b^T for k step ks: rows (j) 64 wg + 16 w + g (+ 8), columns (k) t (+ 4).
  auto fragments = [&](int kt, uint32_t* f) {
    const float* sb = (const float*)(smem + (kt % 5) * 33792 + 16384);
    const int j = wg * 64 + 16 * w + g;
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const int k = ks * 8 + t;
      f[ks * 4 + 0] = __float_as_uint(sb[k * 136 + j]);
      f[ks * 4 + 1] = __float_as_uint(sb[k * 136 + j + 8]);
      f[ks * 4 + 2] = __float_as_uint(sb[(k + 4) * 136 + j]);
      f[ks * 4 + 3] = __float_as_uint(sb[(k + 4) * 136 + j + 8]);
    }
  };
  auto step = [&](int kt, uint32_t* f) {
    asm volatile("cp.async.wait_group %0;\n" :: "n"(2));
    asm volatile("fence.proxy.async.shared::cta;\n" ::: "memory");
    __syncthreads();
    if (kt + 3 < ktiles) fill(kt + 3);
    asm volatile("cp.async.commit_group;\n" ::);
    fragments(kt, f);
    const uint32_t sa = base + (kt % 5) * 33792;
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int ks = 0; ks < 4; ++ks) {
      const uint32_t ba = sa + ks * 32;
      const uint64_t db = (uint64_t)((ba & 0x3FFFF) >> 4) | ((uint64_t)1 << 16) | ((uint64_t)(1024 >> 4) << 32) | (1ull << 62);
      tr128s5_mma(d, f + ks * 4, db, (kt > 0 || ks > 0) ? 1 : 0);
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 1;\n" ::: "memory");
#pragma unroll
    for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  };
#pragma unroll
  for (int s = 0; s < 3; ++s) {
    if (s < ktiles) fill(s);
    asm volatile("cp.async.commit_group;\n" ::);
  }
  uint32_t f0[16], f1[16];
  int kt = 0;
  for (; kt + 1 < ktiles; kt += 2) { step(kt, f0); step(kt + 1, f1); }
  if (kt < ktiles) step(kt, f0);
  asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
#pragma unroll
  for (int r = 0; r < 64; ++r) asm volatile("" : "+f"(d[r]) :: "memory");
  // d holds c^T: row (j) 64 wg + 16 w + g + 8 ((r / 2) % 2), column (i) 8 (r / 4) + 2 t + r % 2.
#pragma unroll
  for (int r = 0; r < 64; ++r) {
    const int j = j0 + wg * 64 + 16 * w + g + 8 * ((r / 2) % 2), i = i0 + 8 * (r / 4) + 2 * t + r % 2;
    c[(size_t)i * n + j] = d[r];
  }
}
#define PROBE_VARIANTS {"wg128s4", wg128s4, 128, WG128S4_SMEM, false, false}, {"wg128s4x", wg128s4x, 128, WG128S4X_SMEM, false, false}, {"wg128s4ak", wg128s4ak, 128, WG128S4AK_SMEM, false, false}, {"wg128s5", wg128s5, 128, WG128S5_SMEM, false, false}, {"wg256s4", wg256s4, 256, WG256S4_SMEM, false, false}, {"wg256s3", wg256s3, 256, WG256S3_SMEM, false, false}, {"sw128s4", sw128s4, 128, SW128S4_SMEM, false, false}, {"sw128s4x", sw128s4x, 128, SW128S4X_SMEM, false, false}, {"sw128s6", sw128s6, 128, SW128S6_SMEM, false, false}, {"sw256s4", sw256s4, 256, SW256S4_SMEM, false, false}, {"sw256s4z", sw256s4z, 256, SW256S4Z_SMEM, true, false}, {"sw256s4w0", sw256s4w0, 256, SW256S4W0_SMEM, false, false}, {"sw256s3w0", sw256s3w0, 256, SW256S3W0_SMEM, false, false}, {"tf256s4", tf256s4, 256, TF256S4_SMEM, false, true}, {"tf256s4z", tf256s4z, 256, TF256S4Z_SMEM, true, true}, {"tf128s6", tf128s6, 128, TF128S6_SMEM, false, true}, {"tr256s4", tr256s4, -256, TR256S4_SMEM, false, true}, {"tr256s4w0", tr256s4w0, -256, TR256S4W0_SMEM, false, true}, {"tr128s5", tr128s5, -128, TR128S5_SMEM, false, true}
