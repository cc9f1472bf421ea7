// What split_iname's round_up tail strategy, the fetches' `fill` and code generation share
// (docs/decisions.md "Issue 25: tail strategies").
//
// round_up makes a split loop cover whole tiles. The instances on the padding (outside the
// original domain) are marked, not removed: each instruction of the split gets one predicate
// `loom_round_up(condition, fill)` per constraint of the original domain that the rounded one
// lacks. Until code generation the marker reads as its condition (checks, dependences and
// footprints see exactly the original instances). Code generation then keeps the condition on
// instructions that write global memory (stores stay guarded) and drops it elsewhere: those
// instructions run on the padding too, their global reads replaced by `fill` there.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"
#include "loom/memory_transforms.hpp"
#include "loom/transforms.hpp"

namespace loom {

inline constexpr const char* kPaddingMarker = "loom_round_up";

// split_iname's and the fetches' issue-25 parameters (spec: "tail_strategy", "fill").
struct TailOptions {
  // How the last, partial tile is run (Halide's TailStrategy): "guard" (loopy's, the default),
  // "shift_inwards" (the last tile moved back to end at the bound; recomputes the overlap),
  // "round_up" (whole tiles; the padding runs unguarded except global stores, global reads there
  // give `fill`).
  std::string strategy = "guard";
  std::optional<std::string> fill;  // round_up: a number, "inf", "-inf" or "neutral"; default 0
};

// split_iname (include/loom/transforms.hpp) with a tail strategy.
LoopKernel split_iname(const LoopKernel& kernel, std::string_view iname, int64_t inner_length,
                       const SplitOptions& options, const TailOptions& tail);

// add_prefetch and precompute (include/loom/memory_transforms.hpp) that fill the part of the
// temporary outside the footprint with `fill` ("0", "-inf", or "neutral": the readers' round_up
// fill) instead of guarding the fetch: only its global loads are predicated, and a guard-free
// nest may read the whole tile. Without `fill`, readers padded by round_up give theirs.
LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name, const PrefetchOptions& options,
                        const std::optional<std::string>& fill);
LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const PrecomputeOptions& options,
                      const std::optional<std::string>& fill);

ExprPtr padding_marker(ExprPtr condition, ExprPtr fill);
bool is_padding_marker(const Expr& predicate);

// shift_inwards: `loom_recomputed(condition)` holds on the instances that are not a recomputation
// of an earlier tile's. Checks see only those (the overlap writes the same values again, which is
// no race); code generation drops the marker and runs every instance.
inline constexpr const char* kRecomputedMarker = "loom_recomputed";
ExprPtr recomputed_marker(ExprPtr condition);
bool is_recomputed_marker(const Expr& predicate);

// "0", "1.5", "-inf", "inf" as a literal; nullopt for "neutral" (the reduction's neutral element,
// chosen by loom). Error naming `call_text` for anything else.
std::optional<ExprPtr> parse_fill(const std::string& text, const std::string& call_text);

// `a` and `b` the same literal value.
bool same_fill(const ExprPtr& a, const ExprPtr& b);

// The fill shared by the padding markers of `instruction`; nullptr when it has none.
ExprPtr padding_fill_of(const Instruction& instruction);

}  // namespace loom
