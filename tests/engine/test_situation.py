"""The situation language: the contract's examples, table talk phrasings, errors, and robustness."""

from __future__ import annotations

import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import ScenarioError
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import (
    PHRASES,
    Clarification,
    SituationError,
    all_examples,
    language_reference,
    parse_situation,
    reference_markdown,
    situation_to_json,
)


def _outcome(res: Any) -> tuple[Any, ...]:
    return res.players, res.losers, res.winners, res.draw_game, [(t.source, t.count) for t in res.triggers]


# The text's reading, as JSON. The text front ends fill in the turn's own draw (504.1): in the main phase of the
# asker's turn, the asker (the active player; in Two-Headed Giant, the active team) has drawn a card this turn.
CONTRACT_EXAMPLES: list[tuple[str, dict[str, Any]]] = [
    ("I have 2 cards in library. My opponent controls Notion Thief. Opponent draws 3.",
     {"players": [{"name": "You", "library": 2, "drawn_this_turn": 1},
                  {"name": "Opponent", "battlefield": ["Notion Thief"]}],
      "action": {"type": "draw", "player": "Opponent", "count": 3}}),
    ("Alice: library 0, controls Laboratory Maniac. Alice draws a card.",
     {"players": [{"name": "You", "drawn_this_turn": 1},
                  {"name": "Alice", "library": 0, "battlefield": ["Laboratory Maniac"]}],
      "action": {"type": "draw", "player": "Alice", "count": 1}}),
    ("4 players. Spirit of the Labyrinth is in play. Each player draws 2. Bob already drew a card this turn.",
     {"players": [{"name": "You", "battlefield": ["Spirit of the Labyrinth"], "drawn_this_turn": 1},
                  {"name": "Bob", "drawn_this_turn": 1},
                  {"name": "Player 3"}, {"name": "Player 4"}],
      "action": {"type": "draw", "player": "each", "count": 2}}),
    ("Two-Headed Giant. It's team A's draw step on turn 1.",
     {"format": "two-headed-giant", "turn": 1, "step": "draw",
      "players": [{"name": "You", "team": "A"}, {"name": "Opponent", "team": "B"},
                  {"name": "Teammate", "team": "A"}, {"name": "Opponent 2", "team": "B"}],
      "action": {"type": "draw_step"}}),
    ("I control Thought Reflection and Alhammarret's Archive; it's my draw step.",
     {"step": "draw", "players": [{"name": "You", "battlefield": ["Thought Reflection", "Alhammarret's Archive"]},
                                  {"name": "Opponent"}], "action": {"type": "draw_step"}}),
    ("rules 2008: my teammate and I each draw 2 in Two-Headed Giant.",
     {"edition": "2008", "format": "two-headed-giant",
      "players": [{"name": "You", "team": "A", "drawn_this_turn": 1}, {"name": "Opponent", "team": "B"},
                  {"name": "Teammate", "team": "A", "drawn_this_turn": 1}, {"name": "Opponent 2", "team": "B"}],
      "action": {"type": "draw", "player": "each", "players": ["You", "Teammate"], "count": 2}}),
    ("I have 1 card in my library, my opponent controls Notion Thief and Spirit of the Labyrinth, I cast "
     "Opportunity",
     {"players": [{"name": "You", "library": 1, "drawn_this_turn": 1},
                  {"name": "Opponent", "battlefield": ["Notion Thief", "Spirit of the Labyrinth"]}],
      "action": {"type": "cast", "card": "Opportunity", "player": "You"}}),
]


@pytest.mark.parametrize("text,doc", CONTRACT_EXAMPLES, ids=[t[:40] for t, _ in CONTRACT_EXAMPLES])
def test_contract_examples_resolve_as_their_json(text: str, doc: dict[str, Any]) -> None:
    from_text = resolve(parse_situation(text))
    from_json = resolve(scenario_from_json(doc))
    assert _outcome(from_text) == _outcome(from_json)
    assert [s.text for s in from_text.steps] == [s.text for s in from_json.steps]


def test_grand_archive_example_parses_and_is_reported_unsupported() -> None:
    doc = situation_to_json("Grand Archive: I have 1 card in my deck and draw 2.")
    assert doc["game"] == "grand-archive" and doc["players"][0]["library"] == 1
    assert doc["action"] == {"type": "draw", "count": 2, "player": "You"}


def P(name: str, **kw: Any) -> dict[str, Any]:  # noqa: N802 - a short builder for the table below
    return {"name": name, **kw}


