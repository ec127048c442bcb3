"""The Oracle reader by ability (#14): abilities split by the rules' kinds before any sentence is read, the
common draw templates, and what the engine does with them. Texts are the cards' Oracle texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import default_cards
from engine.effects import DrawStepTrigger, DrawTrigger, EventTrigger, Miracle, NotModelled, Op, SkipDrawStep, SpellText
from engine.oracle import modelled, read_oracle
from engine.oracle.abilities import AbilityKind, split_abilities
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from tests.conftest import CARDS_DIR

RELIC = ("{T}: Target player exiles a card from their graveyard.\n"
         "{1}, Exile Relic of Progenitus: Exile all graveyards. Draw a card.")
GARRUK = ("0: Create two 2/2 black and green Wolf creature tokens with \u201cWhen this creature dies, put a loyalty "
          "counter on each Garruk you control.\u201d\n\u22123: Destroy target creature. Draw a card.\n"
          "\u22126: You get an emblem with \u201cCreatures you control get +3/+3 and have trample.\u201d")
MALCOLM = ("Flash\nFlying\nWhenever Malcolm deals combat damage to a player, put a chorus counter on it. Draw a card, "
           "then discard a card. If there are four or more chorus counters on Malcolm, you may cast the discarded "
           "card without paying its mana cost.")


def test_abilities_are_split_by_kind_before_sentences_are_read() -> None:
    kinds = [a.kind for a in split_abilities(RELIC, spell=False)]
    assert kinds == [AbilityKind.ACTIVATED, AbilityKind.ACTIVATED]
    assert [a.kind for a in split_abilities(GARRUK, spell=False)] == [AbilityKind.LOYALTY] * 3
    malcolm = split_abilities(MALCOLM, spell=False)
    assert [a.kind for a in malcolm] == [AbilityKind.KEYWORD, AbilityKind.KEYWORD, AbilityKind.TRIGGERED]
    assert malcolm[2].head == "Whenever Malcolm deals combat damage to a player"


@pytest.mark.parametrize("name,text,type_line", [
    ("Relic of Progenitus", RELIC, "Artifact"),
    ("Garruk, Cursed Huntsman", GARRUK, "Legendary Planeswalker — Garruk"),
    ("Malcolm, Alluring Scoundrel", MALCOLM, "Legendary Creature — Siren Pirate"),
])
def test_an_abilitys_draw_is_never_the_cards_spell_text(name: str, text: str, type_line: str) -> None:
    """The issue's examples: a cost, a loyalty ability or a combat trigger used to become spell text."""
    reading = read_oracle(name, text, type_line)
    assert reading.understood and not reading.misplaced
    drawing = [e for e in modelled(reading.effects) if any(op.do == "draw" for op in getattr(e, "ops", ()))]
    assert drawing and all(isinstance(e, EventTrigger) or isinstance(e, SpellText) and e.activated
                           for e in drawing)


def test_night_s_whisper_draws_and_loses_life() -> None:
    [spell] = modelled(read_oracle("Night's Whisper", "You draw two cards and you lose 2 life.", "Sorcery").effects)
    assert spell.ops == (Op("draw", 2, "you"), Op("lose_life", 2, "you"))


@pytest.mark.parametrize("text,expect", [
    ("Draw two cards, then discard a card.", [("draw", 2, "you"), ("discard", 1, "you")]),
    ("Discard a card, then draw two cards.", [("discard", 1, "you"), ("draw", 2, "you")]),
    ("Target player draws three cards.", [("draw", 3, "target")]),
    ("Each opponent draws a card.", [("draw", 1, "each_opponent")]),
    ("Draw a card for each creature you control.", [("draw", "X", "you")]),
    ("Draw cards equal to the number of cards in your hand.", [("draw", "X", "you")]),
    ("Draw X cards.", [("draw", "X", "you")]),
    ("You and target opponent each draw two cards.", [("draw", 2, "you_and_that_player")]),
    ("Investigate twice. (To investigate, create a Clue token. It's an artifact with \"{2}, Sacrifice this token: "
     "Draw a card.\")", [("token", 2, "you")]),
    ("Draw a card at the beginning of the next turn's upkeep.", [("delayed_draw", 1, "you")]),
])
def test_common_spell_templates(text: str, expect: list[tuple[object, ...]]) -> None:
    reading = read_oracle("Test Spell", text, "Sorcery")
    assert reading.understood
    [spell] = modelled(reading.effects)
    assert [(op.do, op.amount, op.who) for op in spell.ops] == expect


