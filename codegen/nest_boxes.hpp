// Constant boxes of one nest (issue 26, ast23): loops loom unrolls that are constant boxes only
// in the nest isl is about to build.
//
// ScheduleBuilder decides the constant boxes once, for every nest of the kernel (schedule_tree.hpp,
// ConstantBoxes), so an unrolled loop whose statements are a product with its range only under the
// full-group condition (the tensor GEMMs' register tiles i_rep and j_rep: `16*i_rep < m - ...` in the
// partial groups, `0 <= i_rep <= 3` in the full ones), or that holds a one-value tile band
// (fixed_bands.hpp), stays a band of isl's in the full-group nest too. There isl builds a loop with
// constant bounds and no per-copy guard (every copy runs), which lowering unrolls; as a box the
// loop leaves isl's problem and lowering makes the same copies (AstLowering::box, as for the
// kernel's own boxes: docs/decisions.md "constant boxes outside isl's AST problem").
#pragma once

#include <isl/cpp.h>

#include <optional>

#include "codegen/isl_ast.hpp"
#include "codegen/schedule_tree.hpp"

namespace loom::codegen {

struct NestWithBoxes {
  isl::schedule problem;     // the nest's problem with each new box's band replaced by a `box` mark
  KernelSchedule schedule;   // `schedule` with each new box's iname among its statements' boxed dims
};

// `problem` (a nest of `schedule`, possibly without unused parameters or fixed bands) with every
// loop that is a constant box in it made one: a `loop X` mark over a one-member band, X unrolled by
// loom (LoopStyle::Kind::Unrolled, not vec) over a constant range of at least two values, no band
// below it (boxes inside are made first), no option but its loop type, and every statement under it
// plainly (plain_box_product) its projection times that range in the problem's domain. Each
// statement's dimension X is pulled back to the range's first value, which for such a product is
// the projection. Nullopt where no loop qualifies. LOOM_NO_NEST_BOXES=1 always gives nullopt.
std::optional<NestWithBoxes> with_nest_boxes(const isl::schedule& problem, const KernelSchedule& schedule,
                                             const LoopStyles& loop_styles);

// Loops made boxes by with_nest_boxes since the process started (tests assert the path).
int nest_boxes_made();

}  // namespace loom::codegen
