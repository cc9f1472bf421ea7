#if defined(__CUDACC_RTC__)
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <stdint.h>
#endif
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif
#ifndef NAN
#define NAN __int_as_float(0x7fffffff)
#endif

#define LOOM_FN __device__ inline
#define LOOM_DEFINE_INT_HELPERS(T)                                                   \
  LOOM_FN T loom_floor_div_##T(T a, T b) {                                          \
    T q = a / b;                                                                     \
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;                         \
  }                                                                                  \
  LOOM_FN T loom_mod_##T(T a, T b) {                                                 \
    T r = a % b;                                                                     \
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;                             \
  }                                                                                  \
  LOOM_FN T loom_min_##T(T a, T b) { return a < b ? a : b; }                         \
  LOOM_FN T loom_max_##T(T a, T b) { return a > b ? a : b; }                         \
  LOOM_FN T loom_abs_##T(T a) { return a < 0 ? -a : a; }                             \
  LOOM_FN T loom_pow_##T(T base, T exponent) {                                       \
    T result = 1;                                                                    \
    for (; exponent > 0; --exponent) result *= base;                                 \
    return result;                                                                   \
  }
LOOM_DEFINE_INT_HELPERS(int32_t)
LOOM_DEFINE_INT_HELPERS(int64_t)
LOOM_FN float loom_mod_float(float a, float b) {
  float r = fmodf(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
LOOM_FN double loom_mod_double(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

typedef unsigned short loom_float16;
typedef unsigned short loom_bfloat16;
LOOM_FN float loom_float16_to_float(loom_float16 h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}
LOOM_FN loom_float16 loom_float_to_float16(float f) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}
LOOM_FN float loom_bfloat16_to_float(loom_bfloat16 h) { return __uint_as_float((unsigned int) h << 16); }
LOOM_FN loom_bfloat16 loom_float_to_bfloat16(float f) {
  unsigned short h;
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}

LOOM_FN uint32_t loom_mma_pack(uint16_t low, uint16_t high) {
  return (uint32_t) low | ((uint32_t) high << 16);
}
LOOM_FN uint32_t loom_mma_word(const uint16_t* pair) { return *(const uint32_t*) pair; }
LOOM_FN uint32_t loom_mma_tf32(float value) {
  uint32_t bits;
  asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(bits) : "f"(value));
  return bits;
}
#define LOOM_MMA(NAME, SHAPE, TYPE)                                                                        \
  LOOM_FN int NAME(float* c, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t b0, uint32_t b1) { \
    asm("mma.sync.aligned." SHAPE ".row.col.f32." TYPE "." TYPE ".f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "  \
        "{%8, %9}, {%0, %1, %2, %3};"                                                                      \
        : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])                                                    \
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));                                           \
    return 0;                                                                                              \
  }
LOOM_MMA(loom_mma_m16n8k16_bf16, "m16n8k16", "bf16")
LOOM_MMA(loom_mma_m16n8k16_f16, "m16n8k16", "f16")
LOOM_MMA(loom_mma_m16n8k8_tf32, "m16n8k8", "tf32")

