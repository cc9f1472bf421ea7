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

__kernel void __attribute__((reqd_work_group_size(4, 1, 1))) two_red(__global const double *restrict A, __global double *restrict x, __global double *restrict y, int32_t const n)
{
  const int32_t j2_inner = ((int32_t) get_local_id(0));
  const int32_t j_inner = ((int32_t) get_local_id(0));
  const int32_t red_j2_inner_fill = ((int32_t) get_local_id(0));
  const int32_t red_j2_inner_result = ((int32_t) get_local_id(0));
  const int32_t red_j2_inner_s0 = ((int32_t) get_local_id(0));
  const int32_t red_j2_inner_s1 = ((int32_t) get_local_id(0));
  const int32_t red_j_inner_fill = ((int32_t) get_local_id(0));
  const int32_t red_j_inner_result = ((int32_t) get_local_id(0));
  const int32_t red_j_inner_s0 = ((int32_t) get_local_id(0));
  const int32_t red_j_inner_s1 = ((int32_t) get_local_id(0));
  __local double acc_j_inner[4] __attribute__((aligned(16)));
  __local double acc_j2_inner[4] __attribute__((aligned(16)));
  double acc_j_outer;
  double acc_j2_outer;
  for (int32_t i = 0; i < n; ++i)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc_j_inner[red_j_inner_fill] = 0.0;
    if (n >= j_inner + 1)
    {
      acc_j_outer = 0.0;
    }
    for (int32_t j_outer = 0; j_outer <= loom_floor_div_int32_t(n - j_inner - 1, 4); ++j_outer)
    {
      acc_j_outer = acc_j_outer + A[i * n + (4 * j_outer + j_inner)];
    }
    if (n >= j_inner + 1)
    {
      acc_j_inner[j_inner] = acc_j_outer;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_j_inner_s0 <= 1)
    {
      acc_j_inner[red_j_inner_s0] = acc_j_inner[red_j_inner_s0] + acc_j_inner[red_j_inner_s0 + 2];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (j2_inner == 0)
    {
      acc_j_inner[red_j_inner_s1] = acc_j_inner[red_j_inner_s1] + acc_j_inner[red_j_inner_s1 + 1];
      y[i] = acc_j_inner[0];
    }
  }
  for (int32_t i2 = 0; i2 < n; ++i2)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    acc_j2_inner[red_j2_inner_fill] = 0.0;
    if (n >= j2_inner + 1)
    {
      acc_j2_outer = 0.0;
    }
    for (int32_t j2_outer = 0; j2_outer <= loom_floor_div_int32_t(n - j2_inner - 1, 4); ++j2_outer)
    {
      acc_j2_outer = acc_j2_outer + A[i2 * n + (4 * j2_outer + j2_inner)];
    }
    if (n >= j2_inner + 1)
    {
      acc_j2_inner[j2_inner] = acc_j2_outer;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (red_j2_inner_s0 <= 1)
    {
      acc_j2_inner[red_j2_inner_s0] = acc_j2_inner[red_j2_inner_s0] + acc_j2_inner[red_j2_inner_s0 + 2];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (j2_inner == 0)
    {
      acc_j2_inner[red_j2_inner_s1] = acc_j2_inner[red_j2_inner_s1] + acc_j2_inner[red_j2_inner_s1 + 1];
      x[i2] = acc_j2_inner[0];
    }
  }
}
