"""Rule sets: one object per game and edition, holding the rule numbers it cites and where it differs.

Why: the resolver speaks of concepts ("draws are one at a time", "empty-library loss"); each rule set maps
them to its own numbers, so a 2008 answer cites 423.2 where today's cites 121.2, and the differences between
editions live in one place instead of being scattered through the resolver.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.errors import ScenarioError

CURRENT_CITES: dict[str, tuple[str, ...]] = {
    "draw": ("121.1",),
    "one_at_a_time": ("121.2",),
    "multi_replacement": ("121.2a", "616.1g"),
    "max_one_each_turn": ("121.2b", "614.17"),
    "cant_draw": ("614.17", "101.2"),
    "draw_order": ("121.2c",),
    "team_draw_order": ("121.2d",),
    "may_draw_empty": ("121.3",),
    "may_draw_other": ("121.3a",),
    "reveal_as_drawn": ("121.9",),
    "empty_library_attempt": ("121.4",),
    "not_a_draw": ("121.5",),
    "replace_draw": ("121.6", "614.1a", "614.11"),
    "replace_empty": ("121.6a", "614.11"),
    "replacement_completes": ("121.6b", "614.11a"),
    "additional_action": ("121.6c",),
    "replacement_draws": ("121.7",),
    "face_down": ("121.8",),
    "choose_replacement": ("616.1", "616.1e"),
    "optional_replacement": ("614.1a",),
    "cant_beats_replacement": ("614.17c",),
    "replaced_never_happens": ("603.2g", "614.6"),
    "dredge_too_few": ("702.52b",),
    "poison": ("122.1f",),
    "sba_poison": ("704.5c",),
    "sba_poison_2hg": ("704.6b", "810.8d"),
    "team_result": ("810.8a",),
    "shared_turn_triggers": ("805.4d",),
    "sba_check": ("704.3",),
    "legend_rule": ("704.5j",),
    "team_life": ("810.9",),
    "if_you_do": ("608.2c",),
    "intervening_if": ("603.4",),
    "delayed": ("603.7",),
    "etb": ("603.6a",),
    "graveyard_abilities_lost": ("613.1f", "702.52a"),
    "dies": ("700.4", "603.6c", "603.10a"),
    "to_graveyard": ("603.6c", "603.10a"),
    "repeat_replacements": ("616.1f",),
    "once_per_event": ("614.5",),
    "self_replacement": ("614.15",),
    "skip": ("614.10",),
    "skip_step": ("614.1b", "614.10"),
    "draw_step": ("504.1",),
    "draw_step_priority": ("504.2",),
    "first_turn_two_player": ("103.8a",),
    "first_turn_2hg": ("103.8b", "810.6"),
    "team_draw_step": ("805.4b", "805.6a"),
    "first_turn_multiplayer": ("103.8c",),
    "trigger": ("603.2",),
    "stack_triggers": ("603.3", "603.3b"),
    "sba_life": ("704.5a",),
    "sba_draw": ("704.5b", "104.3c"),
    "all_lose": ("104.4a",),
    "win_effect": ("104.2b",),
    "cant_lose": ("104.3",),
    "life": ("119.3",),
    "damage": ("120.3",),
    "mill": ("701.17a",),
    "discard": ("701.9",),
    "shuffle": ("701.24",),
    "library_position": ("401.4",),
    "search": ("701.23a",),
    "exile": ("701.13a",),
    "dredge": ("702.52a", "702.52b"),
    "miracle": ("702.94a",),
    "token": ("111.1",),
    "reveal": ("701.20a",),
    "amass": ("701.47a",),
    "counter": ("122.1a",),
    "resolve": ("608.2",),
    "pay_cost": ("601.2h", "602.2b"),
    "amount_on_resolution": ("608.2h",),
    "no_negative_numbers": ("107.1b",),
    "sacrifice": ("701.21a",),
    "destroy": ("701.8a",),
    "exchange_control": ("701.12b",),
    "ward": ("702.21a",),
    "countered": ("701.6a",),
    "enchanted": ("303.4", "702.5a"),
    "aura_unattached": ("704.3", "704.5m"),
    "target": ("601.2c",),
    "put_onto_battlefield": ("305.4",),
    "token_leaves": ("704.5d", "111.7"),
    "pay_life": ("119.4", "601.2h"),
    "phyrexian_mana": ("107.4f",),
    "cast_from_graveyard": ("601.2a",),
    "flashback_exile": ("702.34a",),
    "rebound": ("702.88a",),
    "exiles_itself": ("608.2c", "608.2n"),
    "adventure_exile": ("715.3d",),
    "omen_shuffle": ("720.3d",),
    "saga_chapter": ("714.3a", "714.2b"),
    "cast_from_hand": ("601.2a",),
    "cast": ("601.2", "601.2i"),
    "modes": ("700.2", "700.2a"),
    "coin_flip": ("705.1", "705.2"),
    "permanent_resolves": ("608.3", "608.3a"),
    "spell_to_graveyard": ("608.2n",),
    "loop": ("104.4b",),
    "end_turn": ("723.1",),
    "end_turn_exile": ("723.1b",),
}


@dataclass(frozen=True)
class Ruleset:
    game: str
    edition: str
    cites: dict[str, tuple[str, ...]] = field(default_factory=dict)
    team_order_choice: bool = True  # 121.2d: the team chooses; 2008 423.2b: primary player first
    # Whether the edition has a rule for "can't draw more than one card each turn" (121.2b, from 2013); before
    # it, the card's own text decided, and the answer says so.
    has_max_one_rule: bool = True
    # For historical editions: which part of the rules is stored; other steps cite today's numbers.
    stored_rules: str = ""
    # Grand Archive: only its own rules are cited (no fallback to Magic numbers).
    strict: bool = False

    def cite(self, concept: str) -> tuple[str, ...]:
        if self.strict:
            return self.cites.get(concept, ())
        return self.cites.get(concept) or CURRENT_CITES.get(concept, ())

    @property
    def library(self) -> str:
        """What the game calls a player's library (Grand Archive: the deck)."""
        return "deck" if self.game == "grand-archive" else "library"

    @property
    def draw_step(self) -> str:
        """What the game calls the step of the turn's draw (Grand Archive: the draw phase)."""
        return "draw phase" if self.game == "grand-archive" else "draw step"

    @property
    def label(self) -> str:
        return "Grand Archive" if self.game == "grand-archive" else (
            "today's Magic rules" if self.edition == "current" else f"the {self.edition} Magic rules")


