// Buffer and temporary-storage transforms (loopy's transform/buffer.py, transform/privatize.py and
// the temporary helpers of transform/data.py): read-modify-write buffers, privatization along
// inames, address spaces, and storage shared between temporaries.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct BufferArrayOptions {
  // The initial value of the buffer: an expression in which `base` is the array's value at the
  // element (default: `base`, a copy). A null optional copies; loopy's init_expression.
  std::optional<std::string> init_expression;
  // The value stored back: an expression in `base` (the array's value) and `buffer` (the
  // buffer's); default `buffer`. The string "False" (loopy's False) stores nothing.
  std::optional<std::string> store_expression;
  std::optional<std::string> within;                    // which accesses; default: all
  std::optional<std::string> default_tag = "l.auto";    // tag of the init and store inames
  std::optional<AddressSpace> temporary_address_space;  // default auto
  bool fetch_bounding_box = false;
  bool unchecked = false;
};

// loopy's buffer_array: the part of `var_name` its accesses (reads and writes, in `within`)
// touch while `buffer_inames` run goes into a temporary <var>_buf, initialized by instruction
// init_<var> (in new inames <var>_init_<axis>), used in place of the array, and stored back by
// store_<var> (inames <var>_store_<axis>) after the last access:
//   c[i, j] = c[i, j] + a[i, k]*b[k, j]      i, j split by 4 (i_inner, j_inner)
//   buffer_array("c", {i_inner, j_inner}, init_expression="0", store_expression="base + buffer")
//     →  c_buf[c_init_0, c_init_1] = 0                                      {id=init_c}
//        c_buf[i_inner, j_inner] = c_buf[i_inner, j_inner] + a[i, k]*b[k, j]
//        c[4*i_outer + c_store_0, 4*j_outer + c_store_1] = c[...] + c_buf[c_store_0, c_store_1]
// Instructions that depended on the buffered ones depend on the store. Refuses an unknown array
// or buffer iname, an array nothing in `within` accesses, data-dependent (indirect) indices, and
// what precompute refuses for the footprint (non-constant box, non-convex without
// fetch_bounding_box).
LoopKernel buffer_array(const LoopKernel& kernel, const std::string& var_name,
                        const std::vector<std::string>& buffer_inames,
                        const BufferArrayOptions& options = {});

// Gives the temporaries written within `privatizing_inames` (only `only_var_names` when given)
// one copy per value of each such iname their writers run in: a leading axis of the iname's
// length, indexed `iname - lower bound` in every access within it. loopy does this implicitly for
// ilp and vec inames (preprocessing here). Refuses unknown inames or temporaries, non-constant
// ranges, two writers of one temporary that run in different privatizing inames, and an access
// outside an iname the temporary is privatized along.
LoopKernel privatize_temporaries_with_inames(
    const LoopKernel& kernel, const std::vector<std::string>& privatizing_inames,
    const std::optional<std::vector<std::string>>& only_var_names = std::nullopt,
    bool unchecked = false);

// The inverse: removes from the temporaries (only_var_names, else every temporary indexed so)
// the axis each access indexes by exactly `iname - lower bound` of an unprivatizing iname.
// Refuses unknown names and a temporary whose accesses do not all index one axis by the iname.
LoopKernel unprivatize_temporaries_with_inames(
    const LoopKernel& kernel, const std::vector<std::string>& unprivatizing_inames,
    const std::optional<std::vector<std::string>>& only_var_names = std::nullopt,
    bool unchecked = false);

// Sets the address space of temporaries ("t1, t2" or a list): private, local, global or auto.
// Refuses an unknown temporary (naming the kernel's temporaries) and an unknown address space.
LoopKernel set_temporary_address_space(const LoopKernel& kernel,
                                       const std::vector<std::string>& temp_var_names,
                                       AddressSpace address_space, bool unchecked = false);

// loopy's alias_temporaries: the temporaries share one storage area, called base_name_prefix
// (uniquified). Their uses must not overlap: with synchronize_for_exclusive_use every instruction
// using a later temporary (in `names` order) depends on every one using an earlier one, and
// local temporaries get a local barrier in between (work-items may still read the earlier one).
// Refuses an unknown name, fewer than two names, temporaries of different address spaces or
// non-constant shapes, one already aliased, and an instruction that uses two of them (its uses
// cannot be exclusive).
LoopKernel alias_temporaries(const LoopKernel& kernel, const std::vector<std::string>& names,
                             const std::string& base_name_prefix = "temp_storage",
                             bool synchronize_for_exclusive_use = true, bool unchecked = false);

}  // namespace loom