def test_trigger_and_static_templates() -> None:
    second = modelled(read_oracle("T", "Whenever you draw your second card each turn, create a 1/1 Thopter token.",
                                  "Artifact").effects)
    assert isinstance(second[0], DrawTrigger) and second[0].condition.nth_each_turn == 2
    step = modelled(read_oracle("T", "At the beginning of your draw step, you lose 1 life.", "Enchantment").effects)
    assert isinstance(step[0], DrawStepTrigger) and step[0].ops == (Op("lose_life", 1, "you"),)
    assert modelled(read_oracle("T", "Skip your draw step.", "Enchantment").effects) == [SkipDrawStep("you")]
    cycling = modelled(read_oracle("T", "Cycling {2} ({2}, Discard this card: Draw a card.)", "Creature").effects)
    assert cycling[0].activated and cycling[0].cost.startswith("cycling")
    assert isinstance(modelled(read_oracle("T", "Miracle {1}{U}", "Sorcery").effects)[0], Miracle)


def test_a_draw_sentence_not_understood_is_reported_with_its_ability() -> None:
    reading = read_oracle("Odd", "Flying\nWhenever this creature attacks, draw a card for every other Tuesday "
                          "unless the moon is full and you juggle.", "Creature")
    assert reading.not_understood and reading.not_understood[0].startswith("Whenever")
    assert isinstance(reading.effects[0], NotModelled)


def test_a_triggered_ability_made_by_an_effect_is_not_the_effects_draw() -> None:
    text = ("III — Whenever you cast a spell with mana value 5 or greater this turn, draw two cards, then discard "
            "a card.")
    reading = read_oracle("Saga", text, "Enchantment — Saga")
    assert not reading.understood


def _dev_cards() -> list[dict[str, str]]:
    return json.loads((CARDS_DIR / "draw-cards-dev.json").read_text())["cards"]


def test_no_card_that_reads_fully_today_stops_reading() -> None:
    listed = [n for n in (Path(__file__).parent / "oracle_fully_read.txt").read_text().splitlines()
              if n and not n.startswith("#")]
    cards = {c["name"]: c for c in _dev_cards()}
    regressed = [n for n in listed if read_oracle(n, cards[n]["oracle_text"], cards[n]["type_line"]).status != "full"]
    assert not regressed, regressed[:10]
    assert len(listed) >= 1700


def test_the_development_half_reads_without_crash_or_misplaced_spell_text() -> None:
    readings = [read_oracle(c["name"], c["oracle_text"], c.get("type_line", "")) for c in _dev_cards()]
    assert sum(r.status == "full" for r in readings) / len(readings) >= 0.80
    assert not [r.name for r in readings if r.misplaced]


def _cast(text: str, **extra: object) -> object:
    reading = read_oracle("Test Spell", text, "Sorcery")
    db = default_cards().with_extra([reading.card(text, "Sorcery")])
    # a hand of 4: the spell, which goes to the stack as it is cast (601.2a), and three other cards
    doc = {"players": [{"name": "You", "library": 10, "hand": 4}, {"name": "Opponent"}],
           "action": {"type": "cast", "card": "Test Spell", "player": "You"}, **extra}
    return resolve(scenario_from_json(doc, db), db)


def test_the_engine_follows_may_and_if_you_do() -> None:
    res = _cast("You may discard a card. If you do, draw two cards.")
    assert res.players["You"]["hand"] == 4 and res.players["You"]["graveyard"] == 2  # the card and the spell
    declined = [b for b in res.branches if b["choice"].startswith("may:")]
    assert declined and declined[0]["players"]["You"]["hand"] == 3


def test_the_engine_states_a_condition_in_words_and_gives_the_other_case() -> None:
    res = _cast("Draw a card. If a creature died this turn, draw two cards instead.")
    assert res.players["You"]["hand"] == 5 and any(s.kind == "assumption" for s in res.steps)
    assert any(b["players"]["You"]["hand"] == 4 for b in res.branches)
    # one the board decides is checked, not assumed (#26j): with no permanent, no eight lands
    board = _cast("Draw a card. If you control eight or more lands, draw two cards instead.")
    assert board.players["You"]["hand"] == 4 and not board.branches


