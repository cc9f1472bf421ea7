// Counters of the expensive kinds of work, for tests that assert a path does none of it: a spec
// cache hit (spec/spec_cache.hpp) makes no isl context, so it can call no isl function, and
// applies no transform. Process-wide and thread-safe; only ever incremented.
#pragma once

namespace loom::detail {

void count_isl_context_made();
int isl_contexts_made();

void count_transform_applied();
int transforms_applied();

// Write-race questions put to isl (check_write_races: a write and a concurrent iname that neither
// the memo nor what is known of the write answered), for tests that assert a check was skipped.
void count_race_question();
int race_questions_asked();

// Barrier-placement questions put to isl (codegen/barriers.cpp: a pair of accesses whose touching
// instance pairs barrier_need tests), for tests that assert a pair was answered without isl.
void count_barrier_question();
int barrier_questions_asked();

// Accesses whose bounds were checked on their access relation (analysis/checks.cpp), for tests that
// assert the ranges of plain inames answered instead.
void count_bounds_relation_checked();
int bounds_relations_checked();

}  // namespace loom::detail

namespace loom {
struct LoopKernel;
// Gives each transform isl's whole operation budget afresh (defined in ir/isl_kernel.cpp; declared
// here so the registry needs no isl header): the budget bounds one runaway computation, not a long
// recipe's sum, which had failed the tenth transform of a long chain with a NULL input.
void reset_isl_operation_budget(const LoopKernel& kernel);
}  // namespace loom
