#include "ir/layout.hpp"

#include <algorithm>

#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

ExprPtr product(const std::vector<ExprPtr>& factors) {
  ExprPtr result;
  for (const ExprPtr& factor : factors)
    result = result ? binary(BinaryOp::Multiply, result, factor) : factor;
  return result ? result : int_literal(1);
}

ExprPtr times(const ExprPtr& stride, int64_t factor) {
  if (factor == 1) return stride;
  if (stride->kind == ExprKind::IntLiteral) return int_literal(stride->int_value * factor);
  return binary(BinaryOp::Multiply, stride, int_literal(factor));
}

// What array_strides needs to know of an argument or a temporary.
struct LayoutSubject {
  std::string what;  // "argument 'a'" or "temporary 't'"
  const std::vector<ExprPtr>& shape;
  std::vector<std::string> tags;  // one per axis (defaults filled in)
};

[[noreturn]] void refuse(const LayoutSubject& subject, const std::string& reason) {
  throw Error(subject.what + ": dim_tags " + reason);
}

// The swizzle tag stands for stride 1 on the axis it tags (its contiguous axis) and, for the
// whole array, the permutation array_swizzle describes.
bool is_stride_tag(const std::string& tag) { return tag.rfind("stride:", 0) == 0 || is_swizzle_tag(tag); }
bool is_storage_tag(const std::string& tag) { return tag != "vec" && tag != "sep"; }

std::string lengths_text(const std::vector<int64_t>& lengths) {
  std::string text;
  for (int64_t length : lengths) text += (text.empty() ? "" : ", ") + std::to_string(length);
  return text;
}

// Lengths some target has a vector type for: tag_array_axes refuses others before any target
// is known; code generation then checks the target's own list.
const std::vector<int64_t>& any_target_vec_lengths() {
  static const std::vector<int64_t> lengths = {2, 4, 8, 16};
  return lengths;
}

int64_t vec_length(const LayoutSubject& subject, std::size_t axis) {
  const ExprPtr& extent = subject.shape[axis];
  if (extent->kind != ExprKind::IntLiteral) {
    refuse(subject, "axis " + std::to_string(axis) + " is vec but its length " + to_string(extent) +
                        " is not a constant; split the axis first (split_array_axis)");
  }
  const std::vector<int64_t>& lengths = any_target_vec_lengths();
  if (std::find(lengths.begin(), lengths.end(), extent->int_value) == lengths.end()) {
    refuse(subject,
           "axis " + std::to_string(axis) + " is vec of length " +
               std::to_string(extent->int_value) +
               ", which no target has a vector type for (cuda and c: 2, 4; opencl: 2, 4, 8, 16)");
  }
  return extent->int_value;
}

// Nesting level of each storage axis (0: fastest) from c/f/N tags; -1 for vec and sep axes.
std::vector<int> levels(const LayoutSubject& subject) {
  std::size_t rank = subject.shape.size();
  std::vector<int> level(rank, -1);
  std::vector<std::size_t> storage;
  bool any_c = false, any_f = false, any_n = false;
  for (std::size_t axis = 0; axis < rank; ++axis) {
    const std::string& tag = subject.tags[axis];
    if (!is_storage_tag(tag)) continue;
    storage.push_back(axis);
    if (tag == "c")
      any_c = true;
    else if (tag == "f")
      any_f = true;
    else if (tag.size() == 2 && tag[0] == 'N' && tag[1] >= '0' && tag[1] <= '9') {
      any_n = true;
      level[axis] = tag[1] - '0';
    } else {
      refuse(subject, "entry '" + tag + "' is not c, f, N0..N9, stride:EXPR, sep or vec");
    }
  }
  if (static_cast<int>(any_c) + static_cast<int>(any_f) + static_cast<int>(any_n) > 1) {
    refuse(subject, "mix c, f and N levels; spell every axis with N0..N9 instead");
  }
  int count = static_cast<int>(storage.size());
  for (int position = 0; position < count; ++position) {
    std::size_t axis = storage[static_cast<std::size_t>(position)];
    if (any_c) level[axis] = count - 1 - position;
    if (any_f) level[axis] = position;
  }
  std::vector<int> sorted;
  for (std::size_t axis : storage) sorted.push_back(level[axis]);
  std::sort(sorted.begin(), sorted.end());
  for (int i = 0; i < count; ++i) {
    if (sorted[static_cast<std::size_t>(i)] != i) {
      refuse(subject, "levels must be N0..N" + std::to_string(count - 1) + ", each once");
    }
  }
  return level;
}

