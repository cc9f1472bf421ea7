// From a linearized kernel to one isl schedule tree (DESIGN.md §5): each instruction becomes an
// isl statement over its loop inames, each loop a one-dimensional band under a mark naming its
// iname, each run of siblings a sequence. loom's transforms are the schedule; isl never picks one.
#pragma once

#include <isl/cpp.h>

#include <map>
#include <string>
#include <vector>

#include "codegen/linearize.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

struct Statement {
  int instruction_index;
  std::vector<std::string> dims;  // loop inames, outermost first
  isl::set domain;                // S_k[dims] with the kernel's parameters
};

struct KernelSchedule {
  isl::schedule schedule;
  std::map<std::string, Statement> statements;  // by isl tuple name
};

// The set of instances of `instruction`: the intersection of the domains that define its inames,
// with `dims` as set dimensions (in that order) and every other name a parameter.
isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                            const std::vector<std::string>& dims, const std::string& tuple_name);

KernelSchedule build_schedule(const LoopKernel& kernel, const Linearization& linearization);

// The mark placed above the band of a loop over `iname`.
std::string loop_mark_name(const std::string& iname);

}  // namespace loom::codegen
