// Layout transforms (loopy's tag_array_axes, split_array_axis and add_padding of
// transform/data.py and padding.py, and loom's bank-conflict padding of local tiles): they change
// where an array's elements live in memory, never what the kernel computes. Arguments and
// temporaries alike. A layout that renumbers logical indices (split_array_axis) is recorded as an
// ArrayRewrite, so checks still compare results by the original logical index (DESIGN.md §3a).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// Sets the memory layout of the arrays `array_names` ("a, out"): one dim tag per axis, loopy's
// syntax (src/ir/layout.hpp): c, f, N0..N9, stride:EXPR, sep, vec.
//   a: float32 (m, 4)   tag_array_axes("a", "c,vec")  →  a's rows are float4s (strides (4, 1))
// Refuses: an unknown array, a value argument, a tag count other than the rank, malformed or
// mixed tags, two vec axes, a vec axis whose length is not a constant 2, 4, 8 or 16 (the target's
// own lengths are checked at code generation).
LoopKernel tag_array_axes(const LoopKernel& kernel, const std::string& array_names,
                          const std::string& dim_tags, bool unchecked = false);

// Splits axis `axis_nr` of each array into two, (outer, inner) of lengths (ceil(len/count),
// count) for order "C", (inner, outer) for "F"; every access index x becomes (x // count,
// x % count) in that order, simplified on the instruction's domain. The memory layout is kept
// (each new axis gets its stride:EXPR tag), so the data does not move:
//   out[i] = 2*a[i], i split by 4   split_array_axis("a, out", 0, 4)
//   →  out[i_outer, i_inner] = 2*a[i_outer, i_inner]     a, out: ((n + 3) // 4, 4)
// Refuses: an unknown array, an axis out of range, count < 1, an order other than C or F, an
// array that has a vec axis (split before tagging vec).
LoopKernel split_array_axis(const LoopKernel& kernel, const std::string& array_names,
                            int64_t axis_nr, int64_t count, const std::string& order = "C",
                            bool unchecked = false);

// Pads the stride of axis `axis` of array `variable` up to a multiple of `align_bytes` (loopy's
// add_padding; the stride counts bytes here, as the name says): the axes stored outside it move
// out accordingly, so nothing overlaps. Array (n, n) float32, add_padding("a", 0, 64) → row
// stride ((n + 15) // 16) * 16. Refuses: an unknown array, an axis out of range, an array tagged
// with stride:EXPR or vec, `align_bytes` not a positive multiple of the element size.
LoopKernel add_padding(const LoopKernel& kernel, const std::string& variable, int64_t axis,
                       int64_t align_bytes, bool unchecked = false);

// Pads local (shared-memory) tiles so that the work-items of a warp reading one column hit
// different banks (32 banks of 4 bytes, NVIDIA's and most GPUs' layout): a local temporary of
// two or more axes whose elements are 4 or 8 bytes and whose row length (last axis) is even gets
// row length + 1 (16x16 float32 → rows of 17: a column access by 16 work-items then touches 16
// different banks instead of 2). Rows of odd length are conflict-free already and stay as they
// are. `temporary` picks one (then it must be such a local temporary); default: all of them.
LoopKernel pad_local_arrays_for_banks(const LoopKernel& kernel,
                                      const std::optional<std::string>& temporary = std::nullopt,
                                      bool unchecked = false);

// Gives the argument `old_name` the name `new_name` everywhere the kernel names it (domains,
// assumptions, instructions, rules, shapes, strides, offsets): loopy's rename_argument. Refuses an
// unknown argument and a new name the kernel already uses.
LoopKernel rename_argument(const LoopKernel& kernel, const std::string& old_name, const std::string& new_name,
                           bool unchecked = false);

// Gives arguments and temporaries declared without a dtype their dtypes (keys may name several:
// "a, b"): loopy's add_dtypes and add_and_infer_dtypes (`transform_name` picks the name errors use).
// Refuses an unknown name, a different dtype than one already declared, and an unknown dtype.
LoopKernel add_dtypes(const LoopKernel& kernel, const std::map<std::string, std::string>& dtype_dict,
                      const std::string& transform_name = "add_dtypes", bool unchecked = false);

}  // namespace loom
