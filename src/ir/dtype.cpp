#include "loom/dtype.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace loom {

namespace {
struct DTypeInfo {
  DType dtype;
  std::string_view name;
  std::size_t size;
};
constexpr std::array<DTypeInfo, 13> kDTypes = {{
    {DType::Bool, "bool", 1},      {DType::Int8, "int8", 1},       {DType::Int16, "int16", 2},
    {DType::Int32, "int32", 4},    {DType::Int64, "int64", 8},     {DType::UInt8, "uint8", 1},
    {DType::UInt16, "uint16", 2},  {DType::UInt32, "uint32", 4},   {DType::UInt64, "uint64", 8},
    {DType::Float16, "float16", 2}, {DType::Float32, "float32", 4}, {DType::Float64, "float64", 8},
    {DType::BFloat16, "bfloat16", 2},
}};

const DTypeInfo& info(DType dtype) { return kDTypes[static_cast<std::size_t>(dtype)]; }
}  // namespace

std::string_view dtype_name(DType dtype) { return info(dtype).name; }
std::size_t dtype_size(DType dtype) { return info(dtype).size; }

std::optional<DType> parse_dtype(std::string_view name) {
  // loopy users write numpy's spellings: np.uint8, numpy.float32, and the short codes f4, i8, u1.
  for (std::string_view prefix : {"np.", "numpy."}) {
    if (name.starts_with(prefix) && name.size() > prefix.size()) return parse_dtype(name.substr(prefix.size()));
  }
  static const std::pair<std::string_view, DType> numpy_codes[] = {
      {"f2", DType::Float16}, {"f4", DType::Float32}, {"f8", DType::Float64}, {"i1", DType::Int8},
      {"i2", DType::Int16},   {"i4", DType::Int32},   {"i8", DType::Int64},   {"u1", DType::UInt8},
      {"u2", DType::UInt16},  {"u4", DType::UInt32},  {"u8", DType::UInt64},  {"single", DType::Float32}};
  for (const auto& [code, dtype] : numpy_codes) {
    if (code == name) return dtype;
  }
  for (const DTypeInfo& entry : kDTypes) {
    if (entry.name == name) return entry.dtype;
  }
  static const std::pair<std::string_view, DType> aliases[] = {
      {"float", DType::Float32}, {"double", DType::Float64}, {"int", DType::Int32},
      {"half", DType::Float16},  {"long", DType::Int64},     {"np.float32", DType::Float32},
      {"np.float64", DType::Float64}, {"np.int32", DType::Int32}, {"np.int64", DType::Int64}};
  for (const auto& [alias, dtype] : aliases) {
    if (alias == name) return dtype;
  }
  return std::nullopt;
}

bool is_floating(DType dtype) {
  return dtype == DType::Float16 || dtype == DType::Float32 || dtype == DType::Float64 || dtype == DType::BFloat16;
}
bool is_half_precision(DType dtype) { return dtype == DType::Float16 || dtype == DType::BFloat16; }
double unit_roundoff(DType dtype) {
  switch (dtype) {
    case DType::Float16: return 0x1p-11;
    case DType::BFloat16: return 0x1p-8;
    case DType::Float32: return 0x1p-24;
    case DType::Float64: return 0x1p-53;
    default: return 0;
  }
}
bool is_integral(DType dtype) { return !is_floating(dtype); }
bool is_signed(DType dtype) {
  return dtype == DType::Int8 || dtype == DType::Int16 || dtype == DType::Int32 ||
         dtype == DType::Int64 || is_floating(dtype);
}

// numpy's promotion table restricted to loom's types.
DType promote_types(DType a, DType b) {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  // Neither 16-bit format holds the other (ml_dtypes and PyTorch promote the pair to float32).
  if (is_half_precision(a) && is_half_precision(b)) return DType::Float32;
  if (is_floating(a) && is_floating(b)) return dtype_size(a) >= dtype_size(b) ? a : b;
  if (is_floating(a) || is_floating(b)) {
    DType f = is_floating(a) ? a : b;
    DType i = is_floating(a) ? b : a;
    // A float type holds an integer type exactly only if it has more than twice its size.
    if (dtype_size(f) > dtype_size(i)) return f;
    return dtype_size(i) >= 4 ? DType::Float64 : DType::Float32;
  }
  std::size_t size = std::max(dtype_size(a), dtype_size(b));
  bool sa = is_signed(a), sb = is_signed(b);
  if (sa == sb) return dtype_size(a) >= dtype_size(b) ? a : b;
  DType s = sa ? a : b;
  DType u = sa ? b : a;
  if (dtype_size(s) > dtype_size(u)) return s;
  switch (std::max(dtype_size(u), size)) {
    case 1: return DType::Int16;
    case 2: return DType::Int32;
    case 4: return DType::Int64;
    default: return DType::Float64;
  }
}

}  // namespace loom
