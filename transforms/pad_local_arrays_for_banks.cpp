// pad_local_arrays_for_banks (loom's counterpart of loopy's unexported
// add_padding_to_avoid_bank_conflicts, which asks pyopencl about the device): pads the rows of
// local (shared-memory) tiles so that a column read by a warp spreads over the memory banks.
//
// The rule (documented in docs/decisions.md, "Bank padding"): local memory has 32 banks of 4
// bytes; the work-items of a warp reading one column of a tile with rows of L elements of w words
// (w = 1 for 4-byte elements, 2 for 8-byte ones) touch words r*L*w, r = 0, 1, ..., which fall in
// 32 / gcd(L, 32) banks per word of the element: for even L several work-items share a bank and
// wait for each other (16x16 float32: 2 banks, a 16-way conflict). For odd L every row starts in
// another bank. So a local temporary with two or more axes, 4- or 8-byte elements and an even row
// length (its last axis) gets rows of L + 1 elements; the other axes keep their order:
//
//   a_fetch: float32 (16, 16), local   →   dim_tags stride:17, stride:1   (16*17*4 = 1088 bytes)
//
// Only where elements live changes; every access keeps its logical index. Temporaries that
// already have dim tags are left alone (their layout was chosen on purpose), as are 1-D ones,
// other element sizes and rows of odd length.
//
// Refuses: `temporary` naming something that is not a temporary, or a temporary that is not
// local, has fewer than two axes, elements other than 4 or 8 bytes, a non-constant shape or dim
// tags already (the message says which).
#include "analysis/type_inference.hpp"
#include "loom/error.hpp"
#include "transforms/layout_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "pad_local_arrays_for_banks";

// Why `temporary` cannot be padded, or "" when it can. `typed` has the types inferred (a
// prefetch tile's dtype is its source's, known only through inference).
std::string unpaddable(const Temporary& temporary, const LoopKernel& typed) {
  if (temporary.address_space != AddressSpace::Local) {
    return "is in " + std::string(address_space_name(temporary.address_space)) +
           " memory, not local";
  }
  if (temporary.shape.size() < 2) return "has fewer than two axes (no rows to pad)";
  std::optional<DType> dtype = typed.find_temporary(temporary.name)->dtype;
  if (!dtype || (dtype_size(*dtype) != 4 && dtype_size(*dtype) != 8)) {
    return "does not have 4- or 8-byte elements";
  }
  for (const ExprPtr& extent : temporary.shape) {
    if (extent->kind != ExprKind::IntLiteral) return "has a non-constant shape";
  }
  if (!temporary.dim_tags.empty()) return "has dim tags already";
  return "";
}

// C-order strides with rows of one more element.
void pad_rows(Temporary& temporary) {
  std::size_t rank = temporary.shape.size();
  std::vector<ExprPtr> strides(rank);
  int64_t next = 1;
  for (std::size_t step = 0; step < rank; ++step) {
    std::size_t axis = rank - 1 - step;
    strides[axis] = int_literal(next);
    int64_t extent = temporary.shape[axis]->int_value;
    next *= step == 0 ? extent + 1 : extent;
  }
  temporary.dim_tags = stride_tags(strides);
}

bool row_length_is_even(const Temporary& temporary) {
  return temporary.shape.back()->int_value % 2 == 0;
}

}  // namespace

LoopKernel pad_local_arrays_for_banks(const LoopKernel& kernel,
                                      const std::optional<std::string>& temporary, bool unchecked) {
  TransformCall call{kTransform, {}};
  if (temporary) call.arguments["temporary"] = *temporary;
  if (unchecked) call.arguments["unchecked"] = true;
  LoopKernel result = kernel;
  const LoopKernel typed = infer_types(kernel);
  if (temporary) {
    ArrayRef array = find_array(result, *temporary, kTransform);
    if (array.temporary == nullptr)
      throw Error(std::string(kTransform) + ": '" + *temporary +
                  "' is an argument, not a temporary");
    std::string reason = unpaddable(*array.temporary, typed);
    if (!reason.empty())
      throw Error(std::string(kTransform) + ": temporary '" + *temporary + "' " + reason);
    if (row_length_is_even(*array.temporary)) pad_rows(*array.temporary);
  } else {
    for (Temporary& candidate : result.temporaries) {
      if (unpaddable(candidate, typed).empty() && row_length_is_even(candidate))
        pad_rows(candidate);
    }
  }
  // Same accesses by logical index: only the order check (cheapest) runs.
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked,
                          CheckScope::Order);
}

LOOM_REGISTER_TRANSFORM(pad_local_arrays_for_banks) {
  registry.add(
      {kTransform,
       "pad the rows of local tiles so that column accesses avoid shared-memory bank conflicts",
       {{"temporary", ParameterType::String, false, true}},
       [](const LoopKernel& kernel, const TransformArguments& args) {
         return pad_local_arrays_for_banks(kernel, args.optional_string("temporary"),
                                           args.unchecked());
       }});
}

}  // namespace loom
