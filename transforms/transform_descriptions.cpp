// The one-paragraph semantics text of every registered transform, shown by `loom transforms` and
// docs/transforms.md. Each is the opening of the semantics comment at the top of the transform's
// own file (its first prose paragraph, and the next one where the first is a single line), so
// edit both together; TransformDescriptions tests that every registered transform has one.
#include "transforms/transform_descriptions.hpp"

#include <map>

namespace loom {

namespace {

const std::map<std::string, std::string>& descriptions() {
  static const std::map<std::string, std::string> table = {
      {"add_barrier",
       "add_barrier (loopy's transform/add_barrier.py): inserts a barrier between instructions. "
       "The barrier depends on every instruction matched by `insn_before`, and every instruction"
       " matched by `insn_after` depends on it. Its id is `id_based_on` (default \"g_barrier\" "
       "or \"l_barrier\"), uniquified with _0, _1, ... as loopy does; it carries `tags` and runs"
       " within `within_inames` (default: outside every loop). `synchronization_kind` says who "
       "waits: \"local\" (a work-group; a no-op on the C target) or \"global\" (the whole "
       "launch: code generation splits the kernel there). `mem_kind` says which memory it makes "
       "visible (default: the same as synchronization_kind). It goes into the instruction list "
       "just before the first `insn_after` instruction. Only dependencies are added, so the "
       "meaning stays; the new order is checked."},
      {"add_dtypes",
       "add_dtypes / add_and_infer_dtypes (loopy's transform/data.py): gives arguments and "
       "temporaries declared without a dtype their dtypes, as loopy recipes do after make_kernel "
       "(dtype_dict {\"a, b\": \"float32\"}: a key may name several variables). Written "
       "variables then take their dtype from what is assigned to them. Refuses a name that is "
       "neither an argument nor a temporary, a dtype different from one already declared, and an "
       "unknown dtype. The untransformed kernel cannot run without dtypes, so the typed kernel "
       "becomes the reference."},
      {"add_and_infer_dtypes",
       "add_and_infer_dtypes (loopy's transform/data.py): loopy's other name for add_dtypes; loom "
       "infers written variables' dtypes when it generates code, so the two are the same "
       "transform."},
      {"add_dependency",
       "add_dependency (loopy's transform/instruction.py): adds dependency edges. Every "
       "instruction matched by `insn_match` depends on every instruction matched by `depends_on`"
       " (as loopy, `depends_on` may be an id or a match expression). Dependencies act within "
       "the inames the two share (DESIGN.md §3a), so a new one can reorder instructions and "
       "split a loop apart; the result is checked against the kernel's dependences: splitting "
       "the loop between the writer and the reader of a scalar temporary is refused."},
      {"add_inames_for_unused_hw_axes",
       "add_inames_for_unused_hw_axes (loopy's transform/iname.py): gives instructions the "
       "hardware axes they lack, so every instruction of a device kernel runs on all of them. "
       "Refuses: an axis several inames use, an unknown match. Checked like every transform, "
       "against the dependences traced to the replicas (the meaning stays)."},
      {"add_inames_to_insn",
       "add_inames_to_insn (loopy's transform/iname.py): puts instructions inside more loops. "
       "The matched instructions run once per value of each added iname as well. For an "
       "idempotent instruction (out[i] = a[i]) that repeats the same work; in general it changes"
       " the kernel's meaning, on purpose (DESIGN.md §3a): the result is its own new reference "
       "(finish_meaning_change). A parallel added iname goes through the write-race check, so "
       "making every work-item of l.0 write out[i] is refused."},
      {"add_nosync",
       "add_nosync (loopy's transform/instruction.py): declares that pairs of instructions need "
       "no barrier between them. For each source and sink matched, the sink gets a no_sync_with "
       "entry (source, scope) when it depends on the source, directly or through other "
       "instructions (loopy also counts conflicting instruction groups, which loom does not "
       "have); `force` adds the entry without a dependency, `bidirectional` adds (sink, scope) "
       "to the source too. An entry that is already there is not repeated. Barrier insertion "
       "reads these entries; the order of instructions does not change."},
      {"add_padding",
       "add_padding (loopy's transform/padding.py): rounds the stride of one array axis up to a "
       "multiple of `align_bytes`, so each step along it starts aligned (rows of a matrix on "
       "64-byte boundaries, say); the axes stored outside it move out so nothing overlaps."},
      {"add_padding_to_avoid_bank_conflicts",
       "add_padding_to_avoid_bank_conflicts (loopy's transform/data.py, which loopy keeps "
       "unexported and calls with a pyopencl device): pads the rows of every local temporary whose "
       "column accesses would hit one memory bank, by loom's bank rule (pad_local_arrays_for_banks). "
       "loopy asks the OpenCL device for its bank count and tries row increments until the layout "
       "is conflict-free; loom uses the layout of NVIDIA's and most GPUs' local memory (32 banks of "
       "4 bytes), where one extra element in an even row is the smallest conflict-free increment, "
       "so no device is needed. Temporaries that cannot or need not be padded are left as they are, "
       "as loopy leaves them; accesses keep their logical index."},
      {"add_prefetch",
       "add_prefetch (loopy's transform/data.py): copies the footprint of the reads of an array "
       "swept over `sweep_inames` into a temporary (local memory by default) and makes those "
       "reads use it. As in loopy it is extract_subst of the access (rule "
       "<var>_fetch_rule(<var>_dim_0, ...)) followed by precompute of that rule "
       "(transforms/footprint_support.cpp). Left out, temporary_address_space is loopy's None: "
       "the tile is local, except where the copy runs under l.N inames and stores along none of "
       "them, which makes it private (a local tile would be written by every work-item along "
       "those axes)."},
      {"alias_temporaries",
       "alias_temporaries (loopy's transform/data.py): several temporaries share one storage "
       "area, so a kernel that needs them one after another allocates the largest only (local "
       "memory is the scarce resource). Their uses must be exclusive: loopy puts each "
       "temporary's instructions in a group that conflicts with the others' groups; loom orders "
       "them explicitly (synchronize_for_exclusive_use): every instruction using a later "
       "temporary of `names` depends on every instruction using an earlier one. Barrier "
       "insertion treats the aliased temporaries as one memory, so local ones get the barriers "
       "that separate one work-item's last use from another's first. As in loopy, the order "
       "holds within the loops the users share: a value carried across iterations of such a loop"
       " must not be aliased."},
      {"assignment_to_subst",
       "assignment_to_subst (loopy's transform/subst.py): recomputation instead of storage. The "
       "one assignment to a temporary becomes a substitution rule and its reads become "
       "invocations. The assignee's indices (plain inames) become the rule's parameters, "
       "followed by `extra_arguments` (passed at each read as the same names); the reads `t[e]` "
       "become `t_subst(e)` in the instructions and rules `within` (a stack match) selects. When"
       " no read is left, the assignment and the temporary are removed and whatever depended on "
       "the assignment depends on what it depended on. An argument keeps its assignment (the "
       "caller reads it), and needs force_retain_argument=true."},
      {"assume",
       "assume (loopy's transform/parameter.py): adds constraints on the kernel's parameters. "
       "The constraints are isl syntax over parameters (\"n >= 1 and n mod 4 = 0\", or the set "
       "form \"[n] -> { : n >= 1 }\"); they are intersected with the kernel's assumptions, whose"
       " text becomes \"<old> and <new>\". Refuses: a constraint naming an iname (assumptions "
       "hold for the whole launch, not per iteration), a name that is not a parameter of the "
       "kernel (a domain parameter or an integer value argument), and constraints that "
       "contradict the assumptions already made. Nothing runs in a different order, so there is "
       "nothing to check against the dependences."},
      {"buffer_array",
       "buffer_array (loopy's transform/buffer.py): read-modify-write buffering. The part of an "
       "array that the accesses in `within` touch while `buffer_inames` run is kept in a "
       "temporary <var>_buf: filled before the first access (instruction init_<var>, in new "
       "inames <var>_init_<axis>), accessed instead of the array, and stored back after the last"
       " (store_<var>, inames <var>_store_<axis>)."},
      {"chunk_iname",
       "chunk_iname (loopy's transform/iname.py): splits an iname into `num_chunks` contiguous "
       "chunks; the outer iname numbers the chunk. The chunk length is L = ceil(extent / "
       "num_chunks), so at most num_chunks chunks of L iterations each; the last may be shorter,"
       " and fewer chunks may be needed (extent 9 in 4 chunks: L = 3, three chunks). loopy "
       "balances chunk lengths with a `min` in the index expression; loom keeps the plain split,"
       " whose index is affine. The result is exactly split_iname(iname, L) and is recorded as "
       "the chunk_iname call. Refuses: an extent that is not a constant (L would be "
       "ceil(n/num_chunks), not affine: split by a fixed length or fix_parameters first), a "
       "num_chunks below 1, and everything split_iname refuses (its messages prefixed with this "
       "call)."},
      {"collect_common_factors_on_increment",
       "collect_common_factors_on_increment (loopy's transform/arithmetic.py): takes the factors "
       "that every increment of an accumulator shares out of the increments and applies them once, "
       "where the accumulator is read. The writers of `var_name` must be zero assignments and "
       "increments `var = var + t1 + t2 + ...` whose terms do not read it; a factor is common when "
       "every term of every increment has it (as the same expression; loopy's vary_by_axes is not "
       "offered). loom moves a factor only where its value at each read equals its value at every "
       "increment that read sums up: it reads nothing the kernel writes and uses only inames that "
       "every writer and reader of the accumulator runs in, a zero assignment starts the sum in "
       "each iteration of those inames, and every reader and increment is ordered after it."},
      {"concatenate_arrays",
       "concatenate_arrays (loopy's transform/concatenate.py): merges temporaries into one array "
       "along the axis `axis_nr`; each old array becomes a slice of the new one, at an offset "
       "along that axis. Every subscript of an old array, in instructions, predicates and "
       "substitution rules, gets the array's offset (the summed lengths of the arrays before it) "
       "added on `axis_nr`; the other indices stay. The slices do not overlap, so every element "
       "keeps its own storage and the kernel computes the same values: the instances and their "
       "order do not change, and the accesses are checked against the new shape."},
      {"duplicate_inames",
       "duplicate_inames (loopy's transform/iname.py): gives some instructions their own copy of"
       " an iname, so they run in a loop of their own. The copy has the same constraints as the "
       "original (it is added to the same domain), and takes the original's place in the matched"
       " instructions: within_inames, expressions and reductions. Names come from `new_inames`, "
       "else <iname><suffix> (uniquified), else <iname>_0, <iname>_1, ... (the first free one). "
       "`tags` tags the copies; its keys may name the copy or (as in loopy) the original iname. "
       "Copies do not inherit the original's tag. The original iname stays in the domain even "
       "when no instruction uses it any more (remove_unused_inames removes it)."},
      {"expand_subst",
       "expand_subst (loopy's transform/subst.py): inlines substitution-rule invocations. "
       "`within` is a stack match (transforms/subst_support.hpp): an invocation is expanded when"
       " the instruction and the rules around it, followed by the invoked rule, match it. "
       "`id:s1` expands everything s1 invokes, at any depth; `id:s1 > id:g > id:f` only the f "
       "invoked inside g inside s1 (g stays in s1 as a variant g_0 whose body has f inlined). "
       "Without `within` every invocation is expanded and no rule remains. A rule that no "
       "instruction invokes any more is dropped; the others stay. Expansion is textual, as at "
       "code generation: the kernel computes the same values."},
      {"extract_subst",
       "extract_subst (loopy's transform/subst.py): names a recurring expression pattern as a "
       "substitution rule and replaces each occurrence by an invocation. The template is unified"
       " with every subexpression (src/ir/unify.hpp: parameters bind to any subexpression, other"
       " names match themselves, sums and products in any order of their terms). A match is "
       "replaced whole and not searched further; other nodes are searched inside. The "
       "instructions `within` selects are searched (assignee indices, right-hand sides, "
       "predicates) and so is every rule body, except a rule whose parameters share a name with "
       "a free variable of the template (that name would mean the parameter there, the kernel's "
       "variable in the new rule). Each `*` wildcard of the template becomes a variable "
       "<subst_name>_wc that must stand for the same expression in every match; the rule's body "
       "has that expression in its place."},
      {"fix_parameters",
       "fix_parameters (loopy's transform/parameter.py): replaces parameters by constants. Every"
       " occurrence is replaced: the domains (the parameter is fixed, then projected out, and "
       "the domain's text is regenerated), the instructions and substitution rules, the shapes "
       "of arguments and temporaries (folded to integers where nothing else remains), and the "
       "assumptions. The value argument disappears from the signature. Refuses: a name that is "
       "not a parameter of the kernel (a domain parameter or an integer value argument; "
       "temporaries used as bounds are data), and a value the assumptions exclude. Instances "
       "keep their order, so only the checks that depend on values (bounds) can newly fail."},
      {"join_inames",
       "join_inames (loopy's transform/iname.py): the inverse of split_iname; several inames of "
       "one domain become one. The inames are listed outermost first; every one but the first "
       "needs a constant range [lo, lo + J) (after projecting out the domain's other inames), so"
       " that k = (i - lo_i)*J + (j - lo_j),   i = k // J + lo_i,   j = k % J + lo_j is a "
       "bijection (with more inames, the strides multiply). The outermost iname may have any "
       "range; lo_i is its constant lower bound when it has one, else 0. The new domain is the "
       "image of the old one, so a non-box domain stays exact. The default name is loopy's, "
       "fastest first (\"j_and_i\"). With `within`, only matching instructions move to the new "
       "iname and the others keep the old ones (the domain then holds all of them, related by "
       "the equation above). Refuses: fewer than two inames, inames of different domains, an "
       "inner iname without a constant range, a tagged (parallel) iname, an iname another domain"
       " uses as a parameter, an instruction (or a reduction) that uses only some of the inames,"
       " names that exist already; and, through the dependence check, a join of loops that are "
       "not adjacent in the nesting when that reorders dependent instances."},
      {"make_reduction_inames_unique",
       "make_reduction_inames_unique (loopy's transform/iname.py): gives each reduction over an "
       "iname that an earlier reduction already reduces over its own copy of the iname. "
       "Reductions are visited in instruction order, each expression outside in and left to "
       "right, rule bodies at each invocation; the first reduction over an iname keeps it. A "
       "copy is added to the iname's domain with the same constraints and tag (like "
       "duplicate_inames) and replaces the iname inside that reduction, including inside the "
       "rules it invokes (those become variants). `inames` limits the renaming to those inames; "
       "`within` (a stack match) to those reductions. Reductions written simul_reduce share "
       "their inames on purpose: they are counted but keep them. Reductions are associative "
       "updates over their own inames, so the values are unchanged."},
      {"map_domain",
       "map_domain (loopy's transform/iname.py): re-indexes one domain by a bijective affine "
       "map. The map's input tuple lists inames of one domain (in any order; all of them or "
       "some); its output tuple names the new inames, which nest in the order written (where "
       "that order runs a dependence backwards, in the first order of them that does not, "
       "recorded as a loop priority), in the place of the first mapped iname; the domain's "
       "other inames stay. The new domain is "
       "the image of the old one; every instruction within the old inames runs within the new "
       "ones, the old inames replaced by their values under the inverse map (which must be an "
       "affine function; floor divisions become `//`). Reductions over all of the old inames "
       "reduce over the new ones. The map may use the kernel's parameters. Refuses: a map whose "
       "inames are not all in one domain (one that is not bijective in itself is called that "
       "first, as loopy does), unnamed or existing output names, a map that is not a bijection "
       "from the domain onto its image (not single-valued, not injective, or undefined somewhere"
       " on the domain), a piecewise inverse, an instruction or reduction using only some of the"
       " inames, inames that are tagged, prioritized, or bound another domain; and, through the "
       "dependence check, a map under which every order of the new inames runs a dependence "
       "backwards (reversing a recurrence)."},
      {"pad_local_arrays_for_banks",
       "pad_local_arrays_for_banks (loom's counterpart of loopy's unexported "
       "add_padding_to_avoid_bank_conflicts, which asks pyopencl about the device): pads the "
       "rows of local (shared-memory) tiles so that a column read by a warp spreads over the "
       "memory banks."},
      {"pipeline_fetch",
       "pipeline_fetch (loom's own; loopy has no double buffering): a fetch into a local tile, "
       "software-pipelined by one iteration of a sequential loop through registers "
       "(include/loom/memory_transforms.hpp has the picture). Without it every iteration of a "
       "tiled product runs barrier, global loads, stores, barrier, products: the loads' latency "
       "(hundreds of cycles) stalls all the group's work-items at the stores. With it the loads "
       "of the next tile are issued before the products and only their stores wait for them, "
       "after the products. A ring of 4 or more stages read by wgmma tiles whose operands are all "
       "read by descriptor is filled S - 2 tiles ahead instead of S - 1, so that CUDA code keeps one "
       "wgmma group in flight (docs/decisions.md, \"Slot reuse with asynchronous readers\"). "
       "With async, `bulk` fills each slot by bulk tensor copies (TMA, sm_90) on CUDA: one "
       "work-item copies the tile's box of the global array, the readers wait on the slot's "
       "mbarrier; only fills that are boxes of a global array into a 128-byte-swizzled tile "
       "qualify (others are refused, naming why), and launches whose arrays are not on 16 bytes "
       "run the cp.async ring instead (docs/decisions.md, \"Issue 29: TMA (tma18)\")."},
      {"precompute",
       "precompute (loopy's transform/precompute.py): evaluates a substitution rule over the "
       "footprint of its invocations swept over `sweep_inames`, stores it in a temporary, and "
       "replaces the invocations inside that footprint by reads of the temporary."},
      {"prioritize_loops",
       "prioritize_loops (loopy's transform/iname.py): fixes the nesting of loops. Refuses: an "
       "unknown iname, an iname listed twice, and — through the legality check — an order that "
       "runs a dependence backwards (e.g. interchanging loops around a recurrence)."},
      {"privatize_temporaries_with_inames",
       "privatize_temporaries_with_inames (loopy's transform/privatize.py): a temporary written "
       "inside the loops of `privatizing_inames` gets one copy per iteration of those loops, an "
       "axis appended per iname (its constant length), indexed `iname - lower bound` in every "
       "access. loopy does the same implicitly for ilp and vec inames "
       "(src/analysis/privatize_ilp.cpp, which this shares)."},
      {"realize_reduction",
       "realize_reduction (loopy's preprocess.realize_reduction, a public loopy function): "
       "reductions become accumulator temporaries with init and update instructions, in the "
       "kernel itself rather than at code generation, so later transforms can address them (tag "
       "the update, privatize the accumulator, add dependencies on the init). The realization "
       "is code generation's own: types are inferred first; a reduction over l.N inames becomes "
       "a local-memory tree when the kernel has hardware axes. `insn_id_filter` (a match "
       "expression) limits it to the instructions it selects. Refuses: a filter that selects no "
       "instruction holding a reduction. The result computes what the kernel computed, instance "
       "for instance."},
      {"reduction_arg_to_subst_rule",
       "reduction_arg_to_subst_rule (loopy's transform/data.py): turns the argument of a "
       "reduction into a substitution rule of the reduction's inames, e.g. to precompute it. "
       "Every reduction over exactly the set `inames` (in any order) that `within` (a stack "
       "match) selects is rewritten; the rule's parameters are `inames` in the given order and "
       "its other free names (i, j above) are bound where it is invoked, as for any rule. The "
       "rule is called subst_rule_name, else red_<inames joined by _>_arg made unique; "
       "reductions with the same argument share one rule, different arguments get red_k_arg, "
       "red_k_arg_0, ..."},
      {"remove_inames_from_insn",
       "remove_inames_from_insn (loopy's transform/iname.py): takes instructions out of loops. "
       "loopy's use: an instruction that got an iname it does not need (by inlining, or "
       "add_inames_to_insn) runs once instead of once per value of it. For an idempotent "
       "instruction the results stay; an update (out[i] = out[i] + 1) then runs fewer times, so "
       "in general this changes the kernel's meaning, on purpose (DESIGN.md §3a): the result is "
       "its own new reference (finish_meaning_change)."},
      {"remove_instructions",
       "remove_instructions (loopy's transform/instruction.py): deletes instructions, keeping "
       "the order they imposed. Dependencies are propagated across the removed instructions: an "
       "instruction that depended on a removed one now depends on what that one depended on, "
       "transitively while those are removed too (removing b and c from a <- b <- c <- d leaves "
       "d depending on a). nosync entries naming a removed instruction go. Arguments and "
       "temporaries stay declared."},
      {"remove_predicates_from_insn",
       "remove_predicates_from_insn (loopy's transform/instruction.py): drops conditions from "
       "instructions. A predicate is removed from a matched instruction when it is structurally "
       "equal to one of the given expressions (parsed from the kernel language, e.g. \"cond\" or "
       "\"i > 5\"). The instruction then runs where it used to be skipped, so this changes the "
       "kernel's meaning on purpose (DESIGN.md §3a): the result is its own new reference and must "
       "pass every check (a now-unguarded access must stay inside its array, for instance)."},
      {"remove_unused_inames",
       "remove_unused_inames (loopy's transform/iname.py): drops inames no instruction runs in "
       "or reduces over. The inames are projected out of their domains, so constraints they "
       "imposed on the remaining inames survive (existentially quantified); a domain left "
       "without inames is dropped. Their tags and their places in loop priorities go too. An "
       "iname that bounds the domain of a remaining iname ({[j]: 0<=j<=i}) counts as used. With "
       "no `inames`, every unused iname is removed. Instances do not change (an instruction's "
       "instances never depended on inames it does not use)."},
      {"rename_argument",
       "rename_argument (loopy's transform/data.py): gives a kernel argument a new name. The new "
       "name takes the old one's place everywhere the kernel can name an argument: the argument "
       "list, domains (a domain parameter such as n), assumptions, instructions (expressions, "
       "assignees, predicates), substitution-rule bodies (unless a rule parameter shadows the "
       "name), other arrays' shapes, offsets and stride:EXPR dim_tags, temporaries' shapes, and "
       "recorded array rewrites. The kernel computes the same values; only the name a caller "
       "passes changes, so the renamed kernel becomes its own reference."},
      {"rename_iname",
       "rename_iname / rename_inames (loopy's transform/iname.py): renames an iname, or merges "
       "loops. The new name takes the old one's place everywhere: domains (also where the old "
       "iname bounds another domain), instructions (within_inames, expressions, reductions), "
       "tags and loop priorities. With `within`, only the matched instructions switch; the "
       "others keep the old iname, and the new one is added beside it with the same constraints "
       "(its tag copied)."},
      {"rename_inames",
       "rename_iname / rename_inames (loopy's transform/iname.py): renames an iname, or merges "
       "loops. The new name takes the old one's place everywhere: domains (also where the old "
       "iname bounds another domain), instructions (within_inames, expressions, reductions), "
       "tags and loop priorities. With `within`, only the matched instructions switch; the "
       "others keep the old iname, and the new one is added beside it with the same constraints "
       "(its tag copied)."},
      {"save_and_reload_temporaries",
       "save_and_reload_temporaries (loopy's transform/save.py, by a different route): private "
       "and local memory do not survive the kernel split at a global barrier, so temporaries "
       "live across one move to global memory, one copy per work-item (private) or per work-"
       "group (local)."},
      {"set_instruction_priority",
       "set_instruction_priority (loopy's transform/instruction.py): sets instructions' "
       "priority. In loopy a higher priority schedules an instruction sooner among those ready. "
       "loom's linearization orders instructions by their dependencies and keeps loops fused "
       "(DESIGN.md §3a), so the priority changes neither order nor meaning; it is kept, printed "
       "and round-tripped."},
      {"set_temporary_address_space",
       "set_temporary_address_space (loopy's transform/data.py; set_temporary_scope is its old "
       "name): forces the address space of temporaries instead of leaving it to code "
       "generation's rule (local when written across every l.N iname of the group, ...)."},
      {"simplify_indices",
       "simplify_indices (loopy's transform/instruction.py with symbolic.simplify_using_aff): "
       "rewrites each affine index expression into the simplest form isl finds for it on the "
       "values the index can take. An index is simplified on the domain of the inames around it "
       "(the instruction's, and the reductions' that enclose it) and the kernel's assumptions: "
       "isl's gist under that context, then isl's AST expression builder, kept when it has fewer"
       " nodes. Only indices built from integers, names, +, -, *, // and % by positive constants"
       " are touched; anything else (true division, calls, data, floats) and any result isl "
       "cannot write as one piece stays as written. Indices inside rule bodies are simplified at"
       " each invocation, the rule's parameters left unconstrained; a rule simplified "
       "differently at different invocations becomes variants. The value of every index is "
       "unchanged wherever it is evaluated, so the kernel computes the same."},
      {"set_array_axis_names",
       "set_array_axis_names (loopy's transform/data.py, old name set_array_dim_names): names the "
       "axes of arrays. loopy keeps the names as dim_names, read only by its printing and by "
       "split_array_dim's names for new axes; they never change what a kernel computes or its "
       "code. loom's axes are positional, so the transform checks its arguments as loopy does "
       "and returns the kernel unchanged. Refuses: an unknown array or a value argument, a "
       "number of names other than the rank, a name that is not an identifier, a name given "
       "twice."},
      {"split_array_axis",
       "split_array_axis (loopy's transform/data.py, old name split_array_dim): splits one axis "
       "of arrays into two, keeping every element where it is in memory. The new indices are x "
       "// count and x % count of the old index x, simplified on the domain of the instruction "
       "that holds the access (as simplify_indices does), so a split iname lines up with the new"
       " axes. The layout becomes explicit strides (count * s and s for an axis of stride s), so"
       " the data does not move. The renumbering is recorded as an ArrayRewrite: checks compare "
       "the array by its original logical index."},
      {"split_iname",
       "split_iname (loopy's transform/iname.py): replaces an iname by an outer and an inner "
       "one. slabs=(head, tail) generates the outer loop in pieces (isl's separation) so that "
       "the bulk of full tiles has no guards and partial tiles are peeled; no iteration runs "
       "twice. i_outer takes i's place in the nesting, i_inner nests directly inside it. "
       "Reductions over i become reductions over (i_outer, i_inner). With `within`, only "
       "matching instructions are split; the others keep i. Refuses: an unknown iname, a length "
       "below 1, an iname already tagged with a parallel or unroll tag (split first, then tag "
       "the pieces), names that already exist. The rewrite keeps every instance's order, so it "
       "can only become illegal through the tags it applies (checked like tag_inames)."},
      {"split_reduction_inward",
       "split_reduction_inward / split_reduction_outward (loopy's transform/iname.py): split a "
       "reduction over several inames into two nested reductions. Every reduction (in the "
       "instructions and rule invocations `within` selects, a stack match) whose inames include "
       "all of `inames` and at least one more is split; both parts keep the reduction's own "
       "iname order. The operation is associative (sum, product, max, min), so the value is the "
       "same up to floating-point rounding: DESIGN.md §3a lets reductions regroup freely. The "
       "nested form is what realize_reduction then implements as two accumulators."},
      {"split_reduction_outward",
       "split_reduction_inward / split_reduction_outward (loopy's transform/iname.py): split a "
       "reduction over several inames into two nested reductions. Every reduction (in the "
       "instructions and rule invocations `within` selects, a stack match) whose inames include "
       "all of `inames` and at least one more is split; both parts keep the reduction's own "
       "iname order. The operation is associative (sum, product, max, min), so the value is the "
       "same up to floating-point rounding: DESIGN.md §3a lets reductions regroup freely. The "
       "nested form is what realize_reduction then implements as two accumulators."},
      {"tag_array_axes",
       "tag_array_axes (loopy's transform/data.py, old name tag_data_axes): sets the memory "
       "layout of arrays, one dim tag per axis (src/ir/layout.hpp). Only where elements live "
       "changes: every access keeps its logical index, so the kernel computes the same and "
       "checks compare by logical index with no rewrite to record; host arrays passed to the "
       "kernel must have the new strides (the launcher says so otherwise). Temporaries may also "
       "take `swizzle128` on their contiguous axis (stride 1, the other axes stride:EXPR): 16-byte "
       "chunk c of each 128-byte row r is stored at chunk c ^ (r % 8), the layout Hopper's wgmma "
       "reads without bank conflicts; `swizzle128:N` stores an axis wider than 128 bytes in column "
       "blocks of 128 bytes N elements apart. Only the printed index changes (C, OpenCL, CUDA); the "
       "storage is padded to whole 1024-byte blocks and starts on 1024 bytes."},
      {"tag_inames",
       "tag_inames (loopy's transform/iname.py): gives inames implementation tags. Keys may be "
       "globs (`i_*:unr`); tags are loopy's (for, ord, g.N, l.N, l.auto, unr, unr_hint[.N], ilp,"
       " ilp.unr, ilp.seq, vec), plus `like.X` (X's tag) and `unused.g` / `unused.l` (the lowest"
       " axis of that kind no iname uses yet). Refuses: a key matching no iname, an unknown tag,"
       " a second, different implementation tag on an iname (untag it first), and — through the "
       "legality checks — a parallel tag that would cross a dependence or make two work-items "
       "write the same element."},
      {"tag_instructions",
       "tag_instructions (loopy's transform/instruction.py): adds a tag to instructions. Tags "
       "only name instructions for later matches (`tag:hot`); they change nothing else. With no "
       "`within`, every instruction gets the tag; an instruction that has it already keeps it "
       "once. One tag is also read by code generation, and changes how, not what, the code "
       "computes: `store_whole_lines` on a store `b[.., base + 32*q + lane]` into a global array "
       "of 4-byte elements (q an unr iname, lane an l.0 iname over 0..31) rotates the lanes by "
       "the row's distance to the next 128-byte line, so that each warp store writes one line "
       "(CUDA and OpenCL, the full work-groups' nest; an odd row pitch no longer splits every "
       "store over two lines); a tagged instruction it does not fit is refused with the reason."},
      {"tensorize",
       "tensorize (TVM's tensorize, Triton's tl.dot): marks an instruction's (i, j, k) tile as one "
       "warp-level matrix multiply-accumulate of the tensor cores. The tile's meaning is the loops' "
       "meaning: on the C and OpenCL targets it runs as ordinary loops, so a tensorized kernel "
       "computes exactly what it computed before and CI checks that; the checks make sure the "
       "fragments can hold it: `c[..] = sum(.., a[..] * b[..])` with the tile's k summed, i and j "
       "indexing the float32 result, one read indexed by (i, k) and one by (k, j) with unit steps, "
       "one of the two on the read's contiguous axis, reads from local or global memory, float16 or "
       "bfloat16 operands (shape m16n8k16) or float32 rounded to TF32 (m16n8k8, only with "
       "allow_tf32), tile inames sequential and ranging over exactly M, N and K values from 0. "
       "On CUDA the tile is a warp's work: the instruction is within no local iname of the warp's "
       "32 lanes (an l.0 iname of 32 values that the fetches use, say), the lanes share the tile, "
       "each holding its part of the fragments, and one mma.sync replaces the three loops "
       "(codegen/tensor_cores.cpp; examples/tensor/bf16_gemm.json). The shapes m64n<N>k16 "
       "(float16, bfloat16) and m64n<N>k8 (TF32), N a multiple of 8 up to 256, are Hopper's "
       "warpgroup MMA (wgmma, sm_90a): the tile is the work of 128 consecutive work-items (4 warps), "
       "whose local inames the instruction must not be within; both operands come from local tiles "
       "in the 128-byte swizzle (tag_array_axes swizzle128) by descriptor, stored k-major (rows of "
       "128 bytes along k) or m-/n-major (rows of 128 bytes along i or j, column blocks with "
       "swizzle128:N; not for TF32), whole along k (a round_up k split); CUDA code generation "
       "refuses any other layout with the reason (examples/tensor/bf16_gemm_wgmma.json). TF32's A "
       "operand (the read indexed by the first iname) in an unswizzled local tile is loaded into "
       "registers instead, any layout: with b stored n-major, tensorize with inames [j, i, k] "
       "(c^T = b^T a^T: b is A, from registers, a the k-major B; "
       "examples/tensor/tf32_gemm_wgmma.json)."},

      {"to_batched",
       "to_batched (loopy's transform/batch.py): turns a kernel that does one operation into one "
       "that does `nbatches` independent copies of it, over a new outermost iname `ibatch`. "
       "`nbatches` is a constant or the name of a new integer value argument (one that is "
       "already a value argument is used as it is). Each argument in `batch_varying_args` gets a "
       "leading axis of that length (C order); a value argument there becomes an array of shape "
       "(nbatches). Every instruction runs within `ibatch` too, and every access to a "
       "batch-varying variable gets `ibatch` as its first index. The copies must not share "
       "scratch storage, so, as in loopy, temporaries also get the batch axis, except private "
       "ones and read-only ones with an initializer (unless named in `batch_varying_args`). With "
       "`sequential`, no temporary gets the axis: the batches run one after the other in one "
       "loop and reuse the temporaries. The result computes something new on purpose, so it "
       "becomes its own reference (DESIGN.md §3a) and must pass every check."},
      {"unprivatize_temporaries_with_inames",
       "unprivatize_temporaries_with_inames (loopy's transform/privatize.py): the inverse of "
       "privatize_temporaries_with_inames. A temporary whose every access indexes one axis by "
       "exactly an unprivatizing iname (`i`, or `i - lower` as privatization writes it) loses "
       "that axis: each iteration used its own slot, so one slot, reused, holds the same values."},
      {"untag_inames",
       "untag_inames (loopy's transform/iname.py): removes inames' implementation tags. loopy's "
       "untag_inames(kernel, iname, tag_type) removes the tags of one class; loom has one "
       "implementation tag per iname, so this removes it. An iname without a tag stays as it is."
       " Making a loop sequential cannot break a dependence or create a race, but the result "
       "still goes through the checks like every transform."},
  };
  return table;
}

}  // namespace

std::string transform_description(const std::string& name) {
  auto found = descriptions().find(name);
  return found == descriptions().end() ? std::string() : found->second;
}

}  // namespace loom
