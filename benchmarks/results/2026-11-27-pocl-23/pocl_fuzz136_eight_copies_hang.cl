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

__kernel void __attribute__((reqd_work_group_size(8, 1, 1))) fuzzed(__global const float *restrict x, __global const float *restrict y, __global const float *restrict a, __global const float *restrict b, __global const float *restrict out0, __global float *restrict out1, __global const float *restrict out2, __global const float *restrict out3, int32_t const n, int32_t const m)
{
  const int32_t k_inner = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_fill = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_result = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s0 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s1 = ((int32_t) get_local_id(0));
  const int32_t red_k_inner_s2 = ((int32_t) get_local_id(0));
  __local float acc_k_inner[8] __attribute__((aligned(16)));
  float acc_k_outer = 0;
  for (int32_t i_outer = 0; i_outer <= (n - 1) / 8; ++i_outer)
  {
    for (int32_t j = 0; j <= 8 * i_outer; ++j)
    {
      barrier(CLK_LOCAL_MEM_FENCE);
      acc_k_inner[red_k_inner_fill] = 0.0f;
      if (m >= k_inner + 1)
      {
        acc_k_outer = 0.0f;
      }
      for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
      {
        acc_k_outer = acc_k_outer + (b[8 * i_outer * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[8 * i_outer * m + j]);
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
        out1[8 * i_outer * m + j] = acc_k_inner[0];
      }
    }
    if (n >= 8 * i_outer + 2)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 1; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 1) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 1) * m + j]);
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
          out1[(8 * i_outer + 1) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 3)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 2; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 2) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 2) * m + j]);
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
          out1[(8 * i_outer + 2) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 4)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 3; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 3) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 3) * m + j]);
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
          out1[(8 * i_outer + 3) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 5)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 4; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 4) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 4) * m + j]);
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
          out1[(8 * i_outer + 4) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 6)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 5; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 5) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 5) * m + j]);
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
          out1[(8 * i_outer + 5) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 7)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 6; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 6) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 6) * m + j]);
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
          out1[(8 * i_outer + 6) * m + j] = acc_k_inner[0];
        }
      }
    }
    if (n >= 8 * i_outer + 8)
    {
      for (int32_t j = 0; j <= 8 * i_outer + 7; ++j)
      {
        barrier(CLK_LOCAL_MEM_FENCE);
        acc_k_inner[red_k_inner_fill] = 0.0f;
        if (m >= k_inner + 1)
        {
          acc_k_outer = 0.0f;
        }
        for (int32_t k_outer = 0; k_outer <= loom_floor_div_int32_t(m - k_inner - 1, 8); ++k_outer)
        {
          acc_k_outer = acc_k_outer + (b[(8 * i_outer + 7) * m + (8 * k_outer + k_inner)] + a[j * m + (8 * k_outer + k_inner)] + a[(8 * i_outer + 7) * m + j]);
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
          out1[(8 * i_outer + 7) * m + j] = acc_k_inner[0];
        }
      }
    }
  }
}
