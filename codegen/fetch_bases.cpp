#include "codegen/fetch_bases.hpp"

#include <cstdlib>
#include <map>
#include <set>
#include <vector>

namespace loom::codegen {

namespace {

using cast::Expr;
using cast::ExprKind;
using cast::ExprPtr;
using cast::Stmt;
using cast::StmtKind;
using cast::StmtPtr;

bool is_integer(DType dtype) { return is_integral(dtype) && dtype != DType::Bool; }

bool mentions(const Expr& expr, const std::set<std::string>& names) {
  if ((expr.kind == ExprKind::Var || expr.kind == ExprKind::Load) && names.count(expr.name) != 0) return true;
  for (const ExprPtr& arg : expr.args) {
    if (mentions(*arg, names)) return true;
  }
  return false;
}

// A sum or product of non-negative literals and names known to be non-negative (no loads: a value
// read from memory may be anything).
bool non_negative(const Expr& expr, const std::set<std::string>& known) {
  switch (expr.kind) {
    case ExprKind::IntConst: return expr.int_value >= 0;
    case ExprKind::Var: return known.count(expr.name) != 0;
    case ExprKind::HardwareIndex: return true;
    case ExprKind::Cast: return is_integer(expr.dtype) && is_integer(expr.args[0]->dtype) && non_negative(*expr.args[0], known);
    case ExprKind::Binary:
      return (expr.op == "+" || expr.op == "*") && non_negative(*expr.args[0], known) && non_negative(*expr.args[1], known);
    default: return false;
  }
}

// The summands of an integer sum, left to right.
void summands(const ExprPtr& expr, std::vector<ExprPtr>& out) {
  if (expr->kind == ExprKind::Binary && expr->op == "+" && is_integer(expr->dtype)) {
    summands(expr->args[0], out);
    summands(expr->args[1], out);
    return;
  }
  out.push_back(expr);
}

ExprPtr sum_of(const std::vector<ExprPtr>& terms, DType dtype) {
  ExprPtr sum = terms.front();
  for (std::size_t k = 1; k < terms.size(); ++k) sum = cast::binary("+", sum, terms[k], dtype);
  return sum;
}

// A structural key of an expression (equal keys: the same value).
std::string key_of(const Expr& expr) {
  std::string out = std::to_string(static_cast<int>(expr.kind)) + ":" + std::to_string(static_cast<int>(expr.dtype)) + ":" +
                    std::to_string(expr.int_value) + ":" + expr.name + ":" + expr.op + ":" + std::to_string(expr.vector_width) + "(";
  for (const ExprPtr& arg : expr.args) out += key_of(*arg) + ",";
  return out + ")";
}

// Every name a statement declares, iterates or assigns, and every name it reads.
void names_in(const Stmt& stmt, std::set<std::string>& bound, std::set<std::string>* used) {
  auto use = [&](const ExprPtr& expr) {
    if (used == nullptr || !expr) return;
    std::vector<const Expr*> stack{expr.get()};
    while (!stack.empty()) {
      const Expr* node = stack.back();
      stack.pop_back();
      if (node->kind == ExprKind::Var || node->kind == ExprKind::Load) used->insert(node->name);
      for (const ExprPtr& arg : node->args) stack.push_back(arg.get());
    }
  };
  if (stmt.kind == StmtKind::Declare || stmt.kind == StmtKind::For) bound.insert(stmt.name);
  if (stmt.kind == StmtKind::Assign && stmt.target->kind == ExprKind::Var) bound.insert(stmt.target->name);
  use(stmt.init);
  use(stmt.condition);
  use(stmt.target);
  use(stmt.value);
  for (const ExprPtr& element : stmt.initial_elements) use(element);
  for (const StmtPtr& child : stmt.body) names_in(*child, bound, used);
}

// A loop that C or CUDA unrolls completely keeps no run-time iterator to strength-reduce.
bool runs_at_run_time(const Stmt& loop) {
  return loop.pragma != "unroll" && loop.step >= 1;
}

// The read loads of a statement tree (not the assigned elements; not the operands of loom's own
// helpers, which may take addresses), each node once.
void loads_in(const ExprPtr& expr, std::vector<const Expr*>& out, std::set<const Expr*>& seen) {
  if (!expr) return;
  if (expr->kind == ExprKind::Call && expr->name.rfind("loom_", 0) == 0) return;
  if (expr->kind == ExprKind::Load && seen.insert(expr.get()).second) out.push_back(expr.get());
  for (const ExprPtr& arg : expr->args) loads_in(arg, out, seen);
}

void loads_in(const Stmt& stmt, std::vector<const Expr*>& out, std::set<const Expr*>& seen) {
  loads_in(stmt.init, out, seen);
  loads_in(stmt.condition, out, seen);
  loads_in(stmt.value, out, seen);
  if (stmt.target && stmt.target->kind == ExprKind::Load) {
    for (const ExprPtr& arg : stmt.target->args) loads_in(arg, out, seen);
  }
  for (const StmtPtr& child : stmt.body) loads_in(*child, out, seen);
}

ExprPtr replaced(const ExprPtr& expr, const std::map<const Expr*, ExprPtr>& replacements) {
  if (!expr) return expr;
  auto found = replacements.find(expr.get());
  if (found != replacements.end()) return found->second;
  bool changed = false;
  std::vector<ExprPtr> args;
  for (const ExprPtr& arg : expr->args) {
    args.push_back(replaced(arg, replacements));
    changed = changed || args.back() != arg;
  }
  if (!changed) return expr;
  Expr copy = *expr;
  copy.args = std::move(args);
  return std::make_shared<const Expr>(std::move(copy));
}

StmtPtr replaced(const StmtPtr& stmt, const std::map<const Expr*, ExprPtr>& replacements) {
  Stmt copy = *stmt;
  copy.init = replaced(stmt->init, replacements);
  copy.condition = replaced(stmt->condition, replacements);
  copy.value = replaced(stmt->value, replacements);
  if (stmt->target && stmt->target->kind == ExprKind::Load) {
    Expr target = *stmt->target;
    for (ExprPtr& arg : target.args) arg = replaced(arg, replacements);
    copy.target = std::make_shared<const Expr>(std::move(target));
  }
  for (StmtPtr& child : copy.body) child = replaced(child, replacements);
  return std::make_shared<const Stmt>(std::move(copy));
}

// One read split into the summands that name the loop's iterator and those that do not.
struct SplitRead {
  const Expr* load;
  std::vector<ExprPtr> varying, fixed;
};

class FetchBases {
 public:
  FetchBases(const std::set<std::string>& read_only, std::set<std::string> taken)
      : read_only_(read_only), taken_(std::move(taken)) {}

