// The C-family printer. Dialect differences are confined to the small hook functions at the top
// (preamble, qualifiers, math names); everything else is shared.
#include "codegen/print_c_family.hpp"

#include "codegen/bulk_fills.hpp"

#include <cctype>
#include <cstdio>
#include <charconv>
#include <set>
#include <cmath>
#include <sstream>

#include "loom/error.hpp"
#include "codegen/tensor_cores.hpp"
#include "runtime/half_precision.hpp"

namespace loom::codegen {

namespace {

// ---- dialect hooks -------------------------------------------------------------------------

// Integer helpers shared by every dialect: Python's floor division and modulo (correct for
// negative values), min/max/abs/pow. LOOM_FN is the dialect's function qualifier.
const char* kIntegerHelpers = R"(#define LOOM_DEFINE_INT_HELPERS(T)                                                   \
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
)";

const char* kCHead = R"(#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#define LOOM_FN static inline
/* A subscript read from an index array fell outside its array: the caller's fault guard reports
   SIGUSR2 as that, before any element outside the array is touched. */
LOOM_FN bool loom_index_outside_its_array(void) {
  raise(SIGUSR2);
  return false;
}
)";

const char* kCFloatHelpers = R"(LOOM_FN float loom_mod_float(float a, float b) {
  float r = fmodf(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
LOOM_FN double loom_mod_double(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
LOOM_FN float loom_rsqrt_float(float x) { return 1.0f / sqrtf(x); }
LOOM_FN double loom_rsqrt_double(double x) { return 1.0 / sqrt(x); }
)";

// OpenCL C has no <stdint.h>: the fixed-width names loom prints are typedefs of its own types.
const char* kOpenCLHead = R"(#if defined(cl_khr_fp64)
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
)";

// OpenCL's math functions are overloaded (fmod for float and double alike).
const char* kOpenCLFloatHelpers = R"(LOOM_FN float loom_mod_float(float a, float b) {
  float r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
#if defined(cl_khr_fp64)
LOOM_FN double loom_mod_double(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
#endif
)";

// NVRTC compiles without the C library headers: there the integer names, INFINITY and NAN come
// from here; nvcc (offline compiles) has <stdint.h>.
const char* kCudaHead = R"(#if defined(__CUDACC_RTC__)
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
)";