def test_a_delayed_draw_is_reported_not_drawn() -> None:
    res = _cast("Draw a card at the beginning of the next turn's upkeep.")
    assert res.players["You"]["hand"] == 3 and any(s.kind == "delayed" and "603.7" in s.rules for s in res.steps)


def _with(name: str, text: str, type_line: str) -> object:
    reading = read_oracle(name, text, type_line)
    assert reading.understood, reading.not_understood
    return default_cards().with_extra([reading.card(text, type_line)])


def test_a_permanent_entering_triggers_its_own_enters_ability() -> None:
    """603.6a: "When Kiora enters, draw two cards, then discard two cards." read from text and asked about
    in words."""
    from engine.situation import parse_situation

    db = _with("Kiora, the Rising Tide", "When Kiora enters, draw two cards, then discard two cards.\nThreshold — "
               "Whenever Kiora attacks, if there are seven or more cards in your graveyard, you may create Scion of "
               "the Deep, a legendary 8/8 blue Octopus creature token.", "Legendary Creature — Merfolk Noble")
    res = resolve(parse_situation("I have 10 cards in library and 3 in hand. Kiora, the Rising Tide enters under "
                                  "my control.", db), db)
    me = res.players["You"]
    assert me["hand"] == 3 and me["graveyard"] == 2 and me["library"] == 8 and "603.6a" in set(res.rules)


def test_cycling_and_activated_abilities_are_asked_for_by_verb() -> None:
    from engine.situation import parse_situation

    db = _with("Rescind", "Return target permanent to its owner's hand.\nCycling {2} ({2}, Discard this card: "
               "Draw a card.)", "Instant")
    cycled = resolve(parse_situation("I have 10 cards in library. I cycle Rescind.", db), db)
    assert cycled.players["You"]["library"] == 9 and "702.29a" in set(cycled.rules)
    db = _with("Compulsion", "{1}{U}, Discard a card: Draw a card.\n{1}{U}, Sacrifice this enchantment: Draw a "
               "card.", "Enchantment")
    used = resolve(parse_situation("I have 10 cards in library. I activate Compulsion.", db), db)
    assert used.players["You"]["library"] == 9
    assert any(b["choice"].startswith("ability:Compulsion") for b in used.branches) or len(used.branches) == 0


def test_other_permanents_see_a_permanent_of_their_type_enter() -> None:
    """Landfall-style and "another creature" abilities trigger on the entering card's type line (603.6a);
    an opponent's land doesn't trigger "a land you control"."""
    from engine.cards import Card

    watcher_text = "Whenever a land you control enters, you may draw a card."
    reading = read_oracle("Test Watcher", watcher_text, "Enchantment")
    land = Card("Test Land", "{T}: Add {C}.", (NotModelled("{T}: Add {C}."),), type_line="Land")
    db = default_cards().with_extra([reading.card(watcher_text, "Enchantment"), land])
    doc = {"players": [{"name": "You", "library": 10, "hand": 3, "battlefield": ["Test Watcher"]},
                       {"name": "Opponent"}],
           "action": {"type": "cast", "card": "Test Land", "player": "You", "ability": "enters"}}
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["You"]["hand"] == 4 and res.players["You"]["library"] == 9
    theirs = resolve(scenario_from_json({**doc, "action": {**doc["action"], "player": "Opponent"}}, db), db)
    assert theirs.players["You"]["hand"] == 3


def test_cycling_triggers_resolve_before_the_cycling_draw() -> None:
    """702.29c: "When you cycle this card" triggers when it's cycled and resolves before the draw."""
    db = _with("Test Cycler", "Cycling {2} ({2}, Discard this card: Draw a card.)\nWhen you cycle this card, "
               "each opponent loses 2 life.", "Creature — Beast")
    doc = {"players": [{"name": "You", "library": 10}, {"name": "Opponent"}],
           "action": {"type": "cast", "card": "Test Cycler", "player": "You", "ability": "cycle"}}
    res = resolve(scenario_from_json(doc, db), db)
    kinds_in_order = [s.kind for s in res.steps]
    assert res.players["Opponent"]["life"] == 18 and res.players["You"]["library"] == 9
    assert kinds_in_order.index("lose_life") < kinds_in_order.index("draw")


