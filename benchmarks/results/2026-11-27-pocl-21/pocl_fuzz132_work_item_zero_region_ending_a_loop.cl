#if defined(cl_khr_fp64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
typedef char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long int64_t;
typedef uchar uint8_t;
typedef ushort uint16_t;
typedef uint uint32_t;
typedef ulong uint64_t;

#define LOOM_FN inline
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
  float r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
#if defined(cl_khr_fp64)
LOOM_FN double loom_mod_double(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
#endif

__kernel void __attribute__((reqd_work_group_size(8, 1, 1))) fuzzed(__global const float *restrict x, __global const float *restrict y, __global const float *restrict a, __global const float *restrict b, __global float *restrict out0, __global float *restrict out1, __global const float *restrict out2, int32_t const n, int32_t const m)
{
  const int32_t k_inner = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_fill = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_fill_0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_result = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_result_0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s0_0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s1 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s1_0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s2 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s2_0 = ((int32_t) get_local_id(0));
  __local float acc_k_inner[8] __attribute__((aligned(16)));
  __local float acc_k_inner_0[8] __attribute__((aligned(16)));
  float acc_k_outer = 0;
  float acc_k_outer_0 = 0;
  for (int32_t i = 0; i < n; ++i)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc_k_inner[red_k_inner_fill] = 0.0f;
    if (m >= k_inner + 1)
    {
      acc_k_outer = 0.0f;
    }
    for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
    {
      acc_k_outer = acc_k_outer + a[i * m + (8 * k_outer + k_inner)] * y[8 * k_outer + k_inner];
    }
    if (m >= k_inner + 1)
    {
      acc_k_inner[k_inner] = acc_k_outer;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_k_inner_s0 <= 3)
    {
      acc_k_inner[red_k_inner_s0] = acc_k_inner[red_k_inner_s0] + acc_k_inner[red_k_inner_s0 + 4];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_k_inner_s1 <= 1)
    {
      acc_k_inner[red_k_inner_s1] = acc_k_inner[red_k_inner_s1] + acc_k_inner[red_k_inner_s1 + 2];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (k_inner == 0)
    {
      acc_k_inner[red_k_inner_s2] = acc_k_inner[red_k_inner_s2] + acc_k_inner[red_k_inner_s2 + 1];
      out0[i] = acc_k_inner[0] + b[i * m + i];
    }
  }
  for (int32_t i_0 = 0; i_0 < n; ++i_0)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc_k_inner_0[red_k_inner_fill_0] = 0.0f;
    if (m >= k_inner + 1)
    {
      acc_k_outer_0 = 0.0f;
    }
    for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
    {
      acc_k_outer_0 = acc_k_outer_0 + a[i_0 * m + (8 * k_outer + k_inner)] * y[8 * k_outer + k_inner];
    }
    if (m >= k_inner + 1)
    {
      acc_k_inner_0[k_inner] = acc_k_outer_0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_k_inner_s0_0 <= 3)
    {
      acc_k_inner_0[red_k_inner_s0_0] = acc_k_inner_0[red_k_inner_s0_0] + acc_k_inner_0[red_k_inner_s0_0 + 4];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_k_inner_s1_0 <= 1)
    {
      acc_k_inner_0[red_k_inner_s1_0] = acc_k_inner_0[red_k_inner_s1_0] + acc_k_inner_0[red_k_inner_s1_0 + 2];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (k_inner == 0)
    {
      acc_k_inner_0[red_k_inner_s2_0] = acc_k_inner_0[red_k_inner_s2_0] + acc_k_inner_0[red_k_inner_s2_0 + 1];
      out1[i_0] = acc_k_inner_0[0] + x[n - 1 - i_0];
    }
  }
}
