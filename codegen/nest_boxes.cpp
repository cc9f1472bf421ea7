#include "codegen/nest_boxes.hpp"

#include "codegen/fixed_bands.hpp"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace loom::codegen {

namespace {

std::atomic<int> made_boxes{0};

std::string mark_name(isl_schedule_node* mark) {
  isl_id* id = isl_schedule_node_mark_get_id(mark);
  std::string name = isl_id_get_name(id);
  isl_id_free(id);
  return name;
}

// Whether the subtree at `node` holds a band.
bool holds_band(isl_schedule_node* node) {
  if (isl_schedule_node_get_type(node) == isl_schedule_node_band) return true;
  isl_size children = isl_schedule_node_n_children(node);
  for (isl_size i = 0; i < children; ++i) {
    isl_schedule_node* child = isl_schedule_node_get_child(node, static_cast<int>(i));
    bool band = holds_band(child);
    isl_schedule_node_free(child);
    if (band) return true;
  }
  return false;
}

// The names of the statements a band's member is defined on.
std::vector<std::string> statements_of(isl_schedule_node* band) {
  isl_multi_union_pw_aff* schedule = isl_schedule_node_band_get_partial_schedule(band);
  isl_union_pw_aff* member = isl_multi_union_pw_aff_get_at(schedule, 0);
  isl_multi_union_pw_aff_free(schedule);
  std::vector<std::string> names;
  isl_union_pw_aff_foreach_pw_aff(
      member,
      [](isl_pw_aff* piece, void* user) -> isl_stat {
        isl_space* space = isl_pw_aff_get_domain_space(piece);
        const char* name = isl_space_get_tuple_name(space, isl_dim_set);
        static_cast<std::vector<std::string>*>(user)->push_back(name == nullptr ? "" : name);
        isl_space_free(space);
        isl_pw_aff_free(piece);
        return isl_stat_ok;
      },
      &names);
  isl_union_pw_aff_free(member);
  return names;
}

class BoxMaker {
 public:
  BoxMaker(const isl::schedule& problem, const LoopStyles& styles) : problem_(problem), styles_(styles) {}

  // Visits the subtree at `node` children first; returns the node at the same position.
  isl_schedule_node* visit(isl_schedule_node* node) {
    isl_size children = isl_schedule_node_n_children(node);
    for (isl_size i = 0; i < children; ++i) {
      node = isl_schedule_node_child(node, static_cast<int>(i));
      node = visit(node);
      node = isl_schedule_node_parent(node);
    }
    if (isl_schedule_node_get_type(node) != isl_schedule_node_mark) return node;
    std::string mark = mark_name(node);
    if (mark.rfind("loop ", 0) != 0) return node;
    std::string iname = mark.substr(5);
    if (isl_schedule_node_n_children(node) != 1) return node;
    isl_schedule_node* band = isl_schedule_node_get_child(node, 0);
    bool boxed = innermost_band(band) && is_box(band, iname);
    isl_schedule_node_free(band);
    if (!boxed) return node;
    made_boxes.fetch_add(1, std::memory_order_relaxed);
    node = isl_schedule_node_child(node, 0);
    node = isl_schedule_node_delete(node);  // the band: its child takes its place
    node = isl_schedule_node_parent(node);
    node = isl_schedule_node_delete(node);  // the loop mark
    isl_id* box = isl_id_alloc(isl_schedule_node_get_ctx(node), box_mark_name(iname).c_str(), nullptr);
    return isl_schedule_node_insert_mark(node, box);
  }

  bool any() const { return !boxed_.empty(); }

  // Each boxed statement's original space from its space without the boxed dimensions, at each
  // box's first value; every other statement's identity.
  isl_union_pw_multi_aff* pullback() const {
    isl_union_pw_multi_aff* result = nullptr;
    for (const auto& [name, set] : original_) {
      isl_space* old_space = isl_set_get_space(set.get());
      isl_space* new_space = isl_set_get_space(current_.at(name).get());
      isl_multi_aff* values = nullptr;
      auto found = boxed_.find(name);
      if (found == boxed_.end()) {
        isl_space_free(new_space);
        values = isl_multi_aff_identity(isl_space_map_from_set(old_space));
      } else {
        isl_local_space* from = isl_local_space_from_space(isl_space_copy(new_space));
        isl_space* map_space = isl_space_map_from_domain_and_range(new_space, isl_space_copy(old_space));
        isl_aff_list* list = isl_aff_list_alloc(isl_set_get_ctx(set.get()), 0);
        int count = isl_space_dim(old_space, isl_dim_set);
        int kept = 0;
        for (int pos = 0; pos < count; ++pos) {
          std::string dim = isl_space_get_dim_name(old_space, isl_dim_set, static_cast<unsigned>(pos));
          auto box = found->second.find(dim);
          isl_aff* aff = box != found->second.end()
                             ? isl_aff_val_on_domain(isl_local_space_copy(from),
                                                     isl_val_int_from_si(isl_set_get_ctx(set.get()), box->second))
                             : isl_aff_var_on_domain(isl_local_space_copy(from), isl_dim_set, static_cast<unsigned>(kept++));
          list = isl_aff_list_add(list, aff);
        }
        isl_local_space_free(from);
        isl_space_free(old_space);
        values = isl_multi_aff_from_aff_list(map_space, list);
      }
      isl_union_pw_multi_aff* one = isl_union_pw_multi_aff_from_multi_aff(values);
      result = result == nullptr ? one : isl_union_pw_multi_aff_union_add(result, one);
    }
    return result;
  }

