// chunk_iname (loopy's transform/iname.py): splits an iname into `num_chunks` contiguous chunks;
// the outer iname numbers the chunk.
//
//   {[i]: 0<=i<100}   out[i] = 2*a[i]
// chunk_iname("i", 4) → split_iname("i", 25):
//   {[i_outer, i_inner]: 0<=i_inner<25 and 0<=25*i_outer+i_inner<100}
//
// The chunk length is L = ceil(extent / num_chunks), so at most num_chunks chunks of L iterations
// each; the last may be shorter, and fewer chunks may be needed (extent 9 in 4 chunks: L = 3, three
// chunks). loopy balances chunk lengths with a `min` in the index expression; loom keeps the plain
// split, whose index is affine. The result is exactly split_iname(iname, L) and is recorded as the
// chunk_iname call. Refuses: an extent that is not a constant (L would be ceil(n/num_chunks), not
// affine: split by a fixed length or fix_parameters first), a num_chunks below 1, and everything
// split_iname refuses (its messages prefixed with this call).
#include <isl/aff.h>
#include <isl/set.h>

#include <sstream>

#include "ir/isl_expr.hpp"
#include "ir/isl_extra.hpp"
#include "loom/error.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

// max - min + 1 of `iname` over its domain (other inames projected out), as a function of the
// parameters, under the kernel's assumptions.
isl::pw_aff iname_extent(const LoopKernel& kernel, const std::string& iname) {
  const Domain& domain = *kernel.domain_of_iname(iname);
  isl::set alone = param_form(domain).intersect_params(isl_set_of(kernel.assumptions));
  for (const std::string& other : domain.inames) {
    if (other != iname) alone = isl_extra::project_out_param(alone, other);
  }
  isl::set range =
      isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(alone.release())), {iname}, "");
  isl_pw_aff* high = isl_set_dim_max(range.copy(), 0);
  isl_pw_aff* low = isl_set_dim_min(range.copy(), 0);
  isl_pw_aff* extent =
      isl_pw_aff_add_constant_val(isl_pw_aff_sub(high, low), isl_val_one(range.ctx().get()));
  return isl_extra::checked(isl::manage(isl_pw_aff_coalesce(extent)), range.ctx().get());
}

std::optional<int64_t> constant_value(const isl::pw_aff& extent) {
  if (isl_pw_aff_n_piece(extent.get()) == 0) return 0;  // no iterations at all
  // Static bounds rather than isl_pw_aff_is_cst: under "n = 37" the extent may read n.
  // isl cannot bound some extents (a strided range's has divisions) and returns NULL, which
  // isl::manage would throw on (found by the transform fuzzer): not constant, then.
  isl_val* low_raw = isl_pw_aff_min_val(extent.copy());
  isl_val* high_raw = isl_pw_aff_max_val(extent.copy());
  if (low_raw == nullptr || high_raw == nullptr) {
    isl_val_free(low_raw);
    isl_val_free(high_raw);
    return std::nullopt;
  }
  isl::val low = isl::manage(low_raw);
  isl::val high = isl::manage(high_raw);
  if (!low.is_int() || !high.is_int() || !low.eq(high)) return std::nullopt;
  return high.get_num_si();
}

std::string extent_text(const isl::pw_aff& extent) {
  if (std::optional<ExprPtr> expr = pw_aff_to_expr(extent)) return to_string(*expr);
  std::ostringstream out;
  out << extent;
  return out.str();
}

int64_t chunk_length(const LoopKernel& kernel, const std::string& iname, int64_t num_chunks) {
  isl::pw_aff extent = with_isl_errors("chunk_iname", [&] { return iname_extent(kernel, iname); });
  std::optional<int64_t> constant = constant_value(extent);
  if (!constant) {
    std::string text = extent_text(extent);
    bool simple = text.find_first_of(" +-*/") == std::string::npos;
    throw Error("chunk_iname: the extent of '" + iname + "' (" + text +
                ") is not constant, so the chunk length ceil(" +
                (simple ? text : "(" + text + ")") + "/" + std::to_string(num_chunks) +
                ") is not affine; use split_iname with a fixed length, or fix_parameters first");
  }
  int64_t length = (*constant + num_chunks - 1) / num_chunks;
  return std::max<int64_t>(length, 1);
}

TransformCall recorded_call(const std::string& iname, int64_t num_chunks,
                            const ChunkOptions& options) {
  TransformCall call{"chunk_iname", {{"iname", iname}, {"num_chunks", num_chunks}}};
  auto add = [&](const char* name, const std::optional<std::string>& value) {
    if (value) call.arguments[name] = *value;
  };
  add("outer_iname", options.outer_iname);
  add("inner_iname", options.inner_iname);
  add("outer_tag", options.outer_tag);
  add("inner_tag", options.inner_tag);
  add("within", options.within);
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel chunk_iname(const LoopKernel& kernel, const std::string& iname, int64_t num_chunks,
                       const ChunkOptions& options) {
  TransformCall call = recorded_call(iname, num_chunks, options);
  std::string call_text = "chunk_iname(\"" + iname + "\", " + std::to_string(num_chunks) + ")";
  // Step 1: checks and the chunk length.
  require_iname(kernel, iname, "chunk_iname");
  if (num_chunks < 1)
    throw Error(call_text + ": num_chunks must be at least 1, got " + std::to_string(num_chunks));
  int64_t length = chunk_length(kernel, iname, num_chunks);
  // Step 2: the split itself, reported as this call.
  SplitOptions split;
  split.outer_iname = options.outer_iname;
  split.inner_iname = options.inner_iname;
  split.outer_tag = options.outer_tag;
  split.inner_tag = options.inner_tag;
  split.within = options.within;
  split.unchecked = options.unchecked;
  std::string context =
      call_text + " (a split by the chunk length " + std::to_string(length) + "): ";
  LoopKernel result;
  try {
    result = split_iname(kernel, iname, length, split);
  } catch (const ParseError&) {
    throw;  // a malformed `within`: the message already shows the text and column
  } catch (const LegalityError& error) {
    throw LegalityError(context + error.what());
  } catch (const Error& error) {
    throw Error(context + error.what());
  }
  LOOM_ASSERT(!result.applied_transforms.empty() && !result.iname_rewrites.empty(),
              "split_iname recorded no call");
  result.applied_transforms.back() = {"chunk_iname", to_string(call)};
  result.iname_rewrites.back().transform = "chunk_iname";
  return result;
}

LOOM_REGISTER_TRANSFORM(chunk_iname) {
  registry.add({"chunk_iname",
                "split an iname into num_chunks contiguous chunks (outer = chunk number)",
                {{"iname", ParameterType::String, true},
                 {"num_chunks", ParameterType::Integer, true},
                 {"outer_iname", ParameterType::String, false, true},
                 {"inner_iname", ParameterType::String, false, true},
                 {"outer_tag", ParameterType::String, false, true},
                 {"inner_tag", ParameterType::String, false, true},
                 {"within", ParameterType::Match, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  ChunkOptions options;
                  options.outer_iname = args.optional_string("outer_iname");
                  options.inner_iname = args.optional_string("inner_iname");
                  options.outer_tag = args.optional_string("outer_tag");
                  options.inner_tag = args.optional_string("inner_tag");
                  options.within = args.optional_string("within");
                  options.unchecked = args.unchecked();
                  return chunk_iname(kernel, args.string("iname"), args.integer("num_chunks"),
                                     options);
                }});
}

}  // namespace loom