const char* kCudaFloatHelpers = R"(LOOM_FN float loom_mod_float(float a, float b) {
  float r = fmodf(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
LOOM_FN double loom_mod_double(double a, double b) {
  double r = fmod(a, b);
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
)";

std::string preamble(Target target) {
  switch (target) {
    case Target::C: return std::string(kCHead) + kIntegerHelpers + kCFloatHelpers;
    case Target::OpenCL: return std::string(kOpenCLHead) + kIntegerHelpers + kOpenCLFloatHelpers;
    case Target::CUDA: return std::string(kCudaHead) + kIntegerHelpers + kCudaFloatHelpers;
  }
  return "";
}

// ---- 16-bit floating point -----------------------------------------------------------------

// float16 and bfloat16 are storage formats (decisions.md, Issue 29): arrays and temporaries hold
// them, arithmetic is float32. Loads convert with loom_<type>_to_float, stores round with
// loom_float_to_<type> (to nearest, ties to even). CUDA uses its own types and conversions; C and
// OpenCL store the bits in 16-bit integers and convert with the code below, which is Fabian
// Giesen's branch-light float → half with correct rounding (public domain), and bfloat16's
// round-to-nearest-even on the upper half of the float's bits.
const char* kHalfConversions = R"(LOOM_FN float loom_float16_to_float(loom_float16 h) {
  uint32_t sign = (uint32_t) (h & 0x8000u) << 16;
  uint32_t exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  if (exponent == 0) {
    float magnitude = (float) mantissa * 5.9604644775390625e-8f;
    return sign ? -magnitude : magnitude;
  }
  if (exponent == 31) return loom_float_of_bits(sign | 0x7f800000u | (mantissa << 13));
  return loom_float_of_bits(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}
LOOM_FN loom_float16 loom_float_to_float16(float value) {
  uint32_t bits = loom_bits_of_float(value);
  uint32_t sign = bits & 0x80000000u;
  bits ^= sign;
  uint32_t result;
  if (bits >= 0x47800000u) {
    result = bits > 0x7f800000u ? 0x7e00u : 0x7c00u;
  } else if (bits < 0x38800000u) {
    result = loom_bits_of_float(loom_float_of_bits(bits) + 0.5f) - 0x3f000000u;
  } else {
    uint32_t odd = (bits >> 13) & 1u;
    bits += 0xc8000fffu + odd;
    result = bits >> 13;
  }
  return (loom_float16) (result | (sign >> 16));
}
LOOM_FN float loom_bfloat16_to_float(loom_bfloat16 h) { return loom_float_of_bits((uint32_t) h << 16); }
LOOM_FN loom_bfloat16 loom_float_to_bfloat16(float value) {
  uint32_t bits = loom_bits_of_float(value);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return (loom_bfloat16) ((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return (loom_bfloat16) (bits >> 16);
}
)";

const char* kCHalfHead = R"(#include <string.h>
typedef uint16_t loom_float16;
typedef uint16_t loom_bfloat16;
LOOM_FN uint32_t loom_bits_of_float(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
LOOM_FN float loom_float_of_bits(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
)";

const char* kOpenCLHalfHead = R"(typedef ushort loom_float16;
typedef ushort loom_bfloat16;
LOOM_FN uint32_t loom_bits_of_float(float f) { return as_uint(f); }
LOOM_FN float loom_float_of_bits(uint32_t u) { return as_float(u); }
)";

// CUDA: the bits in 16-bit integers too, converted by the hardware's cvt instructions (bfloat16
// needs sm_80). NVRTC 13.0 has no built-in cuda_fp16.h/cuda_bf16.h (it needs the toolkit's include
// directory, which a GPU machine running loom need not have), and the tensor-core code passes
// fragments as packed 32-bit registers anyway.
const char* kCudaHalf = R"(typedef unsigned short loom_float16;
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
)";

// The 16-bit helpers, only for translation units that use a 16-bit type.
std::string half_precision_helpers(const std::string& code, Target target) {
  if (code.find("loom_float16") == std::string::npos && code.find("loom_bfloat16") == std::string::npos) return "";
  switch (target) {
    case Target::C: return std::string(kCHalfHead) + kHalfConversions;
    case Target::OpenCL: return std::string(kOpenCLHalfHead) + kHalfConversions;
    case Target::CUDA: return kCudaHalf;
  }
  return "";
}

// A 16-bit constant of an initializer: its bits (every target stores 16-bit integers).
std::string half_constant(double value, DType dtype) {
  bool bfloat = dtype == DType::BFloat16;
  uint16_t bits = bfloat ? detail::bfloat16_bits(value) : detail::float16_bits(value);
  char text[16];
  std::snprintf(text, sizeof text, "0x%04x", static_cast<unsigned>(bits));
  return std::string("(") + (bfloat ? "loom_bfloat16" : "loom_float16") + ") " + text;
}

// ---- warp reductions (CUDA) ---------------------------------------------------------------------

// The last five steps of a local tree reduction on one warp (analysis/local_reduction.cpp): a
// butterfly of __shfl_xor_sync leaves the warp's result in every lane. argmax/argmin's index
// helper carries the index along and prefers the smaller index among equal values, as the tree
// does, so every lane ends with the same pair.
const char* const kShuffleTypes[] = {"float", "double", "int32_t", "int64_t", "uint32_t", "uint64_t"};

std::string combine_in_warp(const std::string& operation, const std::string& type) {
  bool floating = type == "float" || type == "double";
  std::string suffix = type == "float" ? "f" : "";
  if (operation == "sum") return "v + other";
  if (operation == "product") return "v * other";
  if (operation == "max") return floating ? "fmax" + suffix + "(v, other)" : "(other > v ? other : v)";
  return floating ? "fmin" + suffix + "(v, other)" : "(other < v ? other : v)";
}

std::string plain_warp_helper(const std::string& name, const std::string& operation, const std::string& type) {
  return "LOOM_FN " + type + " " + name + "(" + type + " v) {\n  for (int offset = 16; offset > 0; offset /= 2) {\n    " +
         type + " other = __shfl_xor_sync(0xffffffffu, v, offset);\n    v = " + combine_in_warp(operation, type) +
         ";\n  }\n  return v;\n}\n";
}

std::string arg_warp_helper(const std::string& name, const std::string& operation, const std::string& value,
                            const std::string& index) {
  std::string better = operation == "argmax" ? ">" : "<";
  return "LOOM_FN " + index + " " + name + "(" + value + " v, " + index + " i) {\n" +
         "  for (int offset = 16; offset > 0; offset /= 2) {\n" +
         "    " + value + " other = __shfl_xor_sync(0xffffffffu, v, offset);\n" +
         "    " + index + " other_index = __shfl_xor_sync(0xffffffffu, i, offset);\n" +
         "    if (other " + better + " v || (other == v && other_index < i)) {\n" +
         "      v = other;\n      i = other_index;\n    }\n  }\n  return i;\n}\n";
}

// The definition of one `loom_warp_...` helper named in the code; empty for an unknown name.
std::string warp_helper(const std::string& name) {
  const std::string prefix = "loom_warp_";
  for (const char* operation : {"argmax", "argmin"}) {
    std::string head = prefix + operation + "_index_";
    if (name.rfind(head, 0) != 0) continue;
    std::string types = name.substr(head.size());
    for (const char* value : kShuffleTypes) {
      for (const char* index : kShuffleTypes) {
        if (types == std::string(value) + "_" + index) return arg_warp_helper(name, operation, value, index);
      }
    }
    return "";
  }
  for (const char* operation : {"sum", "product", "max", "min"}) {
    for (const char* type : kShuffleTypes) {
      if (name == prefix + operation + "_" + type) return plain_warp_helper(name, operation, type);
    }
  }
  return "";
}

// The helpers for every `loom_warp_...` name in `code`, each once.
std::string warp_helpers(const std::string& code) {
  std::set<std::string> names;
  for (std::size_t at = code.find("loom_warp_"); at != std::string::npos; at = code.find("loom_warp_", at + 1)) {
    std::size_t end = at;
    while (end < code.size() && (std::isalnum(static_cast<unsigned char>(code[end])) != 0 || code[end] == '_')) ++end;
    names.insert(code.substr(at, end - at));
  }
  std::string helpers;
  for (const std::string& name : names) {
    std::string helper = warp_helper(name);
    if (helper.empty()) throw InternalError("no warp reduction helper for '" + name + "'");
    helpers += helper;
  }
  return helpers;
}

std::string restrict_qualifier(Target target) { return target == Target::CUDA ? "__restrict__" : "restrict"; }

std::string pointer_space(Target target) { return target == Target::OpenCL ? "__global " : ""; }

std::string local_space(Target target) {
  switch (target) {
    case Target::OpenCL: return "__local ";
    case Target::CUDA: return "__shared__ ";
    default: return "";
  }
}

// Local arrays start on 16 bytes, as the dynamic shared buffer's pieces do: a work-item's four
// consecutive floats at an index the compiler knows to be a multiple of four then load as one
// 16-byte access (LDS.128: a blocked register tile's inner product issues a quarter of the loads).
std::string local_array_alignment(Target target, int64_t bytes = 16) {
  switch (target) {
    case Target::OpenCL: return " __attribute__((aligned(" + std::to_string(bytes) + ")))";
    case Target::CUDA: return " __align__(" + std::to_string(bytes) + ")";
    default: return "";
  }
}

std::string hardware_index(const cast::Expr& expr, Target target) {
  bool local = expr.op == "local";
  int axis = static_cast<int>(expr.int_value);
  if (target == Target::OpenCL) {
    return std::string("(int32_t) ") + (local ? "get_local_id(" : "get_group_id(") + std::to_string(axis) + ")";
  }
  if (target == Target::CUDA) return std::string("(int32_t) ") + (local ? "threadIdx." : "blockIdx.") + "xyz"[axis];
  throw InternalError("hardware index on the C target");
}

std::string barrier_statement(const cast::Stmt& stmt, Target target) {
  switch (target) {
    case Target::OpenCL:
      if (!stmt.fences_local_memory) return "barrier(CLK_GLOBAL_MEM_FENCE);";
      return stmt.fences_global_memory ? "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
                                 : "barrier(CLK_LOCAL_MEM_FENCE);";
    // __syncthreads also orders the block's global memory accesses.
    case Target::CUDA: return "__syncthreads();";
    default: return "/* barrier: a no-op on this target */";
  }
}

// `__kernel void __attribute__((reqd_work_group_size(16, 16, 1))) name` and the CUDA equivalent.
std::string function_head(const cast::Function& function, Target target) {
  if (!function.device_kernel) return "void " + function.name;
  int64_t threads = function.block_size[0] * function.block_size[1] * function.block_size[2];
  if (target == Target::CUDA) {
    std::string bounds = std::to_string(threads);
    if (function.min_groups_per_multiprocessor > 0) bounds += ", " + std::to_string(function.min_groups_per_multiprocessor);
    return "extern \"C\" __global__ void __launch_bounds__(" + bounds + ") " + function.name;
  }
  return "__kernel void __attribute__((reqd_work_group_size(" + std::to_string(function.block_size[0]) + ", " +
         std::to_string(function.block_size[1]) + ", " + std::to_string(function.block_size[2]) + "))) " +
         function.name;
}

// ---- expressions ------------------------------------------------------------------------------

// A binary operator's precedence, read off its (one or two) characters: the printer asks it for
// every node and its operands (issue 26: comparing the spelling with each operator in turn was a
// third of printing the tensor-core kernels).
int binary_precedence(const std::string& op) {
  char first = op.empty() ? '\0' : op[0];
  char second = op.size() > 1 ? op[1] : '\0';
  if (op.size() <= 2) {
    switch (first) {
      case '*':
      case '/':
      case '%':
        if (second == '\0') return 3;
        break;
      case '+':
      case '-':
        if (second == '\0') return 4;
        break;
      case '<':
      case '>':
        if (second == first) return 5;
        if (second == '\0' || second == '=') return 6;
        break;
      case '=':
      case '!':
        if (second == '=') return 7;
        break;
      case '&':
        if (second == '\0') return 8;
        if (second == '&') return 11;
        break;
      case '^':
        if (second == '\0') return 9;
        break;
      case '|':
        if (second == '\0') return 10;
        if (second == '|') return 12;
        break;
      default: break;
    }
  }
  LOOM_ASSERT(false, "unknown binary operator " + op);
  return 0;
}

int precedence(const cast::Expr& expr) {
  switch (expr.kind) {
    case cast::ExprKind::IntConst:
      return expr.int_value < 0 ? 2 : 0;
    case cast::ExprKind::FloatConst:
      return (expr.float_value < 0 || std::signbit(expr.float_value)) ? 2 : 0;
    case cast::ExprKind::Var:
    case cast::ExprKind::Call:
    case cast::ExprKind::Load:
    case cast::ExprKind::HardwareIndex: return 0;
    case cast::ExprKind::Unary:
    case cast::ExprKind::Cast: return 2;
    case cast::ExprKind::Ternary: return 13;
    case cast::ExprKind::Binary: return binary_precedence(expr.op);
  }
  return 0;
}

std::string format_float(double value, DType dtype) {
  if (std::isnan(value)) return dtype == DType::Float32 ? "NAN" : "((double) NAN)";
  if (std::isinf(value)) {
    std::string inf = dtype == DType::Float32 ? "INFINITY" : "((double) INFINITY)";
    return value < 0 ? "-" + inf : inf;
  }
  char buffer[64];
  auto result = dtype == DType::Float32
                    ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<float>(value))
                    : std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, result.ptr);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  if (text.find('.') == std::string::npos) {
    // "1e+20" is a double in C, and "1e+20f" is fine; but a bare exponent needs no dot.
  }
  if (dtype == DType::Float32) text += "f";
  return text;
}

