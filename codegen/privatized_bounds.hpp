// Loop bounds held in privatized temporaries (issue 23, class 21).
//
// A temporary computed by the kernel may bound a nested loop ({[j]: 0<=j<length} with
// `<> length = ...`). isl sees it as a parameter, so the loop nest of that region prints its bare
// name. When ILP privatization has given the temporary one copy per ilp iteration (`length[2]`),
// the bare name is the array itself: the bound must read the copy of the current iteration.
#pragma once

#include <map>
#include <string>

#include "codegen/cast.hpp"
#include "codegen/lower_expr.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// For each temporary with axes that bounds a loop: the element its writers write, as an access
// in their inames (`length[i_inner]`). Refuses a temporary whose writers write different
// elements (which copy bounds the loop would be ambiguous).
std::map<std::string, ExprPtr> privatized_bounds(const LoopKernel& kernel);

// `statement` with every variable named in `values` replaced by its value.
cast::StmtPtr replace_variables(const cast::StmtPtr& statement, const std::map<std::string, cast::ExprPtr>& values);

}  // namespace loom::codegen
