#include "ir/work_counters.hpp"

#include <atomic>

namespace loom::detail {

namespace {
std::atomic<int> isl_contexts{0};
std::atomic<int> transforms{0};
std::atomic<int> race_questions{0};
std::atomic<int> barrier_questions{0};
std::atomic<int> bounds_relations{0};
}  // namespace

void count_isl_context_made() { isl_contexts.fetch_add(1, std::memory_order_relaxed); }
int isl_contexts_made() { return isl_contexts.load(); }

void count_transform_applied() { transforms.fetch_add(1, std::memory_order_relaxed); }
int transforms_applied() { return transforms.load(); }

void count_race_question() { race_questions.fetch_add(1, std::memory_order_relaxed); }
int race_questions_asked() { return race_questions.load(); }

void count_barrier_question() { barrier_questions.fetch_add(1, std::memory_order_relaxed); }
int barrier_questions_asked() { return barrier_questions.load(); }

void count_bounds_relation_checked() { bounds_relations.fetch_add(1, std::memory_order_relaxed); }
int bounds_relations_checked() { return bounds_relations.load(); }

}  // namespace loom::detail
