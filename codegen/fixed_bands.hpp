// An isl AST problem without the innermost bands whose every member has one constant value
// (issue 26, ast23).
//
// A tensorized instruction keeps its tile inames as loops of one value (`i_tile = 0`, `j_tile = 0`,
// `k_tile = 0` in its domain: the tile is one mma call), and each such nest is a band of isl's
// under a `loops D i_tile j_tile ...` mark. isl finds that the band's dimensions take a single
// affine value and writes no loop for them ("eliminated" levels: isl_ast_build_set_loop_bounds,
// create_node_scaled), but it still does a band level's work for each member: the build's product
// with the band's space, the loop's bounds, update_values' single-valuedness test, the gists. In
// the tensor GEMMs that was about a quarter of isl's AST build. Without the band the statement's
// instances are at the same schedule points in the same order (every instance has the one value),
// and the call's arguments for the dimensions are the same constants (isl reads them off the
// domain's equalities instead of the eliminated level's value).
#pragma once

#include <isl/cpp.h>

#include <optional>

namespace loom::codegen {

// `schedule` without every band that (a) has no band below it, (b) has no AST build options other
// than loop types (no isolate option: slabs), and (c) that one statement reaches, every member one
// dimension of the statement that its domain fixes to a constant by an equality read off the
// constraints (isl_set_plain_get_val_if_fixed). (isl orders statements at one schedule point with
// no sequence between them differently with and without the band: fixed_bands.cpp.)
// The mark above such a band stays (lowering reads nothing off it where no loop is written).
// Nullopt where there is no such band. LOOM_KEEP_FIXED_BANDS=1 always gives nullopt (isl gets every
// band; for comparisons with one binary).
std::optional<isl::schedule> without_fixed_bands(const isl::schedule& schedule);

// Whether `band` has an AST build option other than a member's loop type (`atomic`): an isolate
// option (slabs) or a separation class. Shared with nest_boxes, which also keeps such bands.
bool has_options_besides_loop_types(isl_schedule_node* band);

// Bands dropped by without_fixed_bands since the process started (tests assert the path).
int fixed_bands_dropped();

}  // namespace loom::codegen
