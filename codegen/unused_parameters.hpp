// An isl AST problem without the parameters nothing in it mentions (issue 26, ast20).
//
// Every statement domain loom builds lives in the kernel's whole parameter space (the sizes, every
// hardware index, every loop outside the nest), and isl carries each parameter as a column of
// every set it tests at every band level, mentioned or not. After the full-group split gists the
// domains, the full-group nest's statements often name only a few of them (convolution: 3 of 9,
// the tensor GEMMs: 4 of 8). isl's code names only parameters the schedule mentions, and it is
// correct for every value the context allows of those: the context projected onto them says the
// same of them (the reasoning of partial_group_nest's reuse, docs/decisions.md "wt-speed14").
#pragma once

#include <isl/cpp.h>

#include <optional>

namespace loom::codegen {

struct AstProblem {
  isl::schedule schedule;
  isl::set context;
};

// `schedule` rebuilt node by node with every parameter that no set or function of the node mentions
// dropped from it, and `context` projected onto the parameters the rebuilt tree keeps. Nullopt
// where nothing would be dropped, and for trees this does not rebuild (isl's isolate option, which
// the slabs use, and node types loom's schedules do not have): isl gets them as they are.
// LOOM_KEEP_AST_PARAMETERS=1 always gives nullopt (the same code; for timing comparisons).
std::optional<AstProblem> without_unused_parameters(const isl::schedule& schedule, const isl::set& context);

// Problems handed to isl without unused parameters since the process started (tests assert the path).
int problems_without_unused_parameters();

}  // namespace loom::codegen