std::string format_int(int64_t value, DType dtype) {
  std::string text = std::to_string(value);
  bool fits_int32 = value >= INT32_MIN && value <= INT32_MAX;
  if (dtype == DType::Int64 || dtype == DType::UInt64 || !fits_int32) text += "LL";
  if (dtype == DType::UInt32 || dtype == DType::UInt64) text += "U";
  return text;
}

class ExpressionPrinter {
 public:
  explicit ExpressionPrinter(Target target) : target_(target) {}

  // OpenCL: vloadN(index, array); CUDA: the array seen as vectors, ((const float4 *) array)[index].
  std::string vector_load(const cast::Expr& expr) const {
    std::string width = std::to_string(expr.vector_width);
    if (target_ == Target::OpenCL) return "vload" + width + "(" + print(*expr.args[0]) + ", " + expr.name + ")";
    return "((const " + vector_type_name(expr.dtype, expr.vector_width) + " *) " + expr.name + ")[" +
           print(*expr.args[0]) + "]";
  }

  // OpenCL: vstoreN(value, index, array); CUDA: ((float4 *) array)[index] = value.
  std::string vector_store(const cast::Expr& target, const cast::Expr& value) const {
    std::string width = std::to_string(target.vector_width);
    if (target_ == Target::OpenCL) {
      return "vstore" + width + "(" + print(value) + ", " + print(*target.args[0]) + ", " + target.name + ")";
    }
    return "((" + vector_type_name(target.dtype, target.vector_width) + " *) " + target.name + ")[" +
           print(*target.args[0]) + "] = " + print(value);
  }