extern "C" __global__ void __launch_bounds__(256, 2) bf16_gemm(const loom_bfloat16 *__restrict__ a, const loom_bfloat16 *__restrict__ b, float *__restrict__ c, int32_t const m, int32_t const n, int32_t const l)
{
  const int32_t a_col = ((int32_t) threadIdx.x);
  const int32_t a_row_inner = ((int32_t) threadIdx.z);
  const int32_t a_row_outer_inner = ((int32_t) threadIdx.y);
  const int32_t b_col_inner = ((int32_t) threadIdx.x);
  const int32_t b_col_outer = ((int32_t) threadIdx.z);
  const int32_t b_row_inner = ((int32_t) threadIdx.y);
  const int32_t i_group = ((int32_t) blockIdx.y);
  const int32_t i_warp = ((int32_t) threadIdx.y);
  const int32_t j_group = ((int32_t) blockIdx.x);
  const int32_t j_warp = ((int32_t) threadIdx.z);
  __shared__ loom_bfloat16 a_fetch[5112] __align__(16);
  __shared__ loom_bfloat16 b_fetch[4344] __align__(16);
  float acc_k_outer_k_step_k_tile[64];
  if (n >= 128 * j_group + 128 && m >= 128 * i_group + 128)
  {
    acc_k_outer_k_step_k_tile[0] = 0.0f;
    acc_k_outer_k_step_k_tile[1] = 0.0f;
    acc_k_outer_k_step_k_tile[2] = 0.0f;
    acc_k_outer_k_step_k_tile[3] = 0.0f;
    acc_k_outer_k_step_k_tile[4] = 0.0f;
    acc_k_outer_k_step_k_tile[5] = 0.0f;
    acc_k_outer_k_step_k_tile[6] = 0.0f;
    acc_k_outer_k_step_k_tile[7] = 0.0f;
    acc_k_outer_k_step_k_tile[8] = 0.0f;
    acc_k_outer_k_step_k_tile[9] = 0.0f;
    acc_k_outer_k_step_k_tile[10] = 0.0f;
    acc_k_outer_k_step_k_tile[11] = 0.0f;
    acc_k_outer_k_step_k_tile[12] = 0.0f;
    acc_k_outer_k_step_k_tile[13] = 0.0f;
    acc_k_outer_k_step_k_tile[14] = 0.0f;
    acc_k_outer_k_step_k_tile[15] = 0.0f;
    acc_k_outer_k_step_k_tile[16] = 0.0f;
    acc_k_outer_k_step_k_tile[17] = 0.0f;
    acc_k_outer_k_step_k_tile[18] = 0.0f;
    acc_k_outer_k_step_k_tile[19] = 0.0f;
    acc_k_outer_k_step_k_tile[20] = 0.0f;
    acc_k_outer_k_step_k_tile[21] = 0.0f;
    acc_k_outer_k_step_k_tile[22] = 0.0f;
    acc_k_outer_k_step_k_tile[23] = 0.0f;
    acc_k_outer_k_step_k_tile[24] = 0.0f;
    acc_k_outer_k_step_k_tile[25] = 0.0f;
    acc_k_outer_k_step_k_tile[26] = 0.0f;
    acc_k_outer_k_step_k_tile[27] = 0.0f;
    acc_k_outer_k_step_k_tile[28] = 0.0f;
    acc_k_outer_k_step_k_tile[29] = 0.0f;
    acc_k_outer_k_step_k_tile[30] = 0.0f;
    acc_k_outer_k_step_k_tile[31] = 0.0f;
    acc_k_outer_k_step_k_tile[32] = 0.0f;
    acc_k_outer_k_step_k_tile[33] = 0.0f;
    acc_k_outer_k_step_k_tile[34] = 0.0f;
    acc_k_outer_k_step_k_tile[35] = 0.0f;
    acc_k_outer_k_step_k_tile[36] = 0.0f;
    acc_k_outer_k_step_k_tile[37] = 0.0f;
    acc_k_outer_k_step_k_tile[38] = 0.0f;
    acc_k_outer_k_step_k_tile[39] = 0.0f;
    acc_k_outer_k_step_k_tile[40] = 0.0f;
    acc_k_outer_k_step_k_tile[41] = 0.0f;
    acc_k_outer_k_step_k_tile[42] = 0.0f;
    acc_k_outer_k_step_k_tile[43] = 0.0f;
    acc_k_outer_k_step_k_tile[44] = 0.0f;
    acc_k_outer_k_step_k_tile[45] = 0.0f;
    acc_k_outer_k_step_k_tile[46] = 0.0f;
    acc_k_outer_k_step_k_tile[47] = 0.0f;
    acc_k_outer_k_step_k_tile[48] = 0.0f;
    acc_k_outer_k_step_k_tile[49] = 0.0f;
    acc_k_outer_k_step_k_tile[50] = 0.0f;
    acc_k_outer_k_step_k_tile[51] = 0.0f;
    acc_k_outer_k_step_k_tile[52] = 0.0f;
    acc_k_outer_k_step_k_tile[53] = 0.0f;
    acc_k_outer_k_step_k_tile[54] = 0.0f;
    acc_k_outer_k_step_k_tile[55] = 0.0f;
    acc_k_outer_k_step_k_tile[56] = 0.0f;
    acc_k_outer_k_step_k_tile[57] = 0.0f;
    acc_k_outer_k_step_k_tile[58] = 0.0f;
    acc_k_outer_k_step_k_tile[59] = 0.0f;
    acc_k_outer_k_step_k_tile[60] = 0.0f;
    acc_k_outer_k_step_k_tile[61] = 0.0f;
    acc_k_outer_k_step_k_tile[62] = 0.0f;
    acc_k_outer_k_step_k_tile[63] = 0.0f;
    for (int32_t k_outer = 0; k_outer <= (l - 1) / 32; ++k_outer)
    {
      __syncthreads();
      for (int32_t b_row_outer = 0; b_row_outer <= loom_min_int32_t(15, -b_row_inner - 16 * k_outer + (l + b_row_inner + 1) / 2 - 1); ++b_row_outer)
      {
;
      }
      if (l >= a_col + 32 * k_outer + 1)
      {
        for (int32_t a_row_outer_outer = 0; a_row_outer_outer <= 15; ++a_row_outer_outer)
        {
;
        }
      }
      __syncthreads();
      if (0 <= -2 * k_outer + (l - 1) / 16)
      {
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
          }
        }
        else
        {
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
          }
        }
        if (l >= 32 * k_outer + 17)
        {
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
            }
          }
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
            }
          }
          else
          {
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
            }
          }
        }
      }
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[0];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[1];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[2];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[3];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[4];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[5];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[6];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[7];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[8];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[9];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[10];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[11];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[12];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[13];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[14];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[15];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[16];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[17];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[18];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[19];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[20];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[21];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[22];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[23];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[24];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[25];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[26];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[27];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[28];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[29];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[30];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[31];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[32];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[33];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[34];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[35];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[36];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[37];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[38];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[39];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[40];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[41];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[42];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[43];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[44];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[45];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[46];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[47];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[48];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[49];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[50];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[51];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[52];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[53];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[54];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[55];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[56];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[57];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[58];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[59];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[60];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[61];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[62];
    }
    if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
    {
      c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[63];
    }
  }
  else
  {
    if (0 <= -4 * i_warp - 8 * i_group + (m - 1) / 16)
    {
      if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
      {
        acc_k_outer_k_step_k_tile[0] = 0.0f;
        acc_k_outer_k_step_k_tile[1] = 0.0f;
        acc_k_outer_k_step_k_tile[2] = 0.0f;
        acc_k_outer_k_step_k_tile[3] = 0.0f;
        if (n >= 32 * j_warp + 128 * j_group + 9)
        {
          acc_k_outer_k_step_k_tile[4] = 0.0f;
          acc_k_outer_k_step_k_tile[5] = 0.0f;
          acc_k_outer_k_step_k_tile[6] = 0.0f;
          acc_k_outer_k_step_k_tile[7] = 0.0f;
        }
        if (n >= 32 * j_warp + 128 * j_group + 17)
        {
          acc_k_outer_k_step_k_tile[8] = 0.0f;
          acc_k_outer_k_step_k_tile[9] = 0.0f;
          acc_k_outer_k_step_k_tile[10] = 0.0f;
          acc_k_outer_k_step_k_tile[11] = 0.0f;
        }
        if (n >= 32 * j_warp + 128 * j_group + 25)
        {
          acc_k_outer_k_step_k_tile[12] = 0.0f;
          acc_k_outer_k_step_k_tile[13] = 0.0f;
          acc_k_outer_k_step_k_tile[14] = 0.0f;
          acc_k_outer_k_step_k_tile[15] = 0.0f;
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 17)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          acc_k_outer_k_step_k_tile[16] = 0.0f;
          acc_k_outer_k_step_k_tile[17] = 0.0f;
          acc_k_outer_k_step_k_tile[18] = 0.0f;
          acc_k_outer_k_step_k_tile[19] = 0.0f;
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            acc_k_outer_k_step_k_tile[20] = 0.0f;
            acc_k_outer_k_step_k_tile[21] = 0.0f;
            acc_k_outer_k_step_k_tile[22] = 0.0f;
            acc_k_outer_k_step_k_tile[23] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            acc_k_outer_k_step_k_tile[24] = 0.0f;
            acc_k_outer_k_step_k_tile[25] = 0.0f;
            acc_k_outer_k_step_k_tile[26] = 0.0f;
            acc_k_outer_k_step_k_tile[27] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            acc_k_outer_k_step_k_tile[28] = 0.0f;
            acc_k_outer_k_step_k_tile[29] = 0.0f;
            acc_k_outer_k_step_k_tile[30] = 0.0f;
            acc_k_outer_k_step_k_tile[31] = 0.0f;
          }
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 33)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          acc_k_outer_k_step_k_tile[32] = 0.0f;
          acc_k_outer_k_step_k_tile[33] = 0.0f;
          acc_k_outer_k_step_k_tile[34] = 0.0f;
          acc_k_outer_k_step_k_tile[35] = 0.0f;
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            acc_k_outer_k_step_k_tile[36] = 0.0f;
            acc_k_outer_k_step_k_tile[37] = 0.0f;
            acc_k_outer_k_step_k_tile[38] = 0.0f;
            acc_k_outer_k_step_k_tile[39] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            acc_k_outer_k_step_k_tile[40] = 0.0f;
            acc_k_outer_k_step_k_tile[41] = 0.0f;
            acc_k_outer_k_step_k_tile[42] = 0.0f;
            acc_k_outer_k_step_k_tile[43] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            acc_k_outer_k_step_k_tile[44] = 0.0f;
            acc_k_outer_k_step_k_tile[45] = 0.0f;
            acc_k_outer_k_step_k_tile[46] = 0.0f;
            acc_k_outer_k_step_k_tile[47] = 0.0f;
          }
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 49)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          acc_k_outer_k_step_k_tile[48] = 0.0f;
          acc_k_outer_k_step_k_tile[49] = 0.0f;
          acc_k_outer_k_step_k_tile[50] = 0.0f;
          acc_k_outer_k_step_k_tile[51] = 0.0f;
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            acc_k_outer_k_step_k_tile[52] = 0.0f;
            acc_k_outer_k_step_k_tile[53] = 0.0f;
            acc_k_outer_k_step_k_tile[54] = 0.0f;
            acc_k_outer_k_step_k_tile[55] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            acc_k_outer_k_step_k_tile[56] = 0.0f;
            acc_k_outer_k_step_k_tile[57] = 0.0f;
            acc_k_outer_k_step_k_tile[58] = 0.0f;
            acc_k_outer_k_step_k_tile[59] = 0.0f;
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            acc_k_outer_k_step_k_tile[60] = 0.0f;
            acc_k_outer_k_step_k_tile[61] = 0.0f;
            acc_k_outer_k_step_k_tile[62] = 0.0f;
            acc_k_outer_k_step_k_tile[63] = 0.0f;
          }
        }
      }
    }
    for (int32_t k_outer = 0; k_outer <= (l - 1) / 32; ++k_outer)
    {
      __syncthreads();
      if (n >= 128 * j_group + 32 * b_col_outer + b_col_inner + 1)
      {
        for (int32_t b_row_outer = 0; b_row_outer <= loom_min_int32_t(15, -b_row_inner - 16 * k_outer + (l + b_row_inner + 1) / 2 - 1); ++b_row_outer)
        {
;
        }
      }
      if (l >= a_col + 32 * k_outer + 1)
      {
        for (int32_t a_row_outer_outer = 0; a_row_outer_outer <= loom_min_int32_t(15, -16 * i_group - a_row_outer_inner + loom_floor_div_int32_t(m + 4 * a_row_outer_inner - a_row_inner - 1, 8)); ++a_row_outer_outer)
        {
;
        }
      }
      __syncthreads();
      if (0 <= -2 * k_outer + (l - 1) / 16)
      {
        if (0 <= -4 * i_warp - 8 * i_group + (m - 1) / 16)
        {
          if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
          {
            if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
            {
              {
                const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
              }
            }
            else
            {
              {
                const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 9)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                }
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 17)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                }
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 25)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                }
              }
            }
          }
          if (m >= 64 * i_warp + 128 * i_group + 17)
          {
            if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                  }
                }
              }
            }
          }
          if (m >= 64 * i_warp + 128 * i_group + 33)
          {
            if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                  }
                }
              }
            }
          }
          if (m >= 64 * i_warp + 128 * i_group + 49)
          {
            if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))), loom_mma_pack(b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + 2 * (((int32_t) threadIdx.x) % 32 % 4))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? b_fetch[2 * (((int32_t) threadIdx.x) % 32 % 4) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                  }
                }
              }
            }
          }
        }
        if (l >= 32 * k_outer + 17)
        {
          if (0 <= -4 * i_warp - 8 * i_group + (m - 1) / 16)
          {
            if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
            {
              if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                }
              }
              else
              {
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                  }
                }
              }
            }
            if (m >= 64 * i_warp + 128 * i_group + 17)
            {
              if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 16 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                    }
                  }
                }
              }
            }
            if (m >= 64 * i_warp + 128 * i_group + 33)
            {
              if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                    }
                  }
                }
              }
            }
            if (m >= 64 * i_warp + 128 * i_group + 49)
            {
              if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)]));
                  }
                }
                else
                {
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 32 * j_warp)] : 0));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 8 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 16 + 32 * j_warp)] : 0));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]), loom_mma_pack(b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)], b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)]));
                    }
                  }
                  else
                  {
                    {
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_word(a_fetch + ((((int32_t) threadIdx.x) % 32 / 4 + 8 + 48 + 64 * i_warp) * 40 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16))) & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0), loom_mma_pack(l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0, l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? b_fetch[(2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 16) * 136 + (((int32_t) threadIdx.x) % 32 / 4 + 24 + 32 * j_warp)] : 0));
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if (0 <= -4 * i_warp - 8 * i_group + (m - 1) / 16)
    {
      if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
      {
        if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
        {
          c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[0];
        }
        if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
        {
          c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[1];
        }
        if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
        {
          c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[2];
        }
        if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
        {
          c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[3];
        }
        if (n >= 32 * j_warp + 128 * j_group + 9)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[4];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[5];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[6];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[7];
          }
        }
        if (n >= 32 * j_warp + 128 * j_group + 17)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[8];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[9];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[10];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[11];
          }
        }
        if (n >= 32 * j_warp + 128 * j_group + 25)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[12];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
          {
            c[(128 * i_group + (64 * i_warp + ((int32_t) threadIdx.x) % 32 / 4)) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[13];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[14];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
          {
            c[(128 * i_group + (64 * i_warp + (((int32_t) threadIdx.x) % 32 / 4 + 8))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[15];
          }
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 17)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[16];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[17];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[18];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[19];
          }
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[20];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[21];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[22];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[23];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[24];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[25];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[26];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[27];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[28];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[29];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[30];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 16 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (16 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[31];
            }
          }
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 33)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[32];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[33];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[34];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[35];
          }
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[36];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[37];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[38];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[39];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[40];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[41];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[42];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[43];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[44];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[45];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[46];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 32 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (32 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[47];
            }
          }
        }
      }
      if (m >= 64 * i_warp + 128 * i_group + 49)
      {
        if (0 <= -4 * j_warp - 16 * j_group + (n - 1) / 8)
        {
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[48];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[49];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + 2 * (((int32_t) threadIdx.x) % 32 % 4)))] = acc_k_outer_k_step_k_tile[50];
          }
          if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 1)
          {
            c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1)))] = acc_k_outer_k_step_k_tile[51];
          }
          if (n >= 32 * j_warp + 128 * j_group + 9)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[52];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[53];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[54];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 8 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (8 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[55];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 17)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[56];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[57];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[58];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 16 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (16 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[59];
            }
          }
          if (n >= 32 * j_warp + 128 * j_group + 25)
          {
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[60];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + ((int32_t) threadIdx.x) % 32 / 4))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[61];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + 2 * (((int32_t) threadIdx.x) % 32 % 4))))] = acc_k_outer_k_step_k_tile[62];
            }
            if (m >= ((int32_t) threadIdx.x) % 32 / 4 + 8 + 128 * i_group + 64 * i_warp + 48 + 1 && n >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 128 * j_group + 32 * j_warp + 24 + 1)
            {
              c[(128 * i_group + (64 * i_warp + (48 + (((int32_t) threadIdx.x) % 32 / 4 + 8)))) * n + (128 * j_group + (32 * j_warp + (24 + (2 * (((int32_t) threadIdx.x) % 32 % 4) + 1))))] = acc_k_outer_k_step_k_tile[63];
            }
          }
        }
      }
    }
  }
}