# (text, a check on the scenario JSON): real table phrasings.
PHRASINGS: list[tuple[str, dict[str, Any]]] = [
    ("I draw a card", {"action": {"type": "draw", "count": 1, "player": "You"}}),
    ("i draw two cards.", {"action": {"type": "draw", "count": 2, "player": "You"}}),
    ("Draw 3", {"action": {"type": "draw", "count": 3, "player": "You"}}),
    ("I DRAW  SEVEN", {"action": {"type": "draw", "count": 7, "player": "You"}}),
    ("my opponent draws a card", {"action": {"type": "draw", "count": 1, "player": "Opponent"}}),
    ("opponent draws 4 cards", {"action": {"type": "draw", "count": 4, "player": "Opponent"}}),
    ("each player draws 7", {"action": {"type": "draw", "count": 7, "player": "each"}}),
    ("everyone draws a card", {"action": {"type": "draw", "count": 1, "player": "each"}}),
    ("each opponent draws two", {"action": {"type": "draw", "count": 2, "player": "each", "players": ["Opponent"]}}),
    ("I may draw a card", {"action": {"type": "draw", "count": 1, "player": "You", "optional": True}}),
    ("I have 0 cards in library. I draw", {"players.You.library": 0}),
    ("my library is empty. I draw a card", {"players.You.library": 0}),
    ("I have no cards in my library; I draw 1", {"players.You.library": 0}),
    ("I have three cards left in my deck. I draw 5", {"players.You.library": 3}),
    ("my hand is empty. I draw a card", {"players.You.hand": 0}),
    ("I have 5 cards in hand. I draw", {"players.You.hand": 5}),
    ("library: 12. I draw", {"players.You.library": 12}),
    ("my life total is 3. I draw", {"players.You.life": 3}),
    ("I am at 1 life. I draw a card", {"players.You.life": 1}),
    ("opponent is at 4 life. opponent draws 2", {"players.Opponent.life": 4}),
    ("my opponent has 2 life. Opponent draws", {"players.Opponent.life": 2}),
    ("I control Laboratory Maniac. I draw", {"players.You.battlefield": ["Laboratory Maniac"]}),
    ("I control lab maniac. my library is empty. I draw", {"players.You.battlefield": ["Laboratory Maniac"]}),
    ("my opponent controls notion theif. Opponent draws 2", {"players.Opponent.battlefield": ["Notion Thief"]}),
    ("I have jace wielder in play. I draw", {"players.You.battlefield": ["Jace, Wielder of Mysteries"]}),
    ("I have Jace Wielder of Mysteries on the battlefield. I draw",
     {"players.You.battlefield": ["Jace, Wielder of Mysteries"]}),
    ("Alhammarets Archive is on the battlefield under my control. I draw 2",
     {"players.You.battlefield": ["Alhammarret's Archive"]}),
    ("opponent controls Sheoldred, the Apocalypse and Underworld Dreams. I draw 2",
     {"players.Opponent.battlefield": ["Sheoldred, the Apocalypse", "Underworld Dreams"]}),
    ("opponent controls Sheoldred the Apocalypse, Orcish Bowmasters and Hullbreacher. I draw 3",
     {"players.Opponent.battlefield": ["Sheoldred, the Apocalypse", "Orcish Bowmasters", "Hullbreacher"]}),
    ("I control two Thought Reflections. I draw", {"players.You.battlefield": ["Thought Reflection"] * 2}),
    ("Spirit of the Labyrinth is on the battlefield. I draw 3",
     {"players.You.battlefield": ["Spirit of the Labyrinth"]}),
    ("I already drew a card this turn. I draw 2", {"players.You.drawn_this_turn": 1}),
    ("I have drawn 2 cards this turn. I draw", {"players.You.drawn_this_turn": 2}),
    ("opponent already drew this turn. opponent draws", {"players.Opponent.drawn_this_turn": 1}),
    ("it's my draw step", {"action": {"type": "draw_step"}, "step": "draw", "active": "You"}),
    ("It is my opponent's draw step", {"action": {"type": "draw_step"}, "active": "Opponent"}),
    ("it's the first turn. it's my draw step", {"turn": 1, "action": {"type": "draw_step"}}),
    ("it's my draw step on the first turn", {"turn": 1, "action": {"type": "draw_step"}}),
    ("turn 1. it's my draw step", {"turn": 1}),
    ("it's my opponent's turn. I draw a card", {"active": "Opponent"}),
    ("it's Bob's turn. Bob draws", {"active": "Bob"}),
    ("during my upkeep I draw a card", {"step": "upkeep"}),
    ("it's the end step. I draw", {"step": "end"}),
    ("I cast Opportunity targeting my opponent", {"action": {"type": "cast", "card": "Opportunity", "player": "You",
                                                             "targets": ["Opponent"]}}),
    ("I cast opportunity on myself", {"action": {"type": "cast", "card": "Opportunity", "player": "You",
                                                 "targets": ["You"]}}),
    ("cast Brainstorm", {"action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("opponent casts Timetwister", {"action": {"type": "cast", "card": "Timetwister", "player": "Opponent"}}),
    ("I cast Prosperity with X=3", {"action": {"type": "cast", "card": "Prosperity", "player": "You", "x": 3}}),
    ("I cast sphinx's revelation for x is 2", {"action": {"type": "cast", "card": "Sphinx's Revelation",
                                                          "player": "You", "x": 2}}),
    ("I activate Jace's Archivist", {"action": {"type": "cast", "card": "Jace's Archivist", "player": "You",
                                                "ability": "activate"}}),
    ("I put the top card of my library into my hand", {"action": {"type": "move_to_hand", "player": "You",
                                                                  "count": 1}}),
    ("Bob puts the top 2 cards into his hand", {"action": {"type": "move_to_hand", "player": "Bob", "count": 2}}),
    ("3 players. I draw", {"players.count": 3}),
    ("a 5-player game. everyone draws", {"players.count": 5}),
    ("multiplayer. Alice, Bob and I each draw 1", {"format": "multiplayer"}),
    ("Golgari Thug is in my graveyard. I dredge Golgari Thug. I draw",
     {"players.You.graveyard": ["Golgari Thug"], "choices": {"apply:Golgari Thug:You": True}}),
    ("I have Golgari Thug in my graveyard. I draw a card", {"players.You.graveyard": ["Golgari Thug"]}),
    ("the top card of my library is Terminus. I draw", {"players.You.library": ["Terminus"]}),
    ("I have Terminus on top of my library. I draw a card", {"players.You.library": ["Terminus"]}),
    ("I apply Notion Thief first. opponent controls notion thief. I control lab man. my library is empty. I draw",
     {"choices": {"order:You": "Notion Thief"}}),
    ("I choose not to draw. I may draw a card", {"choices": {"may_draw:You": False}}),
    ("I loot", {"action": {"type": "mechanic", "name": "looting", "player": "You", "count": 1}}),
    ("opponent rummages", {"action": {"type": "mechanic", "name": "rummaging", "player": "Opponent", "count": 1}}),
    ("I cycle a card", {"action": {"type": "mechanic", "name": "cycling", "player": "You", "count": 1}}),
    ("I tutor", {"action": {"type": "mechanic", "name": "tutoring", "player": "You", "count": 1}}),
    ("wheel", {"action": {"type": "mechanic", "name": "wheel", "player": "You", "count": 1}}),
    ("I draw 1000000000 cards", {"action": {"type": "draw", "count": 10**9, "player": "You"}}),
    ("I draw a billion cards", {"action": {"type": "draw", "count": 10**9, "player": "You"}}),
    ("Alice: life 5, hand 0. Alice draws 2", {"players.Alice.life": 5, "players.Alice.hand": 0}),
    ("I draw 2 while casting a spell", {"action": {"type": "draw", "count": 2, "player": "You",
                                                   "while_casting": True}}),
    ("under the 2008 rules I draw", {"edition": "2008"}),
    ("2hg. my teammate draws a card", {"format": "two-headed-giant"}),
]


def _get(doc: dict[str, Any], path: str) -> Any:
    if not path.startswith("players."):
        return doc.get(path)
    parts = path.split(".")
    if parts[1] == "count":
        return len(doc["players"])
    player = next(p for p in doc["players"] if p["name"] == parts[1])
    return player.get(parts[2])


@pytest.mark.parametrize("text,expect", PHRASINGS, ids=[t[:50] for t, _ in PHRASINGS])
def test_table_talk_phrasings(text: str, expect: dict[str, Any]) -> None:
    doc = situation_to_json(text)
    for key, value in expect.items():
        got = _get(doc, key)
        if key == "choices":
            assert value.items() <= (got or {}).items(), (key, got)
        else:
            assert got == value, (key, got)
    scenario_from_json(doc)  # every phrasing gives a scenario the engine accepts


def test_at_least_sixty_phrasings() -> None:
    assert len(PHRASINGS) >= 60


@pytest.mark.parametrize(
    "text,fragment,suggestion",
    [
        ("I draw 2. opponent controls Notion Chef Supreme", "not a card I know", "Notion Thief"),
        ("I control Blarg the Unknown. I draw", "not a card I know", None),
        ("I have 3 cards in library. my library is empty. I draw", "contradiction", None),
        ("I flip the table. I draw", "didn't understand", None),
        ("I have 3 cards in library", "nothing happens", None),
        ("I draw 2. opponent draws 3", "two actions", None),
        # the same cast told in two statements is two casts (it was read as one, silently)
        ("I cast Brainstorm, then I cast Brainstorm", "same action told twice", None),
        ("opp has Notion Thief. I cast Opportunity. Then I cast Opportunity again", "same action told twice", None),
        ("", "empty", None),
        ("I draw -1", "negative", None),
        ("I draw 10^100 cards", "too large", None),
        ("3 players. Alice, Bob and Carol and Dave each draw", "not a player|players", None),
    ],
)
def test_errors_say_what_and_where(text: str, fragment: str, suggestion: str | None) -> None:
    with pytest.raises(SituationError) as err:
        situation_to_json(text)
    import re

    assert re.search(fragment, err.value.message), err.value.message
    if suggestion:
        assert suggestion in err.value.hint


def test_reference_comes_from_the_phrase_table() -> None:
    ref = language_reference()
    assert len(ref) == len(PHRASES)
    for example in all_examples():
        # every example of the reference parses (alone or with an action added)
        try:
            situation_to_json(example)
        except Clarification:
            pass  # the example of a phrase the reader answers with a question ("I have 40 cards.")
        except SituationError as exc:
            assert "nothing happens" in exc.message, (example, exc.message)


def test_readme_shows_the_reference_of_the_grammar() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- language:start -->")[1].split("<!-- language:end -->")[0].strip()
    assert block == reference_markdown(), "regenerate with: python -m engine.situation --reference"


ALPHABET = st.characters(blacklist_categories=("Cs",))
WORDS = st.sampled_from(["I", "draw", "opponent", "controls", "Notion Thief", "library", "3", "two", "each",
                         "player", "draws", ".", ";", ",", "and", "cast", "Opportunity", "my", "is", "empty",
                         "turn", "step", "'s", "\u200b", "\u202e", "@everyone", "10^100", "-1", "in", "play"])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(ALPHABET, max_size=300), st.lists(WORDS, max_size=60).map(" ".join)))