_2008 = dict(CURRENT_CITES)
_2008.update({
    "draw": ("423.1",), "one_at_a_time": ("423.2",), "draw_order": ("423.2a",), "team_draw_order": ("423.2b",),
    "may_draw_empty": ("423.3",), "empty_library_attempt": ("423.4",), "not_a_draw": ("423.5",),
    "replace_draw": ("423.6",), "replace_empty": ("423.6a",), "replacement_completes": ("423.6b",),
    "additional_action": ("423.6c",), "sba_draw": ("423.4",),
})
_1999 = dict(CURRENT_CITES)
_1999.update({
    # Z.6.5: cards are taken from the top of the library; Z.6.3: its order is not changed by drawing.
    "draw": ("Z.6.1", "Z.6.5"), "empty_library_attempt": ("Z.6.8",), "sba_draw": ("Z.6.8",),
    "library_order": ("Z.6.3",), "library_position": ("Z.6.5", "Z.6.6"), "search": ("Z.6.9",),
    "mill": ("Z.6.7",), "public_count": ("Z.6.4",),
})

# Grand Archive cites page + item of its rulebook (rules.gatcg.com).
_GA = {
    "draw": ("Drawing Cards 1",),
    "one_at_a_time": ("Drawing Cards 2", "Drawing Cards 2.1"),
    "draw_order": ("Drawing Cards 2",),
    "empty_library_attempt": ("Drawing Cards 6",),
    "sba_draw": ("Ending the Game 2", "Ending the Game 5"),
    "all_lose": ("Ending the Game 6",),
    "draw_step": ("Draw Phase 1",),
    "first_turn_two_player": ("Starting the Game, Standard Games - Turn One 2",),
    "first_turn_multiplayer": ("Starting the Game, Standard Games - Turn One 2",),
    "not_a_draw": ("Drawing Cards 4", "Drawing Cards 5"),
    "stack_triggers": ("Drawing Cards 3",),
    "memory": ("Drawing Cards 1", "Memory 2"),
    "win_effect": ("Ending the Game 4",),
}

MTG_CURRENT = Ruleset("mtg", "current", dict(CURRENT_CITES))
MTG_2008 = Ruleset("mtg", "2008", _2008, team_order_choice=False, has_max_one_rule=False,
                   stored_rules="rule 423 (Drawing a Card)")
MTG_1999 = Ruleset("mtg", "1999", _1999, team_order_choice=False, has_max_one_rule=False,
                   stored_rules="section Z.6 (Library)")
GRAND_ARCHIVE = Ruleset("grand-archive", "current", _GA, strict=True)

RULESETS = {"current": MTG_CURRENT, "2008": MTG_2008, "1999": MTG_1999}


def ruleset_for(game: str, edition: str) -> Ruleset:
    if game == "grand-archive":
        return GRAND_ARCHIVE
    if game != "mtg":
        raise ScenarioError(f"unknown game {game!r}", "game", "use mtg or grand-archive")
    key = "current" if edition in ("", "current") or edition[:2] == "20" and len(edition) == 10 else edition
    if key not in RULESETS:
        raise ScenarioError(f"unknown edition {edition!r}", "edition", "use current, 2008 or 1999")
    return RULESETS[key]
