// loom::Count (include/loom/statistics.hpp): evaluation at parameter values and printing of the
// piecewise polynomials and enumerated sets that statistics_count.cpp produces.
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>

#include "analysis/statistics_count.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel_impl.hpp"
#include "loom/error.hpp"
#include "loom/statistics.hpp"

namespace loom {

using detail::CountData;
using detail::CountPiece;
using detail::CountTerm;
using detail::Polynomial;
using detail::Rational;

// ---- Count --------------------------------------------------------------------------------------

Count::Count() : data_(std::make_shared<CountData>()) {}
Count::Count(std::shared_ptr<const CountData> data) : data_(std::move(data)) {}

bool Count::symbolic() const {
  if (!data_->unavailable.empty()) return false;
  return std::all_of(data_->terms.begin(), data_->terms.end(),
                     [](const CountTerm& t) { return t.symbolic; });
}

namespace {

std::string set_text(const isl::set& set) {
  char* text = isl_set_to_str(set.get());
  std::string result = text ? text : "";
  free(text);  // NOLINT(cppcoreguidelines-no-malloc): isl allocates with malloc
  return result;
}

// `set` with every parameter fixed to its value; throws naming a parameter without one.
isl::set fix_parameters(isl::set set, const ParameterMap& parameters) {
  for (const std::string& name : isl_extra::dim_names(set, isl_dim_param)) {
    auto it = parameters.find(name);
    if (it == parameters.end())
      throw Error("a count depends on parameter '" + name +
                  "', which has no value (give it with -D " + name + "=...)");
    int pos = isl_set_find_dim_by_name(set.get(), isl_dim_param, name.c_str());
    set = isl::manage(isl_set_fix_si(set.release(), isl_dim_param, static_cast<unsigned>(pos),
                                     static_cast<int>(it->second)));
  }
  return set;
}

int64_t enumerate_points(const IslContextPtr& context, const isl::set& set,
                         const ParameterMap& parameters) {
  isl::set fixed = fix_parameters(set, parameters);
  // With the parameters fixed, floor bounds (tiles that do not divide) have known remainders, so
  // the nested summation usually works and avoids visiting every point.
  Count summed = detail::count_points(context, fixed.project_out_all_params(),
                                      isl::set(context->ctx(), "{ : }"));
  if (summed.symbolic()) return summed.evaluate({});
  if (isl_set_is_bounded(fixed.get()) != isl_bool_true)
    throw Error("a count is unbounded at the given parameter values: " + set_text(set));
  isl_val* value = isl_set_count_val(fixed.get());
  if (value == nullptr) throw Error("isl could not count the points of " + set_text(set));
  int64_t count = isl_val_get_num_si(value);
  isl_val_free(value);
  return count;
}

int64_t to_int64(const Rational& value) {
  if (!value.is_integer()) throw InternalError("a count evaluated to a fraction");
  return static_cast<int64_t>(value.num);
}

}  // namespace

int64_t Count::evaluate_unguarded(const ParameterMap& parameters) const {
  if (!data_->unavailable.empty()) throw Error(data_->unavailable);
  int64_t total = 0;
  for (const CountTerm& term : data_->terms) {
    int64_t value = 0;
    if (!term.symbolic) {
      value = enumerate_points(data_->context, *term.set, parameters);
    } else {
      Rational sum(0);
      for (const CountPiece& piece : term.pieces) {
        if (fix_parameters(piece.domain, parameters).is_empty()) continue;
        sum = sum + piece.polynomial.evaluate(parameters);
      }
      value = to_int64(sum);
    }
    total += term.factor * value;
  }
  return total;
}

namespace {

// The parameter values of the points of a small bounded parameter set (nullopt when it is not
// bounded or has more than `limit` points).
std::optional<std::vector<ParameterMap>> parameter_points(const isl::set& set,
                                                          std::size_t limit = 16) {
  if (isl_set_is_bounded(set.get()) != isl_bool_true) return std::nullopt;
  struct Collector {
    std::vector<std::string> names;
    std::vector<ParameterMap> points;
    std::size_t limit;
  } collector{isl_extra::dim_names(set, isl_dim_param), {}, limit};
  auto callback = [](isl_point* point, void* user) -> isl_stat {
    auto* self = static_cast<Collector*>(user);
    ParameterMap values;
    for (std::size_t i = 0; i < self->names.size(); ++i) {
      isl_val* v = isl_point_get_coordinate_val(point, isl_dim_param, static_cast<int>(i));
      values[self->names[i]] = isl_val_get_num_si(v);
      isl_val_free(v);
    }
    isl_point_free(point);
    self->points.push_back(values);
    return self->points.size() > self->limit ? isl_stat_error : isl_stat_ok;
  };
  if (isl_set_foreach_point(set.get(), callback, &collector) != isl_stat_ok) return std::nullopt;
  return collector.points;
}

bool agrees_on(const Polynomial& a, const Polynomial& b, const std::vector<ParameterMap>& points) {
  for (const ParameterMap& point : points) {
    Rational difference = a.evaluate(point) - b.evaluate(point);
    if (!difference.is_zero()) return false;
  }
  return true;
}

// The pieces of all symbolic terms as disjoint cells of the parameter space, each with the sum of
// the polynomials holding there; cells with equal polynomials (or a few points on which another
// cell's polynomial gives the same values: the corner cases of tiles, n = 16) merged.
std::vector<CountPiece> readable_cells(const std::vector<CountPiece>& pieces,
                                       const isl::set& universe) {
  std::vector<CountPiece> cells{{universe, Polynomial()}};
  for (const CountPiece& piece : pieces) {
    std::vector<CountPiece> next;
    for (const CountPiece& cell : cells) {
      isl::set inside = cell.domain.intersect(piece.domain);
      isl::set outside = cell.domain.subtract(piece.domain);
      if (!inside.is_empty())
        next.push_back({inside.coalesce(), cell.polynomial + piece.polynomial});
      if (!outside.is_empty()) next.push_back({outside.coalesce(), cell.polynomial});
    }
    cells = std::move(next);
  }
  std::vector<CountPiece> merged;
  std::vector<CountPiece> small;
  for (CountPiece& cell : cells) {
    auto same = std::find_if(merged.begin(), merged.end(),
                             [&](const CountPiece& m) { return m.polynomial == cell.polynomial; });
    if (same != merged.end())
      same->domain = same->domain.unite(cell.domain).coalesce();
    else
      merged.push_back(std::move(cell));
  }
  std::vector<CountPiece> result;
  for (std::size_t i = 0; i < merged.size(); ++i) {
    std::optional<std::vector<ParameterMap>> points = parameter_points(merged[i].domain);
    bool absorbed = false;
    for (std::size_t j = 0; points && j < merged.size() && !absorbed; ++j) {
      if (j == i || parameter_points(merged[j].domain)) continue;  // only into unbounded cells
      if (agrees_on(merged[i].polynomial, merged[j].polynomial, *points)) {
        merged[j].domain = merged[j].domain.unite(merged[i].domain).coalesce();
        absorbed = true;
      }
    }
    if (!absorbed) result.push_back(merged[i]);
  }
  // Cells absorbed after `result` took a copy of their target: recompute from `merged`.
  std::vector<CountPiece> final_cells;
  for (const CountPiece& cell : result) {
    auto it = std::find_if(merged.begin(), merged.end(),
                           [&](const CountPiece& m) { return m.polynomial == cell.polynomial; });
    final_cells.push_back(*it);
  }
  return final_cells;
}

}  // namespace

std::string Count::str_unguarded() const {
  if (!data_->unavailable.empty()) return "unavailable (" + data_->unavailable + ")";
  std::vector<CountPiece> pieces;
  std::string enumerated;
  for (const CountTerm& term : data_->terms) {
    if (!term.symbolic) {
      enumerated += (enumerated.empty() ? "" : " + ") +
                    (term.factor != 1 ? std::to_string(term.factor) + "*" : "") + "card(" +
                    set_text(*term.set) + ")";
      continue;
    }
    for (const CountPiece& piece : term.pieces)
      pieces.push_back({piece.domain, piece.polynomial.scaled(Rational(term.factor))});
  }
  std::string text;
  if (!pieces.empty()) {
    isl::set universe =
        data_->assumptions ? *data_->assumptions : isl::set(data_->context->ctx(), "{ : }");
    for (const CountPiece& cell : readable_cells(pieces, universe)) {
      if (cell.polynomial.is_zero()) continue;
      std::string domain;
      if (data_->assumptions && !data_->assumptions->is_subset(cell.domain)) {
        domain = " if " + set_text(cell.domain.gist(*data_->assumptions));
      }
      text += (text.empty() ? "" : "; ") + cell.polynomial.str() + domain;
    }
  }
  if (!enumerated.empty()) text += (text.empty() ? "" : " + ") + enumerated + " (enumerated)";
  return text.empty() ? "0" : text;
}

Count Count::operator+(const Count& other) const {
  auto sum = std::make_shared<CountData>(*data_);
  if (!sum->context) {
    sum->context = other.data_->context;
    sum->assumptions = other.data_->assumptions;
  }
  sum->terms.insert(sum->terms.end(), other.data_->terms.begin(), other.data_->terms.end());
  if (sum->unavailable.empty()) sum->unavailable = other.data_->unavailable;
  return Count(sum);
}

Count Count::scaled(int64_t factor) const {
  auto result = std::make_shared<CountData>(*data_);
  for (CountTerm& term : result->terms) term.factor *= factor;
  return Count(result);
}

// Printing and evaluating a count are computations of their own on the kernel's isl context: each
// gets the whole operation budget (the statistics before them may have spent most of it), and a
// count isl cannot finish within it is a loom::Error naming the count, not an internal error
// (`loom stats` and `loom explain` of the tensor-core GEMMs ran out of budget here).
int64_t Count::evaluate(const ParameterMap& parameters) const {
  if (data_->context) data_->context->reset_operation_budget();
  return with_isl_errors("evaluating a count", [&] { return evaluate_unguarded(parameters); });
}

std::string Count::str() const {
  if (data_->context) data_->context->reset_operation_budget();
  return with_isl_errors("printing a count", [&] { return str_unguarded(); });
}

}  // namespace loom
