// Transforms of loopy's transform/concatenate.py, batch.py and data.py that reshape a kernel's
// data: merging temporaries into one array, batching a whole kernel, and loopy's name for bank
// padding. Declared here rather than in transforms.hpp's family headers, which nearly every
// source includes; the registry makes them available by name to specs, the CLI and the tuner.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

// Merges the temporaries `array_names` into one temporary `new_name` (default: a fresh
// "concatenated_array") along axis `axis_nr`: each becomes a slice at the summed lengths of the
// ones before it, and every access moves there.
//   <> a[i] = x[i]; <> b[i] = y[i]; out[i] = a[i] + b[i]      (a, b: 10)
//   concatenate_arrays({"a", "b"}, "c")  →  c[i] = x[i]; c[i + 10] = y[i]; out[i] = c[i] + c[i + 10]
// Refuses: a name that is not a temporary, arrays that differ in anything but their length along
// `axis_nr`, a non-constant length there, dim tags, initializers or shared storage, an unused
// `new_name` that is taken, an access without subscript.
LoopKernel concatenate_arrays(const LoopKernel& kernel, const std::vector<std::string>& array_names,
                              const std::optional<std::string>& new_name = std::nullopt, int64_t axis_nr = 0,
                              bool unchecked = false);

// A batch of `nbatches` independent copies of the kernel over a new outermost iname `ibatch`
// (loopy's to_batched). `nbatches` is a constant ("7") or the name of a (new) integer value
// argument. Arguments named in `batch_varying_args` get a leading axis of that length (value
// arguments become arrays of that shape); non-private temporaries do too (each batch its own
// scratch) unless `sequential`, and every access to a batched variable gets `ibatch` first.
//   out[i] = sum(j, a[i,j]*x[j]);  to_batched("nbatches", {"out", "x"})
//   →  out[ibatch, i] = sum(j, a[i,j]*x[ibatch, j]),  ibatch in [0, nbatches)
// The result is a new computation: its own reference from here on.
LoopKernel to_batched(const LoopKernel& kernel, const std::string& nbatches,
                      const std::vector<std::string>& batch_varying_args = {},
                      const std::string& batch_iname_prefix = "ibatch", bool sequential = false,
                      bool unchecked = false);

// Moves the factors every increment of the temporary accumulator `var_name` shares to where it is
// read (loopy's collect_common_factors_on_increment):
//   acc = 0; acc = acc + alpha[i]*a[i,j]; acc = acc + alpha[i]*b[j]; out[i] = acc
//   →  acc = 0; acc = acc + a[i,j]; acc = acc + b[j]; out[i] = alpha[i]*acc
// Refuses what could change a value (a factor that reads something written, varies with an
// iname a writer or reader does not run in, or reads that could see another iteration's sum),
// vary_by_axes, and an accumulator without common factors.
LoopKernel collect_common_factors_on_increment(const LoopKernel& kernel, const std::string& var_name,
                                               const std::vector<std::string>& vary_by_axes = {},
                                               bool unchecked = false);

// loopy's add_padding_to_avoid_bank_conflicts: pad_local_arrays_for_banks over every local
// temporary (loom's bank rule, 32 banks of 4 bytes, instead of asking an OpenCL device).
LoopKernel add_padding_to_avoid_bank_conflicts(const LoopKernel& kernel, bool unchecked = false);

}  // namespace loom
