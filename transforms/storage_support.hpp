// What precompute_rule (footprint_support.cpp) does with the storage of a footprint: which axes
// it keeps, the inames that run over them (new, reused, or fitted onto the work-group by l.auto),
// the temporary, and the write race a local temporary would have.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "transforms/footprint_support.hpp"

namespace loom {

struct StorageAxis {
  std::string name;  // rule parameter or sweep iname
  int64_t size;
  ExprPtr offset;
  std::string iname;  // the iname running over it; empty when dropped (length 1)
  bool reused = false;
};

// Length-1 axes are dropped; `storage_axes` chooses the order of the others. Refuses a name that
// is not a storage axis and a longer axis that storage_axes leaves out.
std::vector<std::size_t> kept_axes(const FootprintRequest& request, const std::vector<StorageAxis>& axes);

// Names the iname of each kept axis (precompute_inames, else the axis name uniquified); an
// existing iname is reused when its range is 0 <= iname < size, and refused otherwise.
void name_storage_inames(const LoopKernel& kernel, const FootprintRequest& request, std::vector<StorageAxis>& axes,
                         const std::vector<std::size_t>& kept);

// Adds the temporary, or checks an existing one (rank, address space, constant shape) and grows it.
void add_temporary(LoopKernel& kernel, const FootprintRequest& request, const std::string& name,
                   const std::vector<int64_t>& shape);

struct AutoSplit {
  std::string iname, outer, inner;
  int64_t inner_length;
};

// Fits the l.auto inames (listed in storage order; the last, stride-1, is placed first) onto the
// work-group's local axes the compute instruction leaves free (SPEC.md: l.0 first; an iname longer
// than its axis is split into <iname>_outer/_inner; with no free axis it stays sequential). Tags
// them in `kernel` and returns the splits to apply.
std::vector<AutoSplit> assign_local_axes(LoopKernel& kernel, const std::set<std::string>& compute_inames,
                                         const std::vector<std::string>& auto_inames,
                                         const std::map<std::string, int64_t>& lengths);

// The domain of the new inames: one box, split inames as inner + length * outer.
Domain storage_domain(const LoopKernel& kernel, const std::vector<std::string>& inames,
                      const std::map<std::string, int64_t>& lengths, const std::vector<AutoSplit>& splits);

// Rewrites the compute instruction for the splits (iname → length*outer + inner).
void apply_splits(Instruction& compute, const std::vector<AutoSplit>& splits);

// A local temporary filled under an l.N iname its index does not use would be written by every
// work-item along that axis at once: refused, naming the instruction, the temporary and the iname
// (unless fill_local_copy_from_one_row restricted the copy to one value of that iname).
void refuse_local_write_race(const LoopKernel& kernel, const FootprintRequest& request, const Instruction& compute,
                             const Temporary& temporary, const std::set<std::string>& storage_inames);

// A private temporary filled along an l.N or g.N iname would be filled piecewise, one piece per
// work-item's copy: refused, naming the instruction, the temporary and the iname.
void refuse_private_copy_filled_by_work_items(const LoopKernel& kernel, const FootprintRequest& request,
                                              const Instruction& compute, const Temporary& temporary,
                                              const std::set<std::string>& storage_inames);

}  // namespace loom