  std::string print(const cast::Expr& expr) const {
    std::string out;
    print_to(expr, out);
    return out;
  }

  // Appends `expr` to `out` (one buffer for a whole expression: issue 26, the strings each node
  // returned were copied into its parent's again at every level).
  void print_to(const cast::Expr& expr, std::string& out) const {
    switch (expr.kind) {
      case cast::ExprKind::IntConst: out += format_int(expr.int_value, expr.dtype); return;
      case cast::ExprKind::FloatConst:
        out += is_half_precision(expr.dtype) ? half_constant(expr.float_value, expr.dtype)
                                             : format_float(expr.float_value, expr.dtype);
        return;
      case cast::ExprKind::Var: out += expr.name; return;
      case cast::ExprKind::Unary:
        out += expr.op;
        operand_to(*expr.args[0], 2, false, out);
        return;
      case cast::ExprKind::Cast:
        out += "(";
        out += c_type_name(expr.dtype);
        out += ") ";
        operand_to(*expr.args[0], 2, false, out);
        return;
      case cast::ExprKind::Load:
        if (expr.vector_width > 0) {
          out += vector_load(expr);
          return;
        }
        out += expr.name;
        out += "[";
        print_to(*expr.args[0], out);
        out += "]";
        return;
      case cast::ExprKind::HardwareIndex:
        out += "(";
        out += hardware_index(expr, target_);
        out += ")";
        return;
      case cast::ExprKind::Call:
        out += expr.name;
        out += "(";
        for (std::size_t i = 0; i < expr.args.size(); ++i) {
          if (i != 0) out += ", ";
          print_to(*expr.args[i], out);
        }
        out += ")";
        return;
      case cast::ExprKind::Ternary:
        ternary_condition_to(*expr.args[0], out);
        out += " ? ";
        operand_to(*expr.args[1], 12, false, out);
        out += " : ";
        operand_to(*expr.args[2], 13, false, out);
        return;
      case cast::ExprKind::Binary: {
        int own = precedence(expr);
        operand_to(*expr.args[0], own, false, out);
        out += " ";
        out += expr.op;
        out += " ";
        operand_to(*expr.args[1], own, true, out);
        return;
      }
    }
  }