def test_random_text_gives_a_scenario_or_the_documented_error(text: str) -> None:
    try:
        situation_to_json(text)
    except ScenarioError:
        pass


@settings(max_examples=30, deadline=None)
@given(st.lists(WORDS, min_size=300, max_size=500).map(" ".join))
def test_long_inputs_parse_fast(text: str) -> None:
    # a guard against a reading that grows faster than the text (the figure is bench/situation_reader.py's):
    # this process's own CPU time, the best of three readings, so a machine busy with other work doesn't decide it
    text = text[:2000]
    times = []
    for _ in range(3):
        start = time.process_time()
        try:
            situation_to_json(text)
        except ScenarioError:
            pass
        times.append(time.process_time() - start)
    assert min(times) < 0.05


@pytest.mark.parametrize("padding", [" " * 40, "\t \u00a0 " * 10, " \n  \n " * 5])
def test_runs_of_whitespace_read_as_one_space(padding: str) -> None:
    """Whitespace runs are collapsed before anything else reads the text (the reader stays linear in them):
    a padded story reads exactly as the plain one."""
    plain = "I have 2 cards in library. My opponent controls Notion Thief. Opponent draws 3."
    padded = padding + plain.replace(" ", padding if "\n" not in padding else "  ") + padding
    assert situation_to_json(padded) == situation_to_json(plain)


