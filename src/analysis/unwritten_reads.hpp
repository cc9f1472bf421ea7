// Reads of temporary elements that no instruction writes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// Throws loom::Error when an instruction reads an element of a global temporary (one without an
// initializer or shared storage) that no instruction of the kernel writes, for some parameter
// values the assumptions allow: the value read would be whatever the memory held, different from
// run to run. Only reads whose elements isl knows exactly (affine subscripts, affine predicates and
// guards) are checked, against every write (over-approximated writes only hide a finding), so a
// refusal is never a false alarm. Order in time is not considered (that is the dependences' job).
void check_reads_of_unwritten_elements(const LoopKernel& kernel);

// Says (nullopt when none) where, in `kernel`'s own order (every iname a sequential loop: the reference
// of `run --check`), an instruction reads an element of a temporary without an initializer before
// any instruction has written it, at the parameter values `parameters` (private, local and global
// temporaries alike: none holds a defined value before its first write). Comparing two kernels that
// read an undefined value tells nothing (both may read the same stale memory, or not); the message
// names the temporary, the instruction and one instance. Only reads isl knows exactly are checked,
// and writes it knows only approximately count as writing everything they may (no false alarm). A
// kernel that writes no argument is not judged (the check compares nothing).
// `run --check` adds it to its result's warnings (not a refusal: an undefined value that reaches no
// output, loopy's test_barrier_non_zero_hw_lbound reading a[0], is harmless).
std::optional<std::string> find_read_before_write(const LoopKernel& kernel, const std::map<std::string, int64_t>& parameters);

}  // namespace loom