 private:
  // The leaves of a `&&` tree of integer comparisons that read no memory and call nothing
  // (`m >= i + 1 && p >= k + 1`); empty when `condition` is anything else.
  static void pure_comparisons(const cast::Expr& condition, std::vector<const cast::Expr*>& leaves, bool& pure) {
    if (!pure) return;
    if (condition.kind == cast::ExprKind::Binary && condition.op == "&&") {
      pure_comparisons(*condition.args[0], leaves, pure);
      pure_comparisons(*condition.args[1], leaves, pure);
      return;
    }
    static const std::set<std::string> comparisons = {"<", "<=", ">", ">=", "==", "!="};
    pure = condition.kind == cast::ExprKind::Binary && comparisons.count(condition.op) != 0 &&
           integer_arithmetic(*condition.args[0]) && integer_arithmetic(*condition.args[1]);
    leaves.push_back(&condition);
  }

  static bool integer_arithmetic(const cast::Expr& expr) {
    switch (expr.kind) {
      case cast::ExprKind::IntConst:
      case cast::ExprKind::Var:
      case cast::ExprKind::HardwareIndex: return is_integral(expr.dtype) && expr.dtype != DType::Bool;
      case cast::ExprKind::Unary:
      case cast::ExprKind::Binary:
      case cast::ExprKind::Cast:
        if (!is_integral(expr.dtype) || expr.dtype == DType::Bool) return false;
        for (const cast::ExprPtr& arg : expr.args)
          if (!integer_arithmetic(*arg)) return false;
        return true;
      default: return false;
    }
  }

  // A select's condition. On CUDA, a conjunction of pure integer comparisons (a predicated
  // fetch's `m >= i + 1 && p >= k + 1 ? a[...] : 0.0f`) is printed with `&`: both sides are
  // evaluated anyway and the value is the same, but `&&` is control flow to NVVM, and ptxas then
  // kept two branches around each load of the split-k SGEMM's fetch (BSSY/BSYNC regions, ~100
  // extra instructions per k step) instead of one predicated load (benchmarks/NOTES.md, issue 25,
  // fifth pass).
  void ternary_condition_to(const cast::Expr& condition, std::string& out) const {
    std::vector<const cast::Expr*> leaves;
    bool pure = true;
    if (target_ == Target::CUDA) pure_comparisons(condition, leaves, pure);
    if (target_ != Target::CUDA || !pure || leaves.size() < 2) {
      operand_to(condition, 12, false, out);
      return;
    }
    bool first = true;
    for (const cast::Expr* leaf : leaves) {
      out += first ? "(" : " & (";
      first = false;
      print_to(*leaf, out);
      out += ")";
    }
  }

  // Parenthesizes `child` when its operator binds less tightly than its parent's (or equally, on
  // the right of a left-associative operator: a - (b - c)).
  void operand_to(const cast::Expr& child, int parent_precedence, bool right_side, std::string& out) const {
    int own = precedence(child);
    bool parens = own > parent_precedence || (right_side && own == parent_precedence && own != 0);
    // Mixed && / || and comparisons of comparisons are legal C but unreadable and warned about.
    if (own == 11 && parent_precedence == 12) parens = true;
    // So are other operators inside a shift or a bitwise & ^ | (gcc's -Wparentheses: a + b << c).
    bool bitwise_parent = parent_precedence == 5 || (parent_precedence >= 8 && parent_precedence <= 10);
    if (bitwise_parent && child.kind == cast::ExprKind::Binary && own != parent_precedence) parens = true;
    if (parens) out += "(";
    print_to(child, out);
    if (parens) out += ")";
  }

