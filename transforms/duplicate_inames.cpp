// duplicate_inames (loopy's transform/iname.py): gives some instructions their own copy of an
// iname, so they run in a loop of their own.
//
//   {[i]: 0<=i<n}   b[i] = 2*a[i] {id=fill}   c[i] = b[i] + 1 {id=use, dep=fill}
// duplicate_inames(["i"], within="id:use") →
//   {[i, i_0]: 0<=i<n and 0<=i_0<n}   b[i] = 2*a[i] {id=fill}   c[i_0] = b[i_0] + 1 {id=use,
//   dep=fill}
//
// The copy has the same constraints as the original (it is added to the same domain), and takes
// the original's place in the matched instructions: within_inames, expressions and reductions.
// Names come from `new_inames`, else <iname><suffix> (uniquified), else <iname>_0, <iname>_1, ...
// (the first free one). `tags` tags the copies; its keys may name the copy or (as in loopy) the
// original iname. Copies do not inherit the original's tag. The original iname stays in the
// domain even when no instruction uses it any more (remove_unused_inames removes it).
//
// Running instructions in a separate loop changes the order of instances, so the result is
// checked against the dependences: splitting a recurrence between two instructions of one loop
// is refused. So is moving a reader, or a reduction reading through a substitution rule, away
// from a temporary another instruction writes once per iteration of the loop
// (check_temporaries_stay_in_their_readers_loops, which every transform runs).
//
// Refuses: an unknown iname or one listed twice, new_inames of the wrong length, new names that
// exist already or are not identifiers, tags for inames that are not duplicated, a `within` that
// matches no instruction using an iname, and copies the kernel cannot express (check_copyable).
#include <algorithm>
#include <set>

#include "ir/match.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

void check_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                  const DuplicateOptions& options) {
  if (inames.empty()) throw Error("duplicate_inames: give at least one iname to duplicate");
  std::set<std::string> seen;
  for (const std::string& iname : inames) {
    require_iname(kernel, iname, "duplicate_inames");
    if (!seen.insert(iname).second)
      throw Error("duplicate_inames: iname '" + iname + "' is listed twice");
  }
  if (!options.new_inames.empty() && options.new_inames.size() != inames.size()) {
    throw Error("duplicate_inames: new_inames (" + joined(options.new_inames) +
                ") must name one copy per iname (" + joined(inames) + ")");
  }
}

// old → new, in the order of `inames`.
std::map<std::string, std::string> copy_names(const LoopKernel& kernel,
                                              const std::vector<std::string>& inames,
                                              const DuplicateOptions& options) {
  std::map<std::string, std::string> copies;
  std::set<std::string> taken;
  for (std::size_t k = 0; k < inames.size(); ++k) {
    std::string name;
    if (!options.new_inames.empty()) {
      name = options.new_inames[k];
      require_identifier(name, "duplicate_inames");
      if (name_taken(kernel, name) || taken.count(name) != 0) {
        throw Error("duplicate_inames: the new iname '" + name + "' is already used in the kernel");
      }
    } else {
      std::string base = inames[k] + options.suffix.value_or("");
      require_identifier(base, "duplicate_inames");
      name = unused_name(kernel, base, taken);
    }
    taken.insert(name);
    copies[inames[k]] = name;
  }
  return copies;
}

// Tags by copy name; keys naming the original iname are loopy's spelling.
std::map<std::string, InameTag> copy_tags(const std::map<std::string, std::string>& copies,
                                          const std::map<std::string, std::string>& tags) {
  std::map<std::string, InameTag> result;
  for (const auto& [key, text] : tags) {
    std::string copy = key;
    if (auto found = copies.find(key); found != copies.end()) copy = found->second;
    bool is_copy = std::any_of(copies.begin(), copies.end(),
                               [&](const auto& entry) { return entry.second == copy; });
    if (!is_copy) {
      throw Error("duplicate_inames: tags name '" + key +
                  "', which is neither a duplicated iname nor a copy");
    }
    try {
      result[copy] = parse_iname_tag(text);
    } catch (const Error& error) {
      throw Error(std::string("duplicate_inames: ") + error.what());
    }
  }
  return result;
}

