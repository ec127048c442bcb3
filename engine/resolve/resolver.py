"""The resolver: the state of one resolution (engine.resolve.core) and the stages that act on it.

Why assembled here: each stage is a module of functions over the resolver state (drawing, replacement,
priority, ...); a stage reaches another only through the entry points listed on this class, so stage modules
import none of each other and this module is the one place that knows them all.
"""

from __future__ import annotations

from engine.resolve import actions as actions_stage
from engine.resolve import choices as choices_stage
from engine.resolve import compression as compression_stage
from engine.resolve import draw_step as draw_step_stage
from engine.resolve import drawing as drawing_stage
from engine.resolve import ops as ops_stage
from engine.resolve import priority as priority_stage
from engine.resolve import replacement as replacement_stage
from engine.resolve import result as result_stage
from engine.resolve import zone_changes as zone_stage
from engine.resolve.core import ResolverCore


class Resolver(ResolverCore):
    """Resolves one scenario. ``compress=False`` gives the straightforward one-card-at-a-time path."""

    # actions: the scenario's action carried out, then everything it sets off, then the result
    run = actions_stage.run
    drawing_order = draw_step_stage.drawing_order
    # drawing: one card draw as one event (121.2): prohibitions, replacements, the draw, its triggers
    draw_instruction = drawing_stage.draw_instruction
    draw_event = drawing_stage.draw_event
    single_draw = drawing_stage.single_draw
    # replacement: the replacement effects on one draw (614, 616)
    replacement_candidates = replacement_stage.replacement_candidates
    choose_replacement = replacement_stage.choose_replacement
    apply_replacement = replacement_stage.apply_replacement
    explain_no_triggers = replacement_stage.explain_no_triggers
    # priority: triggered abilities on the stack, state-based actions between their resolutions (704.3)
    add_trigger = priority_stage.add_trigger
    triggers_under = priority_stage.triggers_under
    settle = priority_stage.settle
    # zone changes: entering, dying, put into a graveyard, cycling, and the abilities they trigger
    enters = zone_stage.enters
    dies = zone_stage.dies
    to_graveyard = zone_stage.to_graveyard
    sacrifice_triggers = zone_stage.sacrifice_triggers
    cycle_triggers = zone_stage.cycle_triggers
    discard_triggers = zone_stage.discard_triggers
    refuse_unevaluated_triggers = zone_stage.refuse_unevaluated_triggers
    # choices: "may" decisions (121.3, 121.2b) and optional abilities
    may_draw = choices_stage.may_draw
    draw_forbidden = choices_stage.draw_forbidden
    optional_draw_gate = choices_stage.optional_draw_gate
    optional_default = choices_stage.optional_default
    # compression: a run of identical draws resolved as one group
    draw_run = compression_stage.draw_run
    # operations: what an effect does once it applies, each through its handler
    run_ops = ops_stage.run_ops
    resolve_who = ops_stage.resolve_who
    self_condition = ops_stage.self_condition
    # result: the resolution record
    result = result_stage.result