  Target target_;
};

// ---- statements -------------------------------------------------------------------------------

class StatementPrinter {
 public:
  explicit StatementPrinter(Target target) : target_(target), expressions_(target) {}

  void print(const cast::Stmt& stmt, int indent, std::ostringstream& out) const {
    std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    switch (stmt.kind) {
      case cast::StmtKind::Block:
        if (stmt.scoped) out << pad << "{\n";
        for (const cast::StmtPtr& child : stmt.body) print(*child, stmt.scoped ? indent + 1 : indent, out);
        if (stmt.scoped) out << pad << "}\n";
        break;
      case cast::StmtKind::Comment: out << pad << "/* " << stmt.name << " */\n"; break;
      case cast::StmtKind::Assign:
        if (stmt.target->kind == cast::ExprKind::Load && stmt.target->vector_width > 0) {
          out << pad << expressions_.vector_store(*stmt.target, *stmt.value) << ";\n";
          break;
        }
        out << pad << expressions_.print(*stmt.target) << " = " << expressions_.print(*stmt.value) << ";\n";
        break;
      case cast::StmtKind::Declare:
        if (stmt.dynamic_shared) {
          std::string type = c_type_name(stmt.dtype);
          out << pad << type << " *" << stmt.name << " = (" << type << " *) (loom_dynamic_shared + "
              << stmt.shared_offset << ");\n";
          break;
        }
        if (!stmt.alias_of.empty() && stmt.init) {
          out << pad << fetch_base_declaration(stmt) << "\n";
          break;
        }
        if (!stmt.alias_of.empty()) {
          // OpenCL pointers carry their address space; CUDA's generic pointers reach shared memory.
          bool qualified = stmt.local_memory && target_ == Target::OpenCL;
          std::string type = (qualified ? local_space(target_) : std::string()) + c_type_name(stmt.dtype);
          out << pad << type << " *" << stmt.name << " = (" << type << " *) " << stmt.alias_of << ";\n";
          break;
        }
        out << pad << (stmt.local_memory ? local_space(target_) : "") << (stmt.is_const ? "const " : "")
            << (stmt.vector_width > 0 ? vector_type_name(stmt.dtype, stmt.vector_width) : c_type_name(stmt.dtype))
            << " " << stmt.name;
        if (stmt.extent > 0) out << "[" << stmt.extent << "]";
        if (stmt.local_memory && stmt.extent > 0) out << local_array_alignment(target_, std::max<int64_t>(16, stmt.alignment));
        if (!stmt.local_memory && target_ == Target::CUDA && private_array_on_16_bytes(stmt.dtype, stmt.extent)) {
          out << " __align__(16)";
        }
        if (stmt.init) out << " = " << expressions_.print(*stmt.init);
        if (needs_opencl_zero_initializer(stmt)) out << (stmt.extent > 0 ? " = {0}" : " = 0");
        if (!stmt.initial_elements.empty()) {
          out << " = {";
          for (std::size_t k = 0; k < stmt.initial_elements.size(); ++k)
            out << (k == 0 ? "" : ", ") << expressions_.print(*stmt.initial_elements[k]);
          out << "}";
        }
        out << ";\n";
        break;
      case cast::StmtKind::Barrier:
        out << pad << barrier_statement(stmt, target_) << "\n";
        break;
      case cast::StmtKind::For: {
        if (!stmt.pragma.empty()) out << pad << "#pragma " << stmt.pragma << "\n";
        out << pad << "for (" << c_type_name(stmt.dtype) << " " << stmt.name << " = "
            << expressions_.print(*stmt.init) << "; " << expressions_.print(*stmt.condition) << "; "
            << (stmt.step == 1 ? "++" + stmt.name : stmt.name + " += " + std::to_string(stmt.step))
            << ")\n";
        print_braced(*stmt.body[0], indent, out);
        break;
      }
      case cast::StmtKind::If:
        out << pad << "if (" << expressions_.print(*stmt.condition) << ")\n";
        print_braced(*stmt.body[0], indent, out);
        if (stmt.body.size() > 1) {
          out << pad << "else\n";
          print_braced(*stmt.body[1], indent, out);
        }
        break;
    }
  }

 private:
  // A read-only pointer into a global argument (fetch_bases.hpp). On CUDA through
  // loom_fetch_base, so that NVVM keeps the base and does not fold it into each read's address.
  std::string fetch_base_declaration(const cast::Stmt& stmt) const {
    std::string type = c_type_name(stmt.dtype);
    std::string address = stmt.alias_of + " + (" + expressions_.print(*stmt.init) + ")";
    if (target_ == Target::CUDA) {
      return "const " + type + " *__restrict__ " + stmt.name + " = loom_fetch_base(" + address + ");";
    }
    std::string space = target_ == Target::OpenCL ? "__global " : "";
    return space + "const " + type + " *" + stmt.name + " = " + address + ";";
  }