@pytest.mark.parametrize("text", [
    "opp controls Notion Thief. It is my draw step. I draw for the turn.",
    "It's my draw step, I draw for turn. opp has Notion Thief",
])
def test_a_draw_step_told_twice_is_the_one_step(text: str) -> None:
    # "It is my draw step. I draw for the turn." was refused as "the same action told twice": a turn has one
    # draw step (504.1); the step's draw is the first card of the step, which Notion Thief doesn't replace
    doc = situation_to_json(text)
    assert doc["action"]["type"] == "draw_step"


@pytest.mark.parametrize(("text", "who", "zone"), [
    ("my opp doesn't have any cards in his library. he draws.", "Opponent", "library"),
    ("I don't have any cards left in my library and draw a card", "You", "library"),
    ("I do not have any cards in hand. I cast Windfall.", "You", "hand"),
])
def test_not_having_any_cards_is_a_count_of_none(text: str, who: str, zone: str) -> None:
    # "I can't take “doesn't” into account": a negated "have any" is the zone's count, 0
    doc = situation_to_json(text)
    player = next(p for p in doc["players"] if p["name"] == who)
    assert player[zone] == 0


@pytest.mark.parametrize("text", ["I cast Brainstorm from hand", "opp casts Brainstorm from his hand",
                                  "my opponent is casting Windfall from their hand"])
def test_a_spell_cast_from_hand_is_the_cast(text: str) -> None:
    # "I didn't understand “from hand”": a spell is cast from its owner's hand unless said otherwise (601.2a)
    assert situation_to_json(text)["action"]["type"] == "cast"