def test_a_permanent_dying_triggers_its_own_and_watching_abilities() -> None:
    """700.4 and 603.10a: "When this creature dies, draw a card" (its own) and "Whenever another creature you
    control dies, draw a card" (a watcher, by the dying card's type line)."""
    from engine.cards import Card
    from engine.situation import parse_situation

    dier_text = "When this creature dies, draw a card."
    watcher_text = "Whenever another creature you control dies, you draw a card."
    dier = read_oracle("Test Dier", dier_text, "Creature — Ape").card(dier_text, "Creature — Ape")
    watcher = read_oracle("Test Watcher", watcher_text, "Enchantment").card(watcher_text, "Enchantment")
    db = default_cards().with_extra([dier, watcher, Card("Test Rock", "", (NotModelled("-"),), type_line="Artifact")])
    res = resolve(parse_situation("I control Test Watcher. I have 10 cards in library and 0 in hand. My Test Dier "
                                  "dies.", db), db)
    assert res.players["You"]["hand"] == 2 and res.players["You"]["graveyard"] == 1
    rock = resolve(parse_situation("I control Test Watcher. I have 10 cards in library and 0 in hand. I sacrifice "
                                   "Test Rock.", db), db)
    assert rock.players["You"]["hand"] == 0  # an artifact is not a creature: the watcher doesn't trigger


def test_cards_in_graveyards_losing_their_abilities_stops_dredge() -> None:
    """Yixlid Jailer: "Cards in graveyards lose all abilities." A dredge card can't replace the draw, and the
    answer says why."""
    text = "Cards in graveyards lose all abilities."
    jailer = read_oracle("Test Jailer", text, "Creature — Zombie Wizard").card(text, "Creature — Zombie Wizard")
    db = default_cards().with_extra([jailer])
    doc = {"players": [{"name": "You", "library": 10, "hand": 0, "graveyard": ["Golgari Thug"]},
                       {"name": "Opponent", "battlefield": ["Test Jailer"]}],
           "action": {"type": "draw", "player": "You", "count": 1}, "choices": {"apply:Golgari Thug:You": True}}
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["You"]["hand"] == 1 and res.players["You"]["graveyard"] == 1
    assert any(s.kind == "why_not" and "Test Jailer" in s.text for s in res.steps)


def test_hellbent_and_threshold_are_checked_not_assumed() -> None:
    """A condition the game state decides ("if you have no cards in hand", seven cards in the graveyard) is
    read from the state: no assumption, no alternative."""
    hellbent = _cast("Draw a card. If you have no cards in hand, draw two cards instead.")
    assert hellbent.players["You"]["hand"] == 4 and not any(s.kind == "assumption" for s in hellbent.steps)
    reading = read_oracle("Test Spell", "Draw a card. If seven or more cards are in your graveyard, draw two cards "
                          "instead.", "Sorcery")
    db = default_cards().with_extra([reading.card("-", "Sorcery")])
    doc = {"players": [{"name": "You", "library": 10, "hand": 0, "graveyard": 7}, {"name": "Opponent"}],
           "action": {"type": "cast", "card": "Test Spell", "player": "You"}}
    threshold = resolve(scenario_from_json(doc, db), db)
    assert threshold.players["You"]["hand"] == 2 and not any(s.kind == "assumption" for s in threshold.steps)


def test_a_second_card_each_turn_trigger_fires_once_and_never_in_a_batch() -> None:
    """"Whenever you draw your second card each turn" triggers on that card only, in a draw of 20 too."""
    text = "Whenever you draw your second card each turn, each opponent loses 3 life."
    db = default_cards().with_extra([read_oracle("Test Second", text, "Enchantment").card(text, "Enchantment")])
    for count, already in ((20, 0), (1, 1), (5, 2)):
        doc = {"players": [{"name": "You", "library": 40, "battlefield": ["Test Second"], "drawn_this_turn": already},
                           {"name": "Opponent"}], "action": {"type": "draw", "player": "You", "count": count}}
        fast = resolve(scenario_from_json(doc, db), db)
        slow = resolve(scenario_from_json(doc, db), db, compress=False)
        expected = 17 if already < 2 <= already + count else 20
        assert fast.players["Opponent"]["life"] == slow.players["Opponent"]["life"] == expected