  // PoCL 3.1's optimizer miscompiles private variables that are uninitialized on some path and live
  // across a loop or barrier (fuzz seeds 127001020, 128000633, 129000440: a conditionally
  // initialized accumulator read another value; valid OpenCL C, right with -cl-opt-disable). The
  // generated code never reads such a value, so a zero initializer changes no result and, measured,
  // removes all three miscompilations (docs/decisions.md, "PoCL miscompilations found by the fuzzer").
  bool needs_opencl_zero_initializer(const cast::Stmt& declaration) const {
    return target_ == Target::OpenCL && !declaration.local_memory && !declaration.init &&
           declaration.initial_elements.empty() && declaration.alias_of.empty() && !declaration.dynamic_shared;
  }

  void print_braced(const cast::Stmt& body, int indent, std::ostringstream& out) const {
    std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    out << pad << "{\n";
    print(body, indent + 1, out);
    out << pad << "}\n";
  }

  Target target_;
  ExpressionPrinter expressions_;
};

std::string parameter_list(const cast::Function& function, Target target) {
  std::string out;
  for (const cast::Parameter& parameter : function.parameters) {
    if (!out.empty()) out += ", ";
    if (target == Target::CUDA && parameter.name.rfind(kTensorMapPrefix, 0) == 0) {
      out += "const __grid_constant__ loom_tensor_map " + parameter.name;  // bulk_fills.hpp
    } else if (parameter.is_pointer) {
      out += pointer_space(target) + (parameter.is_const ? "const " : "") + c_type_name(parameter.dtype) + " *" +
             restrict_qualifier(target) + " " + parameter.name;
    } else {
      // OpenCL forbids bool kernel parameters; the runtime passes one byte.
      std::string type = target == Target::OpenCL && parameter.dtype == DType::Bool ? "uchar" : c_type_name(parameter.dtype);
      out += type + " const " + parameter.name;
    }
  }
  return out.empty() ? "void" : out;
}

// `void <name>_loom_entry(void **args)`: one calling convention for every C kernel, so the host
// runtime can call any generated function through dlsym without knowing its signature.
std::string c_entry_point(const cast::Function& function) {
  std::ostringstream out;
  out << "void " << function.name << "_loom_entry(void **args)\n{\n  " << function.name << "(";
  for (std::size_t i = 0; i < function.parameters.size(); ++i) {
    const cast::Parameter& parameter = function.parameters[i];
    std::string type = c_type_name(parameter.dtype);
    if (i) out << ", ";
    if (parameter.is_pointer) out << "(" << type << " *) args[" << i << "]";
    else out << "*(" << type << " *) args[" << i << "]";
  }
  out << ");\n}\n";
  return out.str();
}

}  // namespace