  StmtPtr rewrite(const StmtPtr& stmt, std::set<std::string>& known) {
    switch (stmt->kind) {
      case StmtKind::Block: {
        Stmt copy = *stmt;
        std::set<std::string> inner = known;
        for (StmtPtr& child : copy.body) {
          child = rewrite(child, inner);
          if (child->kind == StmtKind::Declare && child->is_const && child->extent == 0 && child->vector_width == 0 &&
              child->init && is_integer(child->dtype) && non_negative(*child->init, inner)) {
            inner.insert(child->name);
          }
        }
        if (!copy.scoped) known = inner;  // an unscoped block's declarations stay visible
        return std::make_shared<const Stmt>(std::move(copy));
      }
      case StmtKind::If: {
        Stmt copy = *stmt;
        for (StmtPtr& child : copy.body) {
          std::set<std::string> inner = known;
          child = rewrite(child, inner);
        }
        return std::make_shared<const Stmt>(std::move(copy));
      }
      case StmtKind::For: {
        Stmt copy = *stmt;
        std::set<std::string> inner = known;
        bool counts_up_from_non_negative = stmt->step >= 1 && stmt->init && non_negative(*stmt->init, known);
        if (counts_up_from_non_negative) inner.insert(stmt->name);
        copy.body[0] = rewrite(stmt->body[0], inner);
        if (runs_at_run_time(*stmt) && counts_up_from_non_negative) copy.body[0] = with_bases(copy, inner);
        return std::make_shared<const Stmt>(std::move(copy));
      }
      default: return stmt;
    }
  }