  // The statements' boxed dims with the new boxes added (outer boxes after inner ones, as
  // ScheduleBuilder adds them), each group's members with their lead.
  void add_boxed_dims(KernelSchedule& schedule) const {
    for (const auto& [name, order] : box_order_) {
      std::vector<std::string> members{name};
      if (auto group = schedule.groups.find(name); group != schedule.groups.end()) members = group->second;
      for (const std::string& member : members) {
        Statement& statement = schedule.statements.at(member);
        statement.boxed_dims.insert(statement.boxed_dims.end(), order.begin(), order.end());
      }
    }
  }

 private:
  // A one-member band with no band below it and no option but its loop type (the structure, asked
  // before the loop's style and the statements' domains: most marks are no box).
  static bool innermost_band(isl_schedule_node* band) {
    if (isl_schedule_node_get_type(band) != isl_schedule_node_band || isl_schedule_node_band_n_member(band) != 1) return false;
    isl_schedule_node* below = isl_schedule_node_get_child(band, 0);
    bool band_below = holds_band(below);
    isl_schedule_node_free(below);
    return !band_below && !has_options_besides_loop_types(band);
  }

  // The statements' domains, read from the problem when first needed.
  void read_domains() {
    if (read_) return;
    read_ = true;
    problem_.get_domain().foreach_set([&](isl::set set) {
      std::string name = isl_set_get_tuple_name(set.get());
      original_[name] = set;
      current_[name] = set;
    });
  }

  // The range is read off the statements' own bounds of the dimension first (plain_dimension_range),
  // and the loop's style asked only where they are a product with it: the style is the costlier
  // question, and most unrolled loops of a nest are no product (a tile's `16*r >= -l`).
  bool is_box(isl_schedule_node* band, const std::string& iname) {
    read_domains();
    std::vector<std::string> names = statements_of(band);
    if (names.empty()) return false;
    std::optional<ConstantRange> range;
    for (const std::string& name : names) {
      auto found = current_.find(name);
      if (found == current_.end()) return false;
      int position = isl_set_find_dim_by_name(found->second.get(), isl_dim_set, iname.c_str());
      if (position < 0) return false;
      std::optional<ConstantRange> own = plain_dimension_range(found->second, static_cast<unsigned>(position));
      if (!own || (range && (own->lower != range->lower || own->extent != range->extent))) return false;
      range = own;
      std::optional<bool> product = plain_box_product(found->second, static_cast<unsigned>(position), *range);
      if (!product.value_or(false)) return false;
    }
    LoopStyle style = styles_(iname);
    if (style.kind != LoopStyle::Kind::Unrolled || style.vectorize || style.extent < 2) return false;
    if (style.lower != range->lower || style.extent != range->extent) return false;
    for (const std::string& name : names) {
      isl::set& set = current_.at(name);
      int position = isl_set_find_dim_by_name(set.get(), isl_dim_set, iname.c_str());
      isl_set* projected = isl_set_project_out(set.copy(), isl_dim_set, static_cast<unsigned>(position), 1);
      set = isl::manage(isl_set_set_tuple_name(projected, name.c_str()));
      boxed_[name][iname] = range->lower;
      box_order_[name].push_back(iname);
    }
    return true;
  }

  const isl::schedule& problem_;
  const LoopStyles& styles_;
  bool read_ = false;
  std::map<std::string, isl::set> original_, current_;
  std::map<std::string, std::map<std::string, int64_t>> boxed_;    // statement -> boxed iname -> first value
  std::map<std::string, std::vector<std::string>> box_order_;      // statement -> boxed inames, inner first
};

}  // namespace

std::optional<NestWithBoxes> with_nest_boxes(const isl::schedule& problem, const KernelSchedule& schedule,
                                             const LoopStyles& loop_styles) {
  if (std::getenv("LOOM_NO_NEST_BOXES") != nullptr || !loop_styles) return std::nullopt;
  BoxMaker maker(problem, loop_styles);
  isl_schedule_node* root = maker.visit(isl_schedule_get_root(problem.get()));
  if (root == nullptr) isl::exception::throw_last_error(problem.ctx());
  if (!maker.any()) {
    isl_schedule_node_free(root);
    return std::nullopt;
  }
  isl_schedule* marked = isl_schedule_node_get_schedule(root);
  isl_schedule_node_free(root);
  isl_schedule* pulled = isl_schedule_pullback_union_pw_multi_aff(marked, maker.pullback());
  if (pulled == nullptr) isl::exception::throw_last_error(problem.ctx());
  NestWithBoxes result{isl::manage(pulled), schedule};
  maker.add_boxed_dims(result.schedule);
  return result;
}

int nest_boxes_made() { return made_boxes.load(); }

}  // namespace loom::codegen
