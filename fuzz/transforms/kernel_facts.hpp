// What a kernel has at one point of a transform sequence, as the fuzzer's proposers need it: its
// inames with their extents, tags and users, the hardware axes in use, the arrays read, the
// temporaries and rules. A user picks a schedule's parameters from the same facts.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom::fuzz {

struct InameFacts {
  std::string name;
  std::optional<int64_t> extent;      // a constant extent, if it has one
  InameTag tag;
  bool reduction = false;             // some reduction runs over it
  bool bounds_another = false;        // another iname's domain is bounded by it (j <= i)
  bool strided = false;               // its domain has a stride (i mod 2 = 0)
  std::set<std::string> instructions; // the instructions within it (or reducing over it)
};

struct KernelFacts {
  std::vector<InameFacts> inames;          // the domain strings' order
  std::set<std::string> used_axes;         // "g.0", "l.1", ... tagged somewhere
  std::vector<std::string> arrays_read;    // arrays (arguments) some instruction reads
  std::map<std::string, std::set<std::string>> readers;  // array → the instructions reading it
  std::vector<std::string> outputs;        // arrays some instruction writes
  std::vector<std::string> temporaries;
  std::vector<std::string> private_temporaries;
  std::vector<std::string> rules;          // substitution rules
  std::vector<std::string> instruction_ids;
  std::vector<std::string> multi_iname_reductions;  // reductions over two inames or more: an iname of each

  const InameFacts* find(const std::string& iname) const;
  // The inames some instruction reading `array` runs in (or reduces over).
  std::vector<std::string> inames_reading(const std::string& array) const;
  // The inames of `facts` that satisfy `keep`.
  template <typename Keep>
  std::vector<std::string> inames_where(Keep keep) const {
    std::vector<std::string> names;
    for (const InameFacts& iname : inames)
      if (keep(iname)) names.push_back(iname.name);
    return names;
  }
};

KernelFacts kernel_facts(const LoopKernel& kernel);

}  // namespace loom::fuzz