def test_a_card_put_into_a_graveyard_from_the_library_or_hand_triggers_its_own_ability() -> None:
    """603.10a: "When this is put into your graveyard from your library" (Gaea's Blessing's template) and
    "from anywhere"; a card discarded from the hand doesn't trigger a from-your-library ability."""
    from engine.situation import parse_situation

    text = ("Target player draws a card.\nWhen this card is put into your graveyard from your library, you draw "
            "two cards.")
    db = default_cards().with_extra([read_oracle("Test Blessing", text, "Sorcery").card(text, "Sorcery")])
    milled = resolve(parse_situation("I have 10 cards in library and 0 in hand. Test Blessing is put into my "
                                     "graveyard from my library.", db), db)
    assert milled.players["You"]["hand"] == 2 and milled.players["You"]["graveyard"] == 1
    discarded = resolve(parse_situation("I have 10 cards in library and 1 in hand. I discard Test Blessing.", db),
                        db)
    assert discarded.players["You"]["hand"] == 0 and discarded.players["You"]["library"] == 10


def test_skip_your_draw_step_skips_it() -> None:
    """614.1b and 614.10: Damia's "Skip your draw step." — no draw, and no draw-step triggers."""
    text = "Deathtouch\nSkip your draw step."
    db = default_cards().with_extra([read_oracle("Test Damia", text, "Creature — Gorgon").card(text, "Creature")])
    doc = {"players": [{"name": "You", "library": 10, "hand": 0, "battlefield": ["Test Damia", "Howling Mine"]},
                       {"name": "Opponent"}], "action": {"type": "draw_step"}, "turn": 3, "step": "draw"}
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["You"]["hand"] == 0 and {"614.1b", "614.10"} <= set(res.rules)


@pytest.mark.parametrize("action,where", [
    ({"type": "cast", "card": "Brainstorm", "player": "You", "ability": "juggle"}, "action.ability"),
    ({"type": "cast", "card": "Brainstorm", "player": "You", "ability": "graveyard", "from": "exile"}, "action.from"),
])
def test_bad_ability_fields_are_rejected_with_where_and_a_hint(action: dict[str, object], where: str) -> None:
    from engine.errors import ScenarioError

    with pytest.raises(ScenarioError) as err:
        scenario_from_json({"players": [{"name": "You"}, {"name": "Opponent"}], "action": action})
    assert err.value.where == where and err.value.hint


_DEV_TEXTS = [c["oracle_text"] for c in _dev_cards()[:400]]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_DEV_TEXTS), st.lists(st.tuples(st.integers(0, 10_000), st.sampled_from(
    ["", " ", ",", ".", ":", "—", "(", ")", "\"", "\n", "•", "draw", "instead", "if you do, ", "each", "{2}"])),
    max_size=6), st.sampled_from(["", "Sorcery", "Creature — Bear", "Land", "Instant // Sorcery"]))
def test_the_reader_never_crashes_on_mutated_card_text(text: str, edits: list[tuple[int, str]], type_line: str) -> None:
    """Real card texts with words and punctuation inserted or removed: the reader reads or reports, never
    crashes, and never puts an ability's text into spell text."""
    for at, piece in edits:
        i = at % (len(text) + 1)
        text = text[:i] + piece + text[i + (1 if not piece else 0):]
    reading = read_oracle("Fuzz Card", text, type_line)
    assert reading.status in ("full", "partly", "none") and not reading.misplaced
    reading.card(text, type_line)


def test_adventure_spell_text_gift_and_chapter_ability_words() -> None:
    """An adventure's instant face has spell text; "Gift a card" (702.174) is an optional draw for an
    opponent, taken only as a stated assumption; a chapter's own ability word is not part of its effect."""
    adventure = read_oracle("Foulmire Knight // Profane Insight", "Deathtouch\nYou draw a card and you lose 1 life. "
                            "(Then exile this card. You may cast the creature later from exile.)",
                            "Creature — Zombie Knight // Instant — Adventure")
    assert adventure.understood and [op.do for op in modelled(adventure.effects)[0].ops] == ["draw", "lose_life"]
    gift_text = ("Gift a card (You may promise an opponent a gift as you cast this spell. If you do, they draw a card "
                 "before its other effects.)\nDraw two cards.")
    res = _cast(gift_text)  # unsaid, the plain cast (601.2b): no gift, said, the promised line listed
    assert res.players["Opponent"]["hand"] == 7 and res.players["You"]["hand"] == 5
    assert any(s.kind == "assumption" and "gift" in s.text for s in res.steps)
    assert any(b["players"]["Opponent"]["hand"] == 8 for b in res.branches)
    saga = read_oracle("Saga", "I, II, III — Pain — You draw a card and you lose 1 life.", "Enchantment — Saga")
    assert saga.understood and isinstance(modelled(saga.effects)[0], EventTrigger)