std::vector<ExprPtr> explicit_strides(const LayoutSubject& subject) {
  std::vector<ExprPtr> strides(subject.shape.size());
  for (std::size_t axis = 0; axis < subject.shape.size(); ++axis) {
    const std::string& tag = subject.tags[axis];
    if (tag == "vec") continue;
    if (!is_stride_tag(tag))
      refuse(subject, "mix stride:EXPR (or swizzle128) with other tags; give every axis but a vec one a stride");
    if (tag == "stride:auto") continue;  // resolve_auto_strides
    if (is_swizzle_tag(tag)) {
      strides[axis] = int_literal(1);  // within a 128-byte row; swizzle_atom_stride says across
      continue;
    }
    try {
      strides[axis] = lang::parse_expression(tag.substr(7));
    } catch (const ParseError& error) {
      refuse(subject, "entry '" + tag + "': " + error.reason());
    }
  }
  return strides;
}

// loopy's stride:auto leaves a stride to be found from the array passed at call time; loom's
// arrays are laid out by the kernel, so an auto axis is packed outside the axes whose strides are
// known: the auto axes, last to first, each get the stride of the outermost known axis times its
// extent (all auto: C order). "Outermost" needs comparable strides, so with more than one explicit
// stride they must be integers.
void resolve_auto_strides(const LayoutSubject& subject, std::vector<ExprPtr>& strides) {
  if (std::find(subject.tags.begin(), subject.tags.end(), "stride:auto") == subject.tags.end()) return;
  std::optional<std::size_t> outermost;
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (!strides[axis]) continue;
    if (!outermost) {
      outermost = axis;
      continue;
    }
    if (strides[axis]->kind != ExprKind::IntLiteral || strides[*outermost]->kind != ExprKind::IntLiteral) {
      refuse(subject, "stride:auto next to several strides that are not integers: give every stride");
    }
    if (strides[axis]->int_value > strides[*outermost]->int_value) outermost = axis;
  }
  for (std::size_t step = 0; step < strides.size(); ++step) {
    std::size_t axis = strides.size() - 1 - step;
    if (subject.tags[axis] != "stride:auto") continue;
    if (!outermost) {
      strides[axis] = int_literal(1);
    } else {
      const ExprPtr& inner = strides[*outermost];
      bool unit = inner->kind == ExprKind::IntLiteral && inner->int_value == 1;
      strides[axis] = unit ? subject.shape[*outermost] : binary(BinaryOp::Multiply, inner, subject.shape[*outermost]);
    }
    outermost = axis;
  }
}

