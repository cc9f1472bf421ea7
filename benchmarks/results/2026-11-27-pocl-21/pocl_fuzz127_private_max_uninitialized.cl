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

__kernel void __attribute__((reqd_work_group_size(7, 1, 1))) fuzzed(__global const float *restrict x, __global const float *restrict y, __global const float *restrict a, __global const float *restrict b, __global float *restrict out0, int32_t const n, int32_t const m)
{
  const int32_t i_inner = ((int32_t) get_local_id(0));
  const int32_t i_outer = ((int32_t) get_group_id(0));
  __local float y_fetch;
  float acc_k;
  if (n >= 8 * i_outer + i_inner + 1 && i_inner % 2 == 0)
  {
    acc_k = -INFINITY;
  }
  for (int32_t k = 0; k < m; ++k)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i_inner == 0)
    {
      y_fetch = y[k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (n >= 8 * i_outer + i_inner + 1 && i_inner % 2 == 0)
    {
      acc_k = fmax(acc_k, a[(8 * i_outer + i_inner) * m + k] * y_fetch);
    }
  }
  if (n >= 8 * i_outer + i_inner + 1 && i_inner % 2 == 0)
  {
    out0[8 * i_outer + i_inner] = acc_k;
  }
}