std::string c_type_name(DType dtype) {
  switch (dtype) {
    case DType::Bool: return "bool";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int32_t";
    case DType::Int64: return "int64_t";
    case DType::UInt8: return "uint8_t";
    case DType::UInt16: return "uint16_t";
    case DType::UInt32: return "uint32_t";
    case DType::UInt64: return "uint64_t";
    case DType::Float16: return "loom_float16";
    case DType::BFloat16: return "loom_bfloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "?";
}

std::string vector_type_name(DType dtype, int width) {
  std::string element;
  switch (dtype) {
    case DType::Float32: element = "float"; break;
    case DType::Float64: element = "double"; break;
    case DType::Int32: element = "int"; break;
    case DType::UInt32: element = "uint"; break;
    default: throw InternalError("no vector type of " + std::string(dtype_name(dtype)));
  }
  return element + std::to_string(width);
}

std::string print_expression(const cast::Expr& expr, Target target) {
  return ExpressionPrinter(target).print(expr);
}

bool uses_dynamic_shared(const cast::Stmt& stmt) {
  if (stmt.kind == cast::StmtKind::Declare && stmt.dynamic_shared) return true;
  for (const cast::StmtPtr& child : stmt.body) {
    if (child && uses_dynamic_shared(*child)) return true;
  }
  return false;
}

// The alignment the dynamic shared buffer needs: the largest of its pieces' (16 at least).
int64_t dynamic_shared_alignment(const cast::Stmt& stmt) {
  int64_t alignment = stmt.kind == cast::StmtKind::Declare && stmt.dynamic_shared ? std::max<int64_t>(16, stmt.alignment) : 16;
  for (const cast::StmtPtr& child : stmt.body) {
    if (child) alignment = std::max(alignment, dynamic_shared_alignment(*child));
  }
  return alignment;
}

// store_whole_lines (rotate_stores.hpp): how many elements of 4 bytes the row segment at `p`
// starts before the next 128-byte line, i.e. (-address / 4) mod 32, computed from lane `lane`'s
// element (p = segment + lane), so every lane of the row gets the same value.
static std::string lane_rotation_helper(Target target) {
  if (target == Target::OpenCL) {
    return "LOOM_FN int loom_lane_rotation(__global const void* p, int lane) {\n"
           "  return (int) (((0ul - (ulong) p) >> 2) + (ulong) lane) & 31;\n}\n";
  }
  return "LOOM_FN int loom_lane_rotation(const void* p, int lane) {\n"
         "  return (int) (((0ull - (unsigned long long) p) >> 2) + (unsigned long long) lane) & 31;\n}\n";
}

// 16-byte copies of vec loops (lower_vector.cpp's lower_wide_copy), declared where the code makes one.
// The alignment test goes with cp.async copies too (pipeline_fetch's async rings, tensor_cores.cpp).
std::string wide_copy_helpers(const std::string& code) {
  std::string helpers;
  for (int bytes : {16, 8, 4}) {
    std::string name = "loom_aligned_" + std::to_string(bytes);
    if (code.find(name + "(") == std::string::npos) continue;
    helpers += "LOOM_FN bool " + name + "(const void* address) { return ((unsigned long long) address & " +
               std::to_string(bytes - 1) + ") == 0; }\n";
  }
  // Two floats at once (wgmma's accumulator pairs, tensor_cores.cpp): `to` on 8 bytes.
  if (code.find("loom_store_2f(") != std::string::npos) {
    helpers += "LOOM_FN int loom_store_2f(float* to, float first, float second) {\n"
               "  *(float2*) to = make_float2(first, second);\n  return 0;\n}\n";
  }
  if (code.find("loom_lane_rotation(") != std::string::npos) {
    helpers += lane_rotation_helper(Target::CUDA);
  }
  if (code.find("loom_zero_16(") != std::string::npos) {
    helpers += R"(LOOM_FN int loom_zero_16(void* to) {
  *(uint4*) to = make_uint4(0u, 0u, 0u, 0u);
  return 0;
}
)";
  }
  if (code.find("loom_copy_16(") != std::string::npos) {
    helpers += R"(LOOM_FN int loom_copy_16(void* to, const void* from) {
  *(uint4*) to = *(const uint4*) from;
  return 0;
}
)";
  }
  return helpers;
}

// fetch_bases.hpp's pointer helper, where the code uses it (CUDA). The empty asm hides the
// pointer's origin from NVVM, which would otherwise rebuild every read's address from the array's
// parameter; the assumption keeps the reads global loads (LDG).
std::string fetch_base_helper(const std::string& code) {
  if (code.find("loom_fetch_base(") == std::string::npos) return "";
  return R"(template <typename T>
LOOM_FN const T *loom_fetch_base(const T *address) {
  asm("" : "+l"(address));
  __builtin_assume(__isGlobal(address));
  return address;
}
)";
}

std::string print_translation_unit(const std::vector<cast::Function>& functions, Target target) {
  std::ostringstream out;
  for (const cast::Function& function : functions) {
    out << "\n" << function_head(function, target) << "(" << parameter_list(function, target) << ")\n{\n";
    if (uses_dynamic_shared(*function.body)) {
      out << "  extern __shared__ __align__(" << dynamic_shared_alignment(*function.body)
          << ") unsigned char loom_dynamic_shared[];\n";
    }
    StatementPrinter(target).print(*function.body, 1, out);
    out << "}\n";
    if (target == Target::C) out << "\n" << c_entry_point(function);
  }
  std::string code = out.str();
  std::string warp = target == Target::CUDA ? warp_helpers(code) : "";
  std::string mma = target == Target::CUDA ? tensor_core_helpers(code) + bulk_copy_helpers(code) + wide_copy_helpers(code) + fetch_base_helper(code) : "";
  std::string half = half_precision_helpers(code, target);
  if (target == Target::OpenCL && code.find("loom_lane_rotation(") != std::string::npos) {
    mma += lane_rotation_helper(Target::OpenCL);
  }
  return preamble(target) + (half.empty() ? "" : "\n" + half) + (warp.empty() ? "" : "\n" + warp) +
         (mma.empty() ? "" : "\n" + mma) + code;
}

std::string print_translation_unit(const cast::Function& function, Target target) {
  return print_translation_unit(std::vector<cast::Function>{function}, target);
}

}  // namespace loom::codegen
