#include "lang/instruction_options.hpp"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>

#include "lang/expression_lexer.hpp"
#include "lang/expression_parser.hpp"
#include "loom/error.hpp"

namespace loom::lang {

void add_predicate(std::vector<ExprPtr>& predicates, const ExprPtr& predicate) {
  bool present = std::any_of(predicates.begin(), predicates.end(), [&](const ExprPtr& existing) {
    return structurally_equal(*existing, *predicate);
  });
  if (!present) predicates.push_back(predicate);
}

namespace {

// A piece of the line with its position, so that errors point at it.
struct Piece {
  std::string_view text;
  std::size_t position = 0;
};

Piece trimmed(std::string_view line, std::size_t begin, std::size_t end) {
  while (begin < end && (line[begin] == ' ' || line[begin] == '\t')) ++begin;
  while (end > begin && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
  return {line.substr(begin, end - begin), begin};
}

std::vector<Piece> split(std::string_view line, Piece whole, char separator) {
  std::vector<Piece> pieces;
  std::size_t begin = whole.position;
  std::size_t end = whole.position + whole.text.size();
  while (true) {
    std::size_t stop = line.find(separator, begin);
    if (stop == std::string_view::npos || stop > end) stop = end;
    pieces.push_back(trimmed(line, begin, stop));
    if (stop == end) return pieces;
    begin = stop + 1;
  }
}

struct OptionItem {
  Piece key;
  std::optional<Piece> value;
};

class OptionApplier {
 public:
  OptionApplier(std::string_view line, bool in_with_block, InstructionOptions& options)
      : line_(line), in_with_block_(in_with_block), options_(options) {}

  void apply(const OptionItem& item) {
    using Handler = void (OptionApplier::*)(Piece);
    static const std::map<std::string_view, Handler> handlers = {
        {"id", &OptionApplier::apply_id},
        {"id_prefix", &OptionApplier::apply_id_prefix},
        {"dep", &OptionApplier::apply_dep},
        {"nosync", &OptionApplier::apply_nosync},
        {"inames", &OptionApplier::apply_inames},
        {"priority", &OptionApplier::apply_priority},
        {"tags", &OptionApplier::apply_tags},
        {"if", &OptionApplier::apply_if},
        {"mem_kind", &OptionApplier::apply_mem_kind},
        {"dup", &OptionApplier::apply_dup},
    };
    static const std::set<std::string_view> unsupported = {"atomic", "dep_query", "nosync_query", "groups",
                                                           "conflicts"};
    std::string key(item.key.text);
    if (unsupported.count(key) != 0) {
      fail("instruction option '" + key + "' is not supported by loom", item.key);
    }
    auto handler = handlers.find(key);
    if (handler == handlers.end()) {
      // `{dep=a,b}`: a bare word after a list option is mostly its second element.
      std::string hint = item.value ? "" : " (options are separated by ',', the elements of a list option by ':', "
                                           "as in dep=a:b or inames=i:j)";
      fail("unknown instruction option '" + key + "'" + hint, item.key);
    }
    if (key == "inames" && item.value && item.value->text.empty()) {
      // loopy's `inames=`: within no loop, and no iname inferred (an instruction after a loop).
      options_.within_inames.clear();
      options_.inames_explicit = true;
      return;
    }
    if (!item.value || item.value->text.empty()) {
      fail("instruction option '" + key + "' needs a value (" + key + "=...)", item.key);
    }
    (this->*handler->second)(*item.value);
  }

 private:
  [[noreturn]] void fail(const std::string& reason, const Piece& at) const {
    throw ParseError(reason, std::string(line_), static_cast<int>(at.position) + 1);
  }

  void require_identifier(const Piece& piece, const std::string& what) const {
    if (!is_identifier(piece.text)) {
      fail(what + " '" + std::string(piece.text) + "' must be an identifier", piece);
    }
  }

  // Colon-separated entries; empty ones are typos (a::b), so they are refused.
  std::vector<Piece> entries(const Piece& value, const std::string& option) const {
    std::vector<Piece> pieces = split(line_, value, ':');
    for (const Piece& piece : pieces) {
      if (piece.text.empty()) fail("empty entry in '" + option + "='", value);
    }
    return pieces;
  }

  // loopy's `dup=i:j->j2`: this instruction runs in its own copy of each iname.
  void apply_dup(Piece value) {
    if (in_with_block_) fail("option 'dup' is not allowed in a 'with' block (as in loopy)", value);
    for (const Piece& entry : entries(value, "dup")) {
      std::size_t arrow = entry.text.find("->");
      if (arrow == std::string_view::npos) {
        require_identifier(entry, "iname to duplicate");
        options_.inames_to_dup.emplace_back(std::string(entry.text), "");
        continue;
      }
      Piece old_iname = trimmed(line_, entry.position, entry.position + arrow);
      Piece new_iname = trimmed(line_, entry.position + arrow + 2, entry.position + entry.text.size());
      require_identifier(old_iname, "iname to duplicate");
      require_identifier(new_iname, "new iname");
      options_.inames_to_dup.emplace_back(std::string(old_iname.text), std::string(new_iname.text));
    }
  }

  void apply_id(Piece value) {
    if (in_with_block_) {
      fail(
          "option 'id' is not allowed in a 'with' block: ids name single instructions "
          "(use id_prefix)",
          value);
    }
    require_identifier(value, "instruction id");
    options_.id = value.text;
  }

  void apply_id_prefix(Piece value) {
    require_identifier(value, "id_prefix");
    options_.id_prefix = value.text;
  }

  // A leading '*' means "exactly these": no automatic single-writer dependencies.
  void apply_dep(Piece value) {
    if (value.text.starts_with('*')) {
      options_.dep_exhaustive = true;
      value = trimmed(line_, value.position + 1, value.position + value.text.size());
      if (value.text.empty()) return;
    }
    for (const Piece& pattern : entries(value, "dep")) options_.dep_patterns.emplace(pattern.text);
  }

  // `match@scope`, scope local, global or any (the default).
  void apply_nosync(Piece value) {
    for (const Piece& entry : entries(value, "nosync")) {
      std::vector<Piece> parts = split(line_, entry, '@');
      if (parts.size() > 2 || parts[0].text.empty()) {
        fail("nosync entry '" + std::string(entry.text) + "' must be 'id' or 'id@scope'", entry);
      }
      NoSyncWith no_sync{std::string(parts[0].text), SyncScope::Any};
      if (parts.size() == 2) no_sync.scope = parse_scope(parts[1]);
      options_.no_sync_with.push_back(no_sync);
    }
  }

  SyncScope parse_scope(const Piece& scope) const {
    if (scope.text == "local") return SyncScope::Local;
    if (scope.text == "global") return SyncScope::Global;
    if (scope.text == "any") return SyncScope::Any;
    fail("unknown nosync scope '" + std::string(scope.text) + "': expected local, global or any",
         scope);
  }

  // `inames=i:j` fixes the inames exactly; `inames=+i` adds to those of the enclosing blocks.
  void apply_inames(Piece value) {
    bool adding = value.text.starts_with('+');
    if (adding) value = trimmed(line_, value.position + 1, value.position + value.text.size());
    std::set<std::string> inames;
    for (const Piece& iname : entries(value, "inames")) {
      require_identifier(iname, "iname");
      inames.emplace(iname.text);
    }
    if (adding) {
      options_.within_inames.insert(inames.begin(), inames.end());
    } else {
      options_.within_inames = std::move(inames);
      options_.inames_explicit = true;
    }
  }

  void apply_priority(Piece value) {
    int priority = 0;
    const char* end = value.text.data() + value.text.size();
    auto [stop, error] = std::from_chars(value.text.data(), end, priority);
    if (error != std::errc() || stop != end) {
      fail("priority must be an integer, got '" + std::string(value.text) + "'", value);
    }
    options_.priority = priority;
  }

  void apply_tags(Piece value) {
    for (const Piece& tag : entries(value, "tags")) {
      require_identifier(tag, "tag");
      options_.tags.emplace(tag.text);
    }
  }

  // Predicates, ':'-separated: each an expression, as loopy parses them (`{if=i % 2 == 0}`,
  // `{if=not flag}`); `!v` negates a variable.
  void apply_if(Piece value) {
    for (Piece entry : entries(value, "if")) {
      bool negated = entry.text.starts_with('!');
      if (negated) entry = trimmed(line_, entry.position + 1, entry.position + entry.text.size());
      if (!negated && !is_identifier(entry.text)) {
        add_predicate(options_.predicates, parse_expression_in(line_, entry.position, entry.position + entry.text.size()));
        continue;
      }
      require_identifier(entry, "predicate variable");
      auto predicate = std::make_shared<Expr>(*variable(std::string(entry.text)));
      predicate->column = static_cast<int>(entry.position) + 1;
      if (!negated) {
        add_predicate(options_.predicates, predicate);
        continue;
      }
      auto negation = std::make_shared<Expr>(*unary(UnaryOp::LogicalNot, predicate));
      negation->column = predicate->column - 1;
      add_predicate(options_.predicates, negation);
    }
  }

  void apply_mem_kind(Piece value) {
    if (value.text == "local") {
      options_.mem_kind = SyncScope::Local;
    } else if (value.text == "global") {
      options_.mem_kind = SyncScope::Global;
    } else {
      fail("mem_kind must be 'local' or 'global', got '" + std::string(value.text) + "'", value);
    }
  }

  std::string_view line_;
  bool in_with_block_;
  InstructionOptions& options_;
};

OptionItem parse_item(std::string_view line, const Piece& text) {
  std::size_t equals = line.find('=', text.position);
  std::size_t end = text.position + text.text.size();
  if (equals == std::string_view::npos || equals >= end) return {text, std::nullopt};
  return {trimmed(line, text.position, equals), trimmed(line, equals + 1, end)};
}

}  // namespace

std::set<std::string> apply_options(std::string_view line, std::size_t open_brace,
                                    std::size_t close_brace, bool in_with_block,
                                    InstructionOptions& options) {
  std::set<std::string> written;
  OptionApplier applier(line, in_with_block, options);
  for (const Piece& text : split(line, trimmed(line, open_brace + 1, close_brace), ',')) {
    if (text.text.empty()) {
      throw ParseError("empty instruction option", std::string(line),
                       static_cast<int>(text.position) + 1);
    }
    OptionItem item = parse_item(line, text);
    applier.apply(item);
    written.emplace(item.key.text);
  }
  return written;
}

}  // namespace loom::lang
