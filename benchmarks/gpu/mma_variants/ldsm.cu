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
LOOM_FN int loom_ldsm_x4(uint32_t* r, const void* row) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"((uint32_t) __cvta_generic_to_shared(row)));
  return 0;
}
LOOM_FN int loom_ldsm_x2(uint32_t* r, const void* row) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
               : "=r"(r[0]), "=r"(r[1])
               : "r"((uint32_t) __cvta_generic_to_shared(row)));
  return 0;
}
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
  __shared__ loom_bfloat16 b_fetch[5112] __align__(16);
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
        b_fetch[2 * b_row_outer + b_row_inner + (32 * b_col_outer + b_col_inner) * 40] = b[(2 * b_row_outer + b_row_inner + 32 * k_outer) * n + (32 * b_col_outer + b_col_inner + 128 * j_group)];
      }
      if (l >= a_col + 32 * k_outer + 1)
      {
        for (int32_t a_row_outer_outer = 0; a_row_outer_outer <= 15; ++a_row_outer_outer)
        {
          a_fetch[(4 * (2 * a_row_outer_outer + a_row_outer_inner) + a_row_inner) * 40 + a_col] = a[(4 * (2 * a_row_outer_outer + a_row_outer_inner) + a_row_inner + 128 * i_group) * l + (a_col + 32 * k_outer)];
        }
      }
      __syncthreads();
      if (0 <= -2 * k_outer + (l - 1) / 16)
      {
        if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
        {
          uint32_t loom_frag_0[4];
          const int32_t loom_frag_0_done = loom_ldsm_x4(loom_frag_0, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_1[2];
          const int32_t loom_frag_1_done = loom_ldsm_x2(loom_frag_1, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
          uint32_t loom_frag_2[2];
          const int32_t loom_frag_2_done = loom_ldsm_x2(loom_frag_2, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
          uint32_t loom_frag_3[2];
          const int32_t loom_frag_3_done = loom_ldsm_x2(loom_frag_3, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
          uint32_t loom_frag_4[2];
          const int32_t loom_frag_4_done = loom_ldsm_x2(loom_frag_4, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
          uint32_t loom_frag_5[4];
          const int32_t loom_frag_5_done = loom_ldsm_x4(loom_frag_5, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_6[4];
          const int32_t loom_frag_6_done = loom_ldsm_x4(loom_frag_6, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_7[4];
          const int32_t loom_frag_7_done = loom_ldsm_x4(loom_frag_7, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_0[0], loom_frag_0[1], loom_frag_0[2], loom_frag_0[3], loom_frag_1[0], loom_frag_1[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_0[0], loom_frag_0[1], loom_frag_0[2], loom_frag_0[3], loom_frag_2[0], loom_frag_2[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_0[0], loom_frag_0[1], loom_frag_0[2], loom_frag_0[3], loom_frag_3[0], loom_frag_3[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_0[0], loom_frag_0[1], loom_frag_0[2], loom_frag_0[3], loom_frag_4[0], loom_frag_4[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_5[0], loom_frag_5[1], loom_frag_5[2], loom_frag_5[3], loom_frag_1[0], loom_frag_1[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_5[0], loom_frag_5[1], loom_frag_5[2], loom_frag_5[3], loom_frag_2[0], loom_frag_2[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_5[0], loom_frag_5[1], loom_frag_5[2], loom_frag_5[3], loom_frag_3[0], loom_frag_3[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_5[0], loom_frag_5[1], loom_frag_5[2], loom_frag_5[3], loom_frag_4[0], loom_frag_4[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_6[0], loom_frag_6[1], loom_frag_6[2], loom_frag_6[3], loom_frag_1[0], loom_frag_1[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_6[0], loom_frag_6[1], loom_frag_6[2], loom_frag_6[3], loom_frag_2[0], loom_frag_2[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_6[0], loom_frag_6[1], loom_frag_6[2], loom_frag_6[3], loom_frag_3[0], loom_frag_3[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_6[0], loom_frag_6[1], loom_frag_6[2], loom_frag_6[3], loom_frag_4[0], loom_frag_4[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_7[0], loom_frag_7[1], loom_frag_7[2], loom_frag_7[3], loom_frag_1[0], loom_frag_1[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_7[0], loom_frag_7[1], loom_frag_7[2], loom_frag_7[3], loom_frag_2[0], loom_frag_2[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_7[0], loom_frag_7[1], loom_frag_7[2], loom_frag_7[3], loom_frag_3[0], loom_frag_3[1]);
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_7[0], loom_frag_7[1], loom_frag_7[2], loom_frag_7[3], loom_frag_4[0], loom_frag_4[1]);
          }
        }
        else
        {
          uint32_t loom_frag_8[4];
          const int32_t loom_frag_8_done = loom_ldsm_x4(loom_frag_8, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_9[2];
          const int32_t loom_frag_9_done = loom_ldsm_x2(loom_frag_9, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
          uint32_t loom_frag_10[2];
          const int32_t loom_frag_10_done = loom_ldsm_x2(loom_frag_10, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
          uint32_t loom_frag_11[2];
          const int32_t loom_frag_11_done = loom_ldsm_x2(loom_frag_11, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
          uint32_t loom_frag_12[2];
          const int32_t loom_frag_12_done = loom_ldsm_x2(loom_frag_12, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
          uint32_t loom_frag_13[4];
          const int32_t loom_frag_13_done = loom_ldsm_x4(loom_frag_13, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_14[4];
          const int32_t loom_frag_14_done = loom_ldsm_x4(loom_frag_14, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          uint32_t loom_frag_15[4];
          const int32_t loom_frag_15_done = loom_ldsm_x4(loom_frag_15, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_8[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_8[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_8[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_8[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_8[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_13[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_13[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_13[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_13[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_13[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_14[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_14[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_14[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_14[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_14[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_15[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_9[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_15[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_10[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_15[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_11[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
          {
            const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_15[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_15[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_12[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
          }
        }
        if (l >= 32 * k_outer + 17)
        {
          if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
          {
            uint32_t loom_frag_16[4];
            const int32_t loom_frag_16_done = loom_ldsm_x4(loom_frag_16, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_17[2];
            const int32_t loom_frag_17_done = loom_ldsm_x2(loom_frag_17, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
            uint32_t loom_frag_18[2];
            const int32_t loom_frag_18_done = loom_ldsm_x2(loom_frag_18, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
            uint32_t loom_frag_19[2];
            const int32_t loom_frag_19_done = loom_ldsm_x2(loom_frag_19, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
            uint32_t loom_frag_20[2];
            const int32_t loom_frag_20_done = loom_ldsm_x2(loom_frag_20, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
            uint32_t loom_frag_21[4];
            const int32_t loom_frag_21_done = loom_ldsm_x4(loom_frag_21, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_22[4];
            const int32_t loom_frag_22_done = loom_ldsm_x4(loom_frag_22, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_23[4];
            const int32_t loom_frag_23_done = loom_ldsm_x4(loom_frag_23, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_16[0], loom_frag_16[1], loom_frag_16[2], loom_frag_16[3], loom_frag_17[0], loom_frag_17[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_16[0], loom_frag_16[1], loom_frag_16[2], loom_frag_16[3], loom_frag_18[0], loom_frag_18[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_16[0], loom_frag_16[1], loom_frag_16[2], loom_frag_16[3], loom_frag_19[0], loom_frag_19[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_16[0], loom_frag_16[1], loom_frag_16[2], loom_frag_16[3], loom_frag_20[0], loom_frag_20[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_21[0], loom_frag_21[1], loom_frag_21[2], loom_frag_21[3], loom_frag_17[0], loom_frag_17[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_21[0], loom_frag_21[1], loom_frag_21[2], loom_frag_21[3], loom_frag_18[0], loom_frag_18[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_21[0], loom_frag_21[1], loom_frag_21[2], loom_frag_21[3], loom_frag_19[0], loom_frag_19[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_21[0], loom_frag_21[1], loom_frag_21[2], loom_frag_21[3], loom_frag_20[0], loom_frag_20[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_22[0], loom_frag_22[1], loom_frag_22[2], loom_frag_22[3], loom_frag_17[0], loom_frag_17[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_22[0], loom_frag_22[1], loom_frag_22[2], loom_frag_22[3], loom_frag_18[0], loom_frag_18[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_22[0], loom_frag_22[1], loom_frag_22[2], loom_frag_22[3], loom_frag_19[0], loom_frag_19[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_22[0], loom_frag_22[1], loom_frag_22[2], loom_frag_22[3], loom_frag_20[0], loom_frag_20[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_23[0], loom_frag_23[1], loom_frag_23[2], loom_frag_23[3], loom_frag_17[0], loom_frag_17[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_23[0], loom_frag_23[1], loom_frag_23[2], loom_frag_23[3], loom_frag_18[0], loom_frag_18[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_23[0], loom_frag_23[1], loom_frag_23[2], loom_frag_23[3], loom_frag_19[0], loom_frag_19[1]);
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_23[0], loom_frag_23[1], loom_frag_23[2], loom_frag_23[3], loom_frag_20[0], loom_frag_20[1]);
            }
          }
          else
          {
            uint32_t loom_frag_24[4];
            const int32_t loom_frag_24_done = loom_ldsm_x4(loom_frag_24, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_25[2];
            const int32_t loom_frag_25_done = loom_ldsm_x2(loom_frag_25, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
            uint32_t loom_frag_26[2];
            const int32_t loom_frag_26_done = loom_ldsm_x2(loom_frag_26, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
            uint32_t loom_frag_27[2];
            const int32_t loom_frag_27_done = loom_ldsm_x2(loom_frag_27, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
            uint32_t loom_frag_28[2];
            const int32_t loom_frag_28_done = loom_ldsm_x2(loom_frag_28, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
            uint32_t loom_frag_29[4];
            const int32_t loom_frag_29_done = loom_ldsm_x4(loom_frag_29, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_30[4];
            const int32_t loom_frag_30_done = loom_ldsm_x4(loom_frag_30, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            uint32_t loom_frag_31[4];
            const int32_t loom_frag_31_done = loom_ldsm_x4(loom_frag_31, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_24[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_24[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_24[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_24[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_24[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_29[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_29[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_29[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_29[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_29[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_30[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_30[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_30[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_30[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_30[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_31[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_25[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_31[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_26[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_31[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_27[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
            }
            {
              const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_31[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_31[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_28[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
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
          b_fetch[2 * b_row_outer + b_row_inner + (32 * b_col_outer + b_col_inner) * 40] = b[(2 * b_row_outer + b_row_inner + 32 * k_outer) * n + (32 * b_col_outer + b_col_inner + 128 * j_group)];
        }
      }
      if (l >= a_col + 32 * k_outer + 1)
      {
        for (int32_t a_row_outer_outer = 0; a_row_outer_outer <= loom_min_int32_t(15, -16 * i_group - a_row_outer_inner + loom_floor_div_int32_t(m + 4 * a_row_outer_inner - a_row_inner - 1, 8)); ++a_row_outer_outer)
        {
          a_fetch[(4 * (2 * a_row_outer_outer + a_row_outer_inner) + a_row_inner) * 40 + a_col] = a[(4 * (2 * a_row_outer_outer + a_row_outer_inner) + a_row_inner + 128 * i_group) * l + (a_col + 32 * k_outer)];
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
              uint32_t loom_frag_32[4];
              const int32_t loom_frag_32_done = loom_ldsm_x4(loom_frag_32, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
              uint32_t loom_frag_33[2];
              const int32_t loom_frag_33_done = loom_ldsm_x2(loom_frag_33, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
              {
                const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_32[0], loom_frag_32[1], loom_frag_32[2], loom_frag_32[3], loom_frag_33[0], loom_frag_33[1]);
              }
            }
            else
            {
              uint32_t loom_frag_34[4];
              const int32_t loom_frag_34_done = loom_ldsm_x4(loom_frag_34, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
              uint32_t loom_frag_35[2];
              const int32_t loom_frag_35_done = loom_ldsm_x2(loom_frag_35, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
              {
                const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_34[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_34[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_34[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_34[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_35[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_35[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 9)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                }
              }
              else
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                }
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 17)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                }
              }
              else
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                }
              }
            }
            if (n >= 32 * j_warp + 128 * j_group + 25)
            {
              if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                }
              }
              else
              {
                {
                  uint32_t loom_frag_a[4];
                  const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                  uint32_t loom_frag_b[2];
                  const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
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
                uint32_t loom_frag_36[4];
                const int32_t loom_frag_36_done = loom_ldsm_x4(loom_frag_36, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_37[2];
                const int32_t loom_frag_37_done = loom_ldsm_x2(loom_frag_37, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_36[0], loom_frag_36[1], loom_frag_36[2], loom_frag_36[3], loom_frag_37[0], loom_frag_37[1]);
                }
              }
              else
              {
                uint32_t loom_frag_38[4];
                const int32_t loom_frag_38_done = loom_ldsm_x4(loom_frag_38, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_39[2];
                const int32_t loom_frag_39_done = loom_ldsm_x2(loom_frag_39, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_38[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_38[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_38[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_38[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_39[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_39[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
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
                uint32_t loom_frag_40[4];
                const int32_t loom_frag_40_done = loom_ldsm_x4(loom_frag_40, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_41[2];
                const int32_t loom_frag_41_done = loom_ldsm_x2(loom_frag_41, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_40[0], loom_frag_40[1], loom_frag_40[2], loom_frag_40[3], loom_frag_41[0], loom_frag_41[1]);
                }
              }
              else
              {
                uint32_t loom_frag_42[4];
                const int32_t loom_frag_42_done = loom_ldsm_x4(loom_frag_42, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_43[2];
                const int32_t loom_frag_43_done = loom_ldsm_x2(loom_frag_43, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_42[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_42[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_42[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_42[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_43[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_43[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
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
                uint32_t loom_frag_44[4];
                const int32_t loom_frag_44_done = loom_ldsm_x4(loom_frag_44, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_45[2];
                const int32_t loom_frag_45_done = loom_ldsm_x2(loom_frag_45, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_44[0], loom_frag_44[1], loom_frag_44[2], loom_frag_44[3], loom_frag_45[0], loom_frag_45[1]);
                }
              }
              else
              {
                uint32_t loom_frag_46[4];
                const int32_t loom_frag_46_done = loom_ldsm_x4(loom_frag_46, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                uint32_t loom_frag_47[2];
                const int32_t loom_frag_47_done = loom_ldsm_x2(loom_frag_47, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_46[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_46[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_46[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_46[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_47[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_47[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 1 && l >= 15 + 32 * k_outer + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + 8 * (((int32_t) threadIdx.x) % 32 / 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 1 ? 65535U : 0U));
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
                uint32_t loom_frag_48[4];
                const int32_t loom_frag_48_done = loom_ldsm_x4(loom_frag_48, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                uint32_t loom_frag_49[2];
                const int32_t loom_frag_49_done = loom_ldsm_x2(loom_frag_49, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_48[0], loom_frag_48[1], loom_frag_48[2], loom_frag_48[3], loom_frag_49[0], loom_frag_49[1]);
                }
              }
              else
              {
                uint32_t loom_frag_50[4];
                const int32_t loom_frag_50_done = loom_ldsm_x4(loom_frag_50, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                uint32_t loom_frag_51[2];
                const int32_t loom_frag_51_done = loom_ldsm_x2(loom_frag_51, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                {
                  const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile, loom_frag_50[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_50[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_50[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_50[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_51[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_51[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 9)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 4, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 17)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 8, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                  }
                }
              }
              if (n >= 32 * j_warp + 128 * j_group + 25)
              {
                if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                  }
                }
                else
                {
                  {
                    uint32_t loom_frag_a[4];
                    const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                    uint32_t loom_frag_b[2];
                    const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 12, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
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
                  uint32_t loom_frag_52[4];
                  const int32_t loom_frag_52_done = loom_ldsm_x4(loom_frag_52, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_53[2];
                  const int32_t loom_frag_53_done = loom_ldsm_x2(loom_frag_53, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_52[0], loom_frag_52[1], loom_frag_52[2], loom_frag_52[3], loom_frag_53[0], loom_frag_53[1]);
                  }
                }
                else
                {
                  uint32_t loom_frag_54[4];
                  const int32_t loom_frag_54_done = loom_ldsm_x4(loom_frag_54, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_55[2];
                  const int32_t loom_frag_55_done = loom_ldsm_x2(loom_frag_55, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 16, loom_frag_54[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_54[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_54[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_54[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_55[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_55[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 20, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 24, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 16 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 28, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
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
                  uint32_t loom_frag_56[4];
                  const int32_t loom_frag_56_done = loom_ldsm_x4(loom_frag_56, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_57[2];
                  const int32_t loom_frag_57_done = loom_ldsm_x2(loom_frag_57, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_56[0], loom_frag_56[1], loom_frag_56[2], loom_frag_56[3], loom_frag_57[0], loom_frag_57[1]);
                  }
                }
                else
                {
                  uint32_t loom_frag_58[4];
                  const int32_t loom_frag_58_done = loom_ldsm_x4(loom_frag_58, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_59[2];
                  const int32_t loom_frag_59_done = loom_ldsm_x2(loom_frag_59, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 32, loom_frag_58[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_58[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_58[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_58[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_59[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_59[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 36, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 40, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 32 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 44, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
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
                  uint32_t loom_frag_60[4];
                  const int32_t loom_frag_60_done = loom_ldsm_x4(loom_frag_60, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_61[2];
                  const int32_t loom_frag_61_done = loom_ldsm_x2(loom_frag_61, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_60[0], loom_frag_60[1], loom_frag_60[2], loom_frag_60[3], loom_frag_61[0], loom_frag_61[1]);
                  }
                }
                else
                {
                  uint32_t loom_frag_62[4];
                  const int32_t loom_frag_62_done = loom_ldsm_x4(loom_frag_62, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                  uint32_t loom_frag_63[2];
                  const int32_t loom_frag_63_done = loom_ldsm_x2(loom_frag_63, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 32 * j_warp) * 40));
                  {
                    const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 48, loom_frag_62[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_62[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_62[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_62[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_63[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_63[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 9)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 8 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 52, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 17)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 16 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 56, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
                    }
                  }
                }
                if (n >= 32 * j_warp + 128 * j_group + 25)
                {
                  if (l >= 15 + 32 * k_outer + 16 + 1 && l >= 15 + 32 * k_outer + 16 + 1)
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_a[0], loom_frag_a[1], loom_frag_a[2], loom_frag_a[3], loom_frag_b[0], loom_frag_b[1]);
                    }
                  }
                  else
                  {
                    {
                      uint32_t loom_frag_a[4];
                      const int32_t loom_frag_a_done = loom_ldsm_x4(loom_frag_a, a_fetch + ((((int32_t) threadIdx.x) % 32 % 16 + 48 + 64 * i_warp) * 40 + (8 * (((int32_t) threadIdx.x) % 32 / 16) + 16)));
                      uint32_t loom_frag_b[2];
                      const int32_t loom_frag_b_done = loom_ldsm_x2(loom_frag_b, b_fetch + (8 * (((int32_t) threadIdx.x) % 32 / 8 % 2) + 16 + (((int32_t) threadIdx.x) % 32 % 8 + 24 + 32 * j_warp) * 40));
                      const int32_t loom_mma_done = loom_mma_m16n8k16_bf16(acc_k_outer_k_step_k_tile + 60, loom_frag_a[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[2] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_a[3] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[0] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 32 * k_outer + 16 + 1 ? 65535U : 0U), loom_frag_b[1] & (l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 1 + 32 * k_outer + 16 + 1 ? 4294967295LLU : l >= 2 * (((int32_t) threadIdx.x) % 32 % 4) + 8 + 32 * k_outer + 16 + 1 ? 65535U : 0U));
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