 private:
  // `loop`'s body with its qualifying reads through one base an iteration.
  StmtPtr with_bases(const Stmt& loop, const std::set<std::string>& known) {
    const StmtPtr& body = loop.body[0];
    std::set<std::string> bound;
    names_in(*body, bound, nullptr);
    std::set<std::string> iterator{loop.name};
    std::vector<const Expr*> loads;
    std::set<const Expr*> seen;
    loads_in(*body, loads, seen);
    // Reads grouped by array and varying part, in order of first appearance.
    std::vector<std::string> order;
    std::map<std::string, std::vector<SplitRead>> groups;
    for (const Expr* load : loads) {
      if (load->vector_width != 0 || load->dtype == DType::Bool || read_only_.count(load->name) == 0 ||
          !is_integer(load->args[0]->dtype)) {
        continue;  // a bool array's storage type is its own (not `bool *`)
      }
      if (mentions(*load->args[0], bound)) continue;
      std::vector<ExprPtr> terms;
      summands(load->args[0], terms);
      SplitRead split{load, {}, {}};
      bool usable = true;
      for (const ExprPtr& term : terms) {
        usable = usable && non_negative(*term, known);
        (mentions(*term, iterator) ? split.varying : split.fixed).push_back(term);
      }
      if (!usable || split.varying.empty() || split.fixed.empty()) continue;
      std::string group = load->name + "|";
      for (const ExprPtr& term : split.varying) group += key_of(*term) + "+";
      if (groups.count(group) == 0) order.push_back(group);
      groups[group].push_back(std::move(split));
    }
    std::vector<StmtPtr> declarations;
    std::map<const Expr*, ExprPtr> replacements;
    for (const std::string& group : order) {
      const std::vector<SplitRead>& reads = groups[group];
      if (reads.size() < 2 || only_constants_apart(reads)) continue;
      const SplitRead& first = reads.front();
      std::vector<ExprPtr> common = common_terms(reads);
      std::string name = fresh(first.load->name + "_" + loop.name);
      Stmt base;
      base.kind = StmtKind::Declare;
      base.name = name;
      base.dtype = first.load->dtype;
      base.is_const = true;
      base.alias_of = first.load->name;
      std::vector<ExprPtr> offset = first.varying;
      offset.insert(offset.end(), common.begin(), common.end());
      base.init = sum_of(offset, first.load->args[0]->dtype);
      declarations.push_back(std::make_shared<const Stmt>(std::move(base)));
      for (const SplitRead& read : reads) {
        std::vector<ExprPtr> rest = without(read.fixed, common);
        DType index = read.load->args[0]->dtype;
        replacements[read.load] = cast::load(name, rest.empty() ? cast::int_const(0, index) : sum_of(rest, index), read.load->dtype);
      }
    }
    if (declarations.empty()) return body;
    StmtPtr rewritten = replaced(body, replacements);
    std::vector<StmtPtr> statements = declarations;
    if (rewritten->kind == StmtKind::Block && !rewritten->scoped) {
      statements.insert(statements.end(), rewritten->body.begin(), rewritten->body.end());
    } else {
      statements.push_back(rewritten);
    }
    return cast::block(statements);
  }

  // The fixed summands every read of the group has (in the first read's order): they go into the
  // base, so that a read's index keeps only what sets it apart (split-k's `a_dim_1 + 16 * s` was
  // otherwise added again to every row: 12 SASS instructions more in its k loop).
  static std::vector<ExprPtr> common_terms(const std::vector<SplitRead>& reads) {
    std::vector<ExprPtr> common = reads.front().fixed;
    for (const SplitRead& read : reads) common = shared(common, read.fixed);
    return common;
  }

  // The summands of `terms` that `others` also has (as many times as both have them).
  static std::vector<ExprPtr> shared(const std::vector<ExprPtr>& terms, const std::vector<ExprPtr>& others) {
    std::multiset<std::string> left;
    for (const ExprPtr& term : others) left.insert(key_of(*term));
    std::vector<ExprPtr> found;
    for (const ExprPtr& term : terms) {
      auto match = left.find(key_of(*term));
      if (match == left.end()) continue;
      left.erase(match);
      found.push_back(term);
    }
    return found;
  }

  // `terms` less one instance of each of `common`.
  static std::vector<ExprPtr> without(const std::vector<ExprPtr>& terms, const std::vector<ExprPtr>& common) {
    std::multiset<std::string> drop;
    for (const ExprPtr& term : common) drop.insert(key_of(*term));
    std::vector<ExprPtr> rest;
    for (const ExprPtr& term : terms) {
      auto match = drop.find(key_of(*term));
      if (match != drop.end()) {
        drop.erase(match);
        continue;
      }
      rest.push_back(term);
    }
    return rest;
  }

  // Whether the reads' fixed parts differ by literals only (then they share an address already).
  static bool only_constants_apart(const std::vector<SplitRead>& reads) {
    auto non_literal = [](const SplitRead& read) {
      std::vector<std::string> keys;
      for (const ExprPtr& term : read.fixed) {
        if (term->kind != ExprKind::IntConst) keys.push_back(key_of(*term));
      }
      return keys;
    };
    std::vector<std::string> first = non_literal(reads.front());
    for (const SplitRead& read : reads) {
      if (non_literal(read) != first) return false;
    }
    return true;
  }

  std::string fresh(const std::string& stem) {
    std::string name = stem;
    for (int k = 1; taken_.count(name) != 0; ++k) name = stem + "_" + std::to_string(k);
    taken_.insert(name);
    return name;
  }

  const std::set<std::string>& read_only_;
  std::set<std::string> taken_;
};

}  // namespace

cast::StmtPtr add_fetch_bases(const cast::StmtPtr& body, const std::set<std::string>& read_only_arrays,
                              const std::set<std::string>& non_negative) {
  std::set<std::string> taken, used;
  names_in(*body, taken, &used);
  taken.insert(used.begin(), used.end());
  taken.insert(read_only_arrays.begin(), read_only_arrays.end());
  FetchBases bases(read_only_arrays, taken);
  std::set<std::string> known = non_negative;
  return bases.rewrite(body, known);
}

bool fetch_bases_enabled() {
  const char* setting = std::getenv("LOOM_FETCH_BASES");
  return setting != nullptr && std::string(setting) == "1";
}

}  // namespace loom::codegen