std::vector<ExprPtr> strides_of(const LayoutSubject& subject) {
  std::size_t rank = subject.shape.size();
  if (subject.tags.size() != rank) {
    refuse(subject, "has " + std::to_string(subject.tags.size()) + " entries but the array has " +
                        std::to_string(rank) + " axes");
  }
  std::optional<std::size_t> vec = vec_axis(subject.tags);
  if (std::count(subject.tags.begin(), subject.tags.end(), "vec") > 1)
    refuse(subject, "have more than one vec axis");
  auto swizzles = std::count_if(subject.tags.begin(), subject.tags.end(), is_swizzle_tag);
  if (swizzles > 1) refuse(subject, "have more than one " + std::string(kSwizzle128Tag) + " axis");
  if (swizzles == 1) (void)swizzle_atom_stride(subject.what, subject.tags);
  if (swizzles == 1 && vec) {
    refuse(subject, "have a vec axis and a " + std::string(kSwizzle128Tag) +
                        " axis; a swizzled tile is stored element by element (its 16-byte chunks move)");
  }
  int64_t lanes = vec ? vec_length(subject, *vec) : 1;
  std::vector<ExprPtr> strides(rank);
  if (std::any_of(subject.tags.begin(), subject.tags.end(), is_stride_tag)) {
    strides = explicit_strides(subject);
    resolve_auto_strides(subject, strides);
    for (ExprPtr& stride : strides) {
      if (stride) stride = times(stride, lanes);
    }
    if (vec) strides[*vec] = int_literal(1);
    return strides;
  }
  std::vector<int> level = levels(subject);
  std::vector<ExprPtr> storage_extents;  // of every c/f/N axis: the size of one sep block
  for (std::size_t axis = 0; axis < rank; ++axis) {
    if (level[axis] < 0) continue;
    std::vector<ExprPtr> faster;
    for (std::size_t other = 0; other < rank; ++other) {
      if (level[other] >= 0 && level[other] < level[axis]) faster.push_back(subject.shape[other]);
    }
    strides[axis] = times(product(faster), lanes);
    storage_extents.push_back(subject.shape[axis]);
  }
  if (vec) strides[*vec] = int_literal(1);
  // sep axes: outermost, the first one slowest.
  ExprPtr block = times(product(storage_extents), lanes);
  for (std::size_t step = 0; step < rank; ++step) {
    std::size_t axis = rank - 1 - step;
    if (subject.tags[axis] != "sep") continue;
    strides[axis] = block;
    block = binary(BinaryOp::Multiply, subject.shape[axis], block);
  }
  return strides;
}

}  // namespace

std::optional<std::size_t> vec_axis(const std::vector<std::string>& dim_tags) {
  auto found = std::find(dim_tags.begin(), dim_tags.end(), "vec");
  if (found == dim_tags.end()) return std::nullopt;
  return static_cast<std::size_t>(found - dim_tags.begin());
}

void validate_dim_tags(const KernelArgument& arg) { (void)array_strides(arg); }

std::vector<ExprPtr> array_strides(const KernelArgument& arg) {
  LayoutSubject subject{"argument '" + arg.name + "'", arg.shape, arg.dim_tags};
  if (is_swizzled(arg.dim_tags)) {
    refuse(subject, "give '" + std::string(kSwizzle128Tag) +
                        "', a layout of temporaries only (a local tile's storage); an argument is laid out by its caller");
  }
  if (subject.tags.empty())
    subject.tags.assign(arg.shape.size(), arg.order == ArrayOrder::F ? "f" : "c");
  return strides_of(subject);
}

std::vector<ExprPtr> array_strides(const Temporary& temporary) {
  LayoutSubject subject{"temporary '" + temporary.name + "'", temporary.shape, temporary.dim_tags};
  if (subject.tags.empty()) subject.tags.assign(temporary.shape.size(), "c");
  return strides_of(subject);
}

bool is_swizzle_tag(const std::string& tag) {
  return tag == kSwizzle128Tag || tag.rfind(std::string(kSwizzle128Tag) + ":", 0) == 0;
}

bool is_swizzled(const std::vector<std::string>& dim_tags) {
  return std::any_of(dim_tags.begin(), dim_tags.end(), is_swizzle_tag);
}

std::optional<std::size_t> swizzle_axis(const std::vector<std::string>& dim_tags) {
  auto found = std::find_if(dim_tags.begin(), dim_tags.end(), is_swizzle_tag);
  if (found == dim_tags.end()) return std::nullopt;
  return static_cast<std::size_t>(found - dim_tags.begin());
}