TransformCall recorded_call(const std::vector<std::string>& inames,
                            const DuplicateOptions& options) {
  TransformCall call{"duplicate_inames", {{"inames", inames}}};
  if (options.within) call.arguments["within"] = *options.within;
  if (!options.new_inames.empty()) call.arguments["new_inames"] = options.new_inames;
  if (options.suffix) call.arguments["suffix"] = *options.suffix;
  if (!options.tags.empty()) call.arguments["tags"] = options.tags;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel duplicate_inames(const LoopKernel& kernel, const std::vector<std::string>& inames,
                            const DuplicateOptions& options) {
  TransformCall call = recorded_call(inames, options);
  // Step 1: checks and names.
  check_inames(kernel, inames, options);
  std::map<std::string, std::string> copies = copy_names(kernel, inames, options);
  std::map<std::string, InameTag> tags = copy_tags(copies, options.tags);
  InstructionMatch within =
      options.within ? InstructionMatch::parse(*options.within) : InstructionMatch::all();
  std::set<std::string> copied_ids;
  for (const std::string& iname : inames) {
    bool matched = false;
    for (const Instruction& instruction : kernel.instructions) {
      if (!uses_iname(instruction, iname) || !within.matches(kernel, instruction)) continue;
      copied_ids.insert(instruction.id);
      matched = true;
    }
    if (!matched) {
      throw Error("duplicate_inames: " +
                  (options.within ? "within='" + *options.within + "' matches" : "there is") +
                  " no instruction that uses '" + iname + "'");
    }
  }
  check_copyable(kernel, copies, copied_ids, "duplicate_inames",
                 [](const std::string& bounded, const std::string&) {
                   return "duplicate '" + bounded + "' as well";
                 });
  // Step 2: add the copies to the domains, switch the matched instructions, tag.
  LoopKernel result = kernel;
  with_isl_errors("duplicate_inames", [&] { add_iname_copies(result, copies); });
  for (Instruction& instruction : result.instructions) {
    if (copied_ids.count(instruction.id) != 0) rename_inames_in(instruction, copies);
  }
  for (const auto& [copy, tag] : tags) result.iname_tags[copy] = tag;
  for (const std::string& iname : inames) {
    result.iname_rewrites.push_back(
        {"duplicate_inames", {iname}, {copies[iname]}, iname + " = " + copies[iname]});
  }
  // Step 3: trace dependences and check (the copies are separate loops).
  // Built only where the kernel has dependences to trace through it (issue 26, front22).
  auto rewrite = [&](const LoopKernel& after) {
    return with_isl_errors("duplicate_inames", [&] {
      return instance_rewrite(kernel, after, [&](const Instruction& old) -> std::string {
        if (copied_ids.count(old.id) == 0) return "";
        std::string constraints;
        for (const auto& [iname, copy] : copies) {
          if (old.within_inames.count(iname) == 0) continue;
          constraints += (constraints.empty() ? "" : " and ") + ("old_" + iname + " = " + copy);
        }
        return constraints;
      });
    });
  };
  return finish_transform(kernel, std::move(result), call, std::function<isl::union_map(const LoopKernel&)>(rewrite),
                          options.unchecked);
}

LOOM_REGISTER_TRANSFORM(duplicate_inames) {
  registry.add({"duplicate_inames",
                "give the matched instructions their own copy of inames",
                {{"inames", ParameterType::InameList, true},
                 {"within", ParameterType::Match, false, true},
                 {"new_inames", ParameterType::InameList, false, true},
                 {"suffix", ParameterType::String, false, true},
                 {"tags", ParameterType::TagMap, false, true}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  DuplicateOptions options;
                  options.within = args.optional_string("within");
                  options.new_inames = args.names("new_inames");
                  options.suffix = args.optional_string("suffix");
                  options.tags = args.tag_map("tags");
                  options.unchecked = args.unchecked();
                  return duplicate_inames(kernel, args.names("inames"), options);
                }});
}

}  // namespace loom
