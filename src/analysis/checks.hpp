// Whole-kernel checks, run before code generation and after every transform (DESIGN.md §4).
// `context` prefixes messages with the transform that made the kernel ("tag_inames: ").
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom {

// Whether instruction `from` depends on `to` through a chain of dependencies (ids).
bool depends_transitively(const LoopKernel& kernel, const std::string& from, const std::string& to);

// A dependency cycle (the message lists it) or a dependency on a missing instruction: Error.
void check_dependency_cycles(const LoopKernel& kernel);

// loopy's check_variable_access_ordered: a writer and another accessor of the same elements must
// be ordered by a dependency path or declared nosync. Error naming both instructions.
void check_access_ordering(const LoopKernel& kernel);

// loopy's check_for_write_races made exact: two instances that differ in a concurrent iname
// (g/l/vec/ilp for global arrays; l/vec/ilp for local; none for private, which are privatized) must not write the
// same element. LegalityError naming the instruction, variable, iname and two instances.
void check_write_races(const LoopKernel& kernel, const std::string& context = "");

// Every affine access lies within its array's declared shape for all parameter values the
// assumptions allow (loopy's check_bounds). LegalityError with one violating instance.
void check_bounds(const LoopKernel& kernel, const std::string& context = "");

void check_kernel(const LoopKernel& kernel, const std::string& context = "");

}  // namespace loom
