// Reads of temporary elements that no instruction writes.
#pragma once

#include "loom/kernel.hpp"

namespace loom {

// Throws loom::Error when an instruction reads an element of a global temporary (one without an
// initializer or shared storage) that no instruction of the kernel writes, for some parameter
// values the assumptions allow: the value read would be whatever the memory held, different from
// run to run. Only reads whose elements isl knows exactly (affine subscripts, affine predicates and
// guards) are checked, against every write (over-approximated writes only hide a finding), so a
// refusal is never a false alarm. Order in time is not considered (that is the dependences' job).
void check_reads_of_unwritten_elements(const LoopKernel& kernel);

}  // namespace loom