std::optional<int64_t> swizzle_atom_stride(const std::string& what, const std::vector<std::string>& dim_tags) {
  std::optional<std::size_t> axis = swizzle_axis(dim_tags);
  if (!axis || dim_tags[*axis] == kSwizzle128Tag) return std::nullopt;
  std::string text = dim_tags[*axis].substr(std::string(kSwizzle128Tag).size() + 1);
  std::size_t used = 0;
  int64_t stride = 0;
  try {
    stride = std::stoll(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || stride <= 0) {
    throw Error(what + ": dim_tags entry '" + dim_tags[*axis] + "' is not swizzle128 or swizzle128:N with N a positive " +
                "integer (the elements between 128-byte column blocks)");
  }
  return stride;
}

int64_t swizzle_row_elements(DType dtype) { return kSwizzleRowBytes / static_cast<int64_t>(dtype_size(dtype)); }
int64_t swizzle_chunk_elements(DType dtype) { return kSwizzleChunkBytes / static_cast<int64_t>(dtype_size(dtype)); }

std::vector<int64_t> supported_vec_lengths(Target target) {
  if (target == Target::OpenCL) return {2, 4, 8, 16};
  return {2, 4};
}

namespace {

void check_vec_length(const std::string& what, const std::vector<std::string>& tags,
                      const std::vector<ExprPtr>& shape, Target target) {
  std::optional<std::size_t> axis = vec_axis(tags);
  if (!axis || shape[*axis]->kind != ExprKind::IntLiteral) return;
  int64_t length = shape[*axis]->int_value;
  std::vector<int64_t> lengths = supported_vec_lengths(target);
  if (std::find(lengths.begin(), lengths.end(), length) != lengths.end()) return;
  throw Error(what + ": axis " + std::to_string(*axis) + " is vec of length " +
              std::to_string(length) + ", but the " + std::string(target_name(target)) +
              " target has vector types of lengths " + lengths_text(lengths) +
              " only; split the axis to one of those (split_array_axis) or tag it c");
}

}  // namespace

void check_vec_lengths(const LoopKernel& kernel, Target target) {
  for (const KernelArgument& arg : kernel.args) {
    if (arg.is_array())
      check_vec_length("array '" + arg.name + "'", arg.dim_tags, arg.shape, target);
  }
  for (const Temporary& temporary : kernel.temporaries) {
    check_vec_length("temporary '" + temporary.name + "'", temporary.dim_tags, temporary.shape,
                     target);
  }
}

int64_t temporary_storage_extent(const Temporary& temporary) {
  std::vector<ExprPtr> strides = array_strides(temporary);
  int64_t last = 0;
  for (std::size_t axis = 0; axis < temporary.shape.size(); ++axis) {
    const ExprPtr& extent = temporary.shape[axis];
    if (extent->kind != ExprKind::IntLiteral) {
      throw Error("temporary '" + temporary.name + "' has a non-constant shape (" +
                  to_string(extent) + "); private temporaries need constant shapes: fix the parameters it uses (fix_parameters, as "
                  "loopy's recipes do before generating code) or give it a constant shape");
    }
    if (strides[axis]->kind != ExprKind::IntLiteral) {
      throw Error("temporary '" + temporary.name + "' has a non-constant stride along axis " +
                  std::to_string(axis) + " (" + to_string(strides[axis]) + ")");
    }
    if (extent->int_value == 0) return 0;
    last += (extent->int_value - 1) * strides[axis]->int_value;
  }
  if (std::optional<std::size_t> axis = swizzle_axis(temporary.dim_tags)) {
    // Column blocks: index c of the swizzled axis lies at (c / row) * atom + c % row, not at c.
    std::optional<int64_t> atom = swizzle_atom_stride("temporary '" + temporary.name + "'", temporary.dim_tags);
    int64_t extent = temporary.shape[*axis]->int_value;
    if (atom && temporary.dtype) {
      int64_t row = swizzle_row_elements(*temporary.dtype);
      last += ((extent - 1) / row) * *atom + std::min(extent - 1, row - 1) - (extent - 1);
    } else if (atom) {
      throw Error("temporary '" + temporary.name + "': the size of a swizzle128:N layout needs the element type");
    }
    // The permutation moves chunks within a 128-byte row, so the storage covers whole rows; it
    // covers whole 1024-byte blocks (8 rows, one period of the pattern), as wgmma's descriptors
    // need. Before type inference the element size is not known: 1024 elements covers any.
    int64_t block = temporary.dtype ? kSwizzleBlockBytes / static_cast<int64_t>(dtype_size(*temporary.dtype))
                                    : kSwizzleBlockBytes;
    return (last + 1 + block - 1) / block * block;
  }
  return last + 1;
}

}  // namespace loom
