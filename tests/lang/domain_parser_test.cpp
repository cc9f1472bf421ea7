// Domain strings: parameter detection, loopy's shorthands, and refusals with columns.
#include <gtest/gtest.h>

#include "ir/isl_kernel.hpp"
#include "lang/domain_parser.hpp"
#include "loom/error.hpp"

namespace loom::lang {
namespace {

struct DomainCase {
  const char* text;
  std::vector<std::string> inames;
  std::vector<std::string> parameters;
};

class ParsesDomain : public ::testing::TestWithParam<DomainCase> {};

TEST_P(ParsesDomain, DetectsInamesAndParameters) {
  auto context = std::make_shared<IslContext>();
  Domain domain = parse_domain(context, GetParam().text);
  EXPECT_EQ(domain.inames, GetParam().inames);
  EXPECT_EQ(domain.parameters, GetParam().parameters);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ParsesDomain,
    ::testing::Values(DomainCase{"{[i]: 0<=i<n}", {"i"}, {"n"}},
                      DomainCase{"{[i,j,k]: 0<=i,j,k<n}", {"i", "j", "k"}, {"n"}},
                      DomainCase{"{[i,j]: 0<=i<n and 0<=j<m}", {"i", "j"}, {"n", "m"}},
                      DomainCase{"{[i]: 0<=i<n and i mod 2 = 0}", {"i"}, {"n"}},
                      DomainCase{"{[i]: exists (e: i = 3e) and 0 <= i < n}", {"i"}, {"n"}},
                      DomainCase{"[n] -> {[i]: 0<=i<n}", {"i"}, {"n"}},
                      DomainCase{"{[i]: 0 <= i < 10}", {"i"}, {}},
                      DomainCase{"{:}", {}, {}},
                      DomainCase{"{[i]: 0<=i<floor(n/2)}", {"i"}, {"n"}}));

TEST(DomainParser, ShorthandMeansEveryIname) {
  auto context = std::make_shared<IslContext>();
  Domain shorthand = parse_domain(context, "{[i,j]: 0<=i,j<n}");
  Domain spelled = parse_domain(context, "{[i,j]: 0<=i<n and 0<=j<n}");
  EXPECT_TRUE(isl_set_of(shorthand.set).is_equal(isl_set_of(spelled.set)));
}

struct RefusalCase {
  const char* text;
  const char* message;
  int column;
};

class RefusesDomain : public ::testing::TestWithParam<RefusalCase> {};

TEST_P(RefusesDomain, WithReasonAndColumn) {
  auto context = std::make_shared<IslContext>();
  try {
    parse_domain(context, GetParam().text);
    FAIL() << "accepted " << GetParam().text;
  } catch (const ParseError& error) {
    EXPECT_NE(std::string(error.what()).find(GetParam().message), std::string::npos) << error.what();
    EXPECT_EQ(error.column(), GetParam().column) << error.what();
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, RefusesDomain,
    ::testing::Values(RefusalCase{"{[i]: 0<=i<n", "unbalanced '{'", 1},
                      RefusalCase{"{[i]: 0<=i<n)}", "')' closes '{'", 13},
                      RefusalCase{"{[i: 0<=i<n}", "'}' closes '['", 12},
                      RefusalCase{"{[i]: 0<=i<sqrt(n)}", "unknown function 'sqrt'", 12},
                      RefusalCase{"{[i]: 0<=i<n $}", "unexpected character '$'", 14},
                      // Quoted whole, so that the message itself is valid UTF-8 (conf15).
                      RefusalCase{"{[\xc3\xa9,i]: 0<=i<n}", "unexpected character '\xc3\xa9' (non-ASCII", 3},
                      RefusalCase{"{[i,i]: 0<=i<n}", "iname 'i' is listed twice", 5},
                      RefusalCase{"[i]: 0<=i<n", "expected '->'", 4},
                      RefusalCase{"{[i]: 0<=i<n*m}", "not a valid isl set", 0},
                      RefusalCase{"{[i]: 0<=i<n} x", "after the domain's closing '}'", 15},
                      RefusalCase{"{[and]: 0<=and<n}", "keyword", 3}));

TEST(DomainParser, RefusesHugeInput) {
  auto context = std::make_shared<IslContext>();
  std::string huge = "{[i]: 0 <= i < n" + std::string(100000, ' ') + "}";
  EXPECT_THROW(parse_domain(context, huge), ParseError);
}

TEST(Assumptions, AcceptsConstraintsAndSetForm) {
  auto context = std::make_shared<IslContext>();
  IslSet plain = parse_assumptions(context, "n >= 1 and n mod 16 = 0");
  IslSet set_form = parse_assumptions(context, "[n] -> { : n >= 1 and n mod 16 = 0 }");
  EXPECT_TRUE(isl_set_of(plain).is_equal(isl_set_of(set_form)));
  EXPECT_FALSE(isl_set_of(parse_assumptions(context, "")).is_empty());
}

}  // namespace
}  // namespace loom::lang
