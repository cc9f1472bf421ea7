// Dependences with one copy of a private temporary per work-item, of a local one per work-group.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "analysis/dependences.hpp"

namespace loom {

// compute_dependences of `variables` alone, with one copy of each private temporary per work-item
// and of each local one per work-group, as the hardware has them: a write by an instruction in
// some of the hardware inames reaches only the reads of its own copy, and one outside an axis
// writes every copy along it (every work-item runs it). compute_dependences' single copy lets a
// write in one work-item reach a read in another whenever the order runs them in turn (a private
// fetch within i_inner (l.0) nested apart from its reader: the reader read the last lane's value).
std::shared_ptr<const detail::DependenceData> compute_dependences_per_work_item(const LoopKernel& kernel,
                                                                                const std::set<std::string>& variables);

}  // namespace loom
