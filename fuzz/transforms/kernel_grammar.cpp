#include "kernel_grammar.hpp"

#include <string>
#include <vector>

namespace loom::fuzz {

namespace {

using json = nlohmann::json;

int pick(std::mt19937_64& random, int count) {
  return std::uniform_int_distribution<int>(0, count - 1)(random);
}
bool chance(std::mt19937_64& random, double p) { return std::bernoulli_distribution(p)(random); }

template <typename T>
const T& one_of(std::mt19937_64& random, const std::vector<T>& choices) {
  return choices[static_cast<std::size_t>(pick(random, static_cast<int>(choices.size())))];
}

// The domains: i and j index arrays, k is reduced over. Whether j is bounded by i (triangular) or
// i is strided (`i mod 2 = 0`) are the non-rectangular shapes.
struct DomainShape {
  std::vector<std::string> domains;
  bool has_j = false;
};

DomainShape random_domains(std::mt19937_64& random) {
  std::string i_bound = chance(random, 0.2) ? "0<=i<n and i mod 2 = 0" : "0<=i<n";
  std::string j_bound = chance(random, 0.3) ? "0<=j<=i" : "0<=j<m";
  switch (pick(random, 4)) {
    case 0:
      return {{"{[i,k]: " + i_bound + " and 0<=k<m}"}, false};
    case 1:
      return {{"{[i,j,k]: " + i_bound + " and " + j_bound + " and 0<=k<m}"}, true};
    case 2:
      return {{"{[i]: " + i_bound + "}", "{[k]: 0<=k<m}"}, false};
    default:
      return {{"{[i]: " + i_bound + "}",
               "{[j]: " + (j_bound == "0<=j<=i" ? std::string("0<=j<=i") : j_bound) + "}",
               "{[k]: 0<=k<m}"},
              true};
  }
}

// A float expression over i (and j when `with_j`) and the arrays x(n), y(m), a(m, m), b(m, m);
// m >= n keeps every access in bounds.
std::string random_term(std::mt19937_64& random, bool with_j,
                        const std::vector<std::string>& extra) {
  std::vector<std::string> terms = {"x[i]", "a[i, 0]", "2.0", "b[i, i]", "x[n - 1 - i]"};
  if (with_j) {
    terms.insert(terms.end(), {"a[i, j]", "y[j]", "b[j, i]", "a[i, j]*y[j]"});
  }
  for (const std::string& term : extra) terms.push_back(term);
  return one_of(random, terms);
}

std::string random_expression(std::mt19937_64& random, bool with_j,
                              const std::vector<std::string>& extra) {
  std::string expression = random_term(random, with_j, extra);
  int more = pick(random, 3);
  for (int t = 0; t < more; ++t) {
    expression +=
        one_of<std::string>(random, {" + ", " - ", " * "}) + random_term(random, with_j, extra);
  }
  return expression;
}

}  // namespace

json random_kernel_spec(std::mt19937_64& random) {
  DomainShape shape = random_domains(random);
  std::vector<std::string> instructions;
  std::vector<json> outputs;
  int count = 1 + pick(random, 4);
  bool have_rule = false, have_index_rule = false;
  std::string last_output_1d;
  for (int q = 0; q < count; ++q) {
    std::string out = "out" + std::to_string(q);
    std::string id = "insn" + std::to_string(q);
    bool two_d = shape.has_j && chance(random, 0.4);
    std::vector<std::string> extra;
    if (have_rule) extra.push_back("sq(x[i])");
    std::string options = "{id=" + id;
    if (!last_output_1d.empty() && chance(random, 0.4)) {
      extra.push_back(last_output_1d + "[i]");
      options += ", dep=insn" + last_output_1d.substr(3);
    }
    options += "}";
    switch (pick(random, 5)) {
      case 0: {  // a reduction
        std::string op = one_of<std::string>(random, {"sum", "sum", "max", "product"});
        std::string body = op == "product" ? "(1.0 + 0.01*a[i, k])" : "a[i, k]*y[k]";
        // A rule invoked with indices: what precompute works on.
        if (op != "product" && chance(random, 0.35)) {
          if (!have_index_rule) instructions.push_back("ab(p, q) := a[p, q]*y[q]");
          have_index_rule = true;
          body = "ab(i, k)";
        }
        std::string rhs = op + "(k, " + body + ")";
        if (two_d) rhs = "sum(k, b[i, k] + a[j, k] + a[i, j])";
        if (chance(random, 0.3)) rhs += " + " + random_term(random, two_d, extra);
        instructions.push_back(out + (two_d ? "[i, j]" : "[i]") + " = " + rhs + " " + options);
        break;
      }
      case 1: {  // a private temporary and its use
        std::string t = "t" + std::to_string(q);
        instructions.push_back("<float32> " + t + " = " + random_expression(random, two_d, extra) +
                               " {id=" + id + "_t}");
        std::string use_options = options.substr(0, options.size() - 1) +
                                  (options.find("dep=") == std::string::npos ? ", dep=" : ":") +
                                  id + "_t}";
        instructions.push_back(out + (two_d ? "[i, j]" : "[i]") + " = 3*" + t + " + " +
                               random_term(random, two_d, extra) + " " + use_options);
        break;
      }
      case 2: {  // a substitution rule, used by this and later instructions
        if (!have_rule) instructions.push_back("sq(u) := u*u + 1");
        have_rule = true;
        extra.push_back("sq(x[i])");
        instructions.push_back(out + (two_d ? "[i, j]" : "[i]") + " = sq(" +
                               random_term(random, two_d, {}) + ") + " +
                               random_expression(random, two_d, extra) + " " + options);
        break;
      }
      default:
        instructions.push_back(out + (two_d ? "[i, j]" : "[i]") + " = " +
                               random_expression(random, two_d, extra) + " " + options);
    }
    outputs.push_back({{"name", out},
                       {"dtype", "float32"},
                       {"shape", two_d ? json::array({"n", "m"}) : json::array({"n"})}});
    if (!two_d) last_output_1d = out;
  }
  int64_t n = std::uniform_int_distribution<int64_t>(1, 13)(random);
  int64_t m = std::uniform_int_distribution<int64_t>(1, 11)(random);
  // Triangular j (j <= i < n) indexes arrays of extent m along j: keep m >= n then.
  if (m < n) m = n;
  json args = json::array({
      {{"name", "x"}, {"dtype", "float32"}, {"shape", json::array({"n"})}},
      {{"name", "y"}, {"dtype", "float32"}, {"shape", json::array({"m"})}},
      {{"name", "a"}, {"dtype", "float32"}, {"shape", json::array({"m", "m"})}},
      {{"name", "b"}, {"dtype", "float32"}, {"shape", json::array({"m", "m"})}},
  });
  for (const json& output : outputs) args.push_back(output);
  args.push_back({{"name", "n, m"}, {"kind", "value"}, {"dtype", "int32"}});
  return {{"loom", 1},
          {"name", "fuzzed"},
          {"domains", shape.domains},
          {"instructions", instructions},
          {"args", args},
          {"assumptions", "n >= 1 and m >= n"},
          // atol: float32's rtol times the inputs' scale (uniform in [-1, 1]). The default,
          // rtol * RMS(reference), is 0 for an output the grammar makes exactly 0 (`a*y - a*y`),
          // which then demands bit-exact zeros: OpenCL's FMA contraction leaves 1e-8 (seed 24).
          // Real holes (stale or missing values) are errors of the inputs' scale.
          {"test", {{"parameters", {{"n", n}, {"m", m}}}, {"atol", 1e-3}}}};
}

}  // namespace loom::fuzz
