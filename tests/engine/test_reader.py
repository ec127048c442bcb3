"""The situation reader on the way players really ask: questions, table talk, abbreviations, nicknames,
typos, numbers in words and stories told with named players. Every case asserts the scenario built (who is
in the game, who controls what, the action), not only that the text parsed."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import Clarification, SituationError
from engine.resolve import resolve
from engine.scenario_json import scenario_from_json
from engine.situation import situation_to_json


def _player(doc: dict[str, Any], name: str) -> dict[str, Any]:
    found = [p for p in doc["players"] if p["name"] == name]
    assert found, f"no player {name!r} in {[p['name'] for p in doc['players']]}"
    return found[0]


def check(doc: dict[str, Any], expect: dict[str, Any]) -> None:
    """Keys: "names" (the players, in seat order), "X.field" (a player's field), "action", "active", "turn",
    "step", "format", "choices" (a subset), "assumed~" (words in some assumption)."""
    for key, value in expect.items():
        if key == "names":
            assert [p["name"] for p in doc["players"]] == value, doc["players"]
        elif key == "choices":
            assert value.items() <= doc.get("choices", {}).items(), doc.get("choices")
        elif key == "assumed~":
            assert any(value in a for a in doc.get("assumed", [])), doc.get("assumed")
        elif "." in key:
            name, field = key.split(".", 1)
            assert _player(doc, name).get(field) == value, (key, _player(doc, name))
        else:
            assert doc.get(key) == value, (key, doc.get(key))
    scenario_from_json(doc)  # the engine accepts every scenario the reader builds


def _cases(rows: list[tuple[str, dict[str, Any]]]) -> Any:
    return pytest.mark.parametrize("text,expect", rows, ids=[t[:60] for t, _ in rows])


ME_DRAWS = {"type": "draw", "count": 1, "player": "You"}

QUESTIONS = [
    ("My opponent has Notion Thief on the battlefield. If I cast Brainstorm, who draws the cards?",
     {"Opponent.battlefield": ["Notion Thief"], "action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("Can my opponent draw a card if I have Narset out and they already drew this turn?",
     {"You.battlefield": ["Narset, Parter of Veils"], "Opponent.drawn_this_turn": 1,
      "action": {"type": "draw", "count": 1, "player": "Opponent"}}),
    ("With Spirit of the Labyrinth out, can I cast Brainstorm if I've already drawn a card this turn?",
     {"You.drawn_this_turn": 1, "action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("opponent controls Orcish Bowmasters and I cast Windfall. How many tokens do they get?",
     {"action": {"type": "cast", "card": "Windfall", "player": "You"}}),
    ("Am I allowed to draw with 0 cards in my library?", {"You.library": 0, "action": ME_DRAWS}),
    ("What happens if I draw from an empty library?", {"You.library": 0, "action": ME_DRAWS}),
    ("If I cast Opportunity with 1 card left in my library, what happens?",
     {"names": ["You", "Opponent"], "You.library": 1,
      "action": {"type": "cast", "card": "Opportunity", "player": "You"}}),
    ("If I draw a card with an empty library, do I lose?", {"You.library": 0, "action": ME_DRAWS}),
    ("do I lose if I draw with an empty library?", {"You.library": 0, "action": ME_DRAWS}),
    ("What happens if my opponent draws 2 with 1 card in library?",
     {"Opponent.library": 1, "action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("quick question: opp has Notion Thief out and I draw 2, who gets the cards?",
     {"Opponent.battlefield": ["Notion Thief"], "action": {"type": "draw", "count": 2, "player": "You"}}),
    ("Quick q - my opp controls Hullbreacher and I draw 3, what happens?",
     {"Opponent.battlefield": ["Hullbreacher"], "action": {"type": "draw", "count": 3, "player": "You"}}),
    ("hey judge, I have Laboratory Maniac and my library is empty, I draw 2. what happens?",
     {"You.battlefield": ["Laboratory Maniac"], "You.library": 0}),
    ("Hi judges! I control Platinum Angel. My library is empty. I draw. Do I lose?",
     {"You.battlefield": ["Platinum Angel"], "You.library": 0, "action": ME_DRAWS}),
    ("My opp controls Sheoldred the Apocalypse. I'm at 2 life and I draw 4 cards. Do I die?",
     {"You.life": 2, "Opponent.battlefield": ["Sheoldred, the Apocalypse"],
      "action": {"type": "draw", "count": 4, "player": "You"}}),
    ("I have no cards in library. I cast Brainstorm. Do I lose?",
     {"You.library": 0, "action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("my opponent's library has 2 cards. they draw 3. who wins?",
     {"Opponent.library": 2, "action": {"type": "draw", "count": 3, "player": "Opponent"}}),
    ("How many cards does my opponent draw if I control Notion Thief and they cast Opportunity?",
     {"You.battlefield": ["Notion Thief"], "action": {"type": "cast", "card": "Opportunity", "player": "Opponent"}}),
    ("Does Sheoldred trigger if I draw 2 and my opponent controls her?",
     {"Opponent.battlefield": ["Sheoldred, the Apocalypse"], "action": {"type": "draw", "count": 2, "player": "You"}}),
    ("Playing dredge last night. Golgari Thug is in my graveyard and I draw a card. Can I dredge?",
     {"You.graveyard": ["Golgari Thug"], "choices": {"apply:Golgari Thug:You": True}}),
    ("So, I draw 3 with Spirit of the Labyrinth on the battlefield under my control. Is that right?",
     {"You.battlefield": ["Spirit of the Labyrinth"], "action": {"type": "draw", "count": 3, "player": "You"}}),
    ("I draw a card. thanks!", {"action": ME_DRAWS}),
    ("ok so my library is empty and I draw", {"You.library": 0, "action": ME_DRAWS}),
    ("Rules question: it's my draw step and I control Howling Mine", {"You.battlefield": ["Howling Mine"],
                                                                      "action": {"type": "draw_step"}}),
    ("I draw 2. What happens now?", {"action": {"type": "draw", "count": 2, "player": "You"}}),
    ("If I control Jace, Wielder of Mysteries and draw from an empty library, do I win?",
     {"You.battlefield": ["Jace, Wielder of Mysteries"], "action": ME_DRAWS}),
    ("I control Jace, Wielder of Mysteries and have no cards in my library. If I draw, do I win?",
     {"You.battlefield": ["Jace, Wielder of Mysteries"], "You.library": 0, "action": ME_DRAWS}),
    ("During my upkeep I draw a card with 0 cards in library. Do I lose right away?",
     {"You.library": 0, "step": "upkeep", "action": ME_DRAWS}),
    ("Hello all. Opponent casts Timetwister. what happens?",
     {"action": {"type": "cast", "card": "Timetwister", "player": "Opponent"}}),
    ("Help please: I am at 1 life, opponent controls Underworld Dreams, I draw 2",
     {"You.life": 1, "Opponent.battlefield": ["Underworld Dreams"]}),
    ("If it's my draw step and my opponent controls Orcish Bowmasters, what happens?",
     {"Opponent.battlefield": ["Orcish Bowmasters"], "action": {"type": "draw_step"}, "active": "You"}),
]

CASUAL = [
    ("ok so im at 2 life and my opponent has sheoldred out and i have to draw 2 cards do i die",
     {"You.life": 2, "Opponent.battlefield": ["Sheoldred, the Apocalypse"],
      "action": {"type": "draw", "count": 2, "player": "You"}}),
    ("Hey, quick rules question. My opponent controls Orcish Bowmasters. During my turn I cast Brainstorm. "
     "How many Orc Army tokens does my opponent get?",
     {"Opponent.battlefield": ["Orcish Bowmasters"], "action": {"type": "cast", "card": "Brainstorm",
                                                                "player": "You"}}),
    ("My opponent has Laboratory Maniac on the battlefield and no cards in his library. I make him draw a card. "
     "Does he win?", {"Opponent.library": 0, "action": {"type": "draw", "count": 1, "player": "Opponent"}}),
    ("**I draw 3** with my opponent's Notion Thief 😅",
     {"Opponent.battlefield": ["Notion Thief"], "action": {"type": "draw", "count": 3, "player": "You"}}),
    ("my opp is at 1 hp and i have underworld dreams. they draw a card", {"Opponent.life": 1}),
    ("My opponent just cast Timetwister and I have Notion Thief on the battlefield. How does that work?",
     {"action": {"type": "cast", "card": "Timetwister", "player": "Opponent"}}),
    ("My opponent has 2 cards left in their library. I cast Prosperity for 3. What happens?",
     {"action": {"type": "cast", "card": "Prosperity", "player": "You", "x": 3}}),
    ("Two players, both with empty libraries. Each player draws a card. Is it a draw?",
     {"You.library": 0, "Opponent.library": 0, "action": {"type": "draw", "count": 1, "player": "each"}}),
    ("I control Consecrated Sphinx and my opponent draws two cards at the start of their turn",
     {"active": "Opponent", "action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("Opponent: 3 cards in library, Laboratory Maniac on the battlefield. They draw 4 cards.",
     {"Opponent.library": 3, "Opponent.battlefield": ["Laboratory Maniac"]}),
    ("I'm at 3 life. Opponent controls Sheoldred. I draw 2.", {"You.life": 3}),
    ("im at 5 life and i draw 3", {"You.life": 5, "action": {"type": "draw", "count": 3, "player": "You"}}),
    ("I've got 2 cards in my library, I draw 3", {"You.library": 2}),
    ("I've got Howling Mine out and it's my draw step", {"You.battlefield": ["Howling Mine"]}),
    ("Opponent has Bowmasters. I draw three cards", {"Opponent.battlefield": ["Orcish Bowmasters"]}),
    ("they're at 2 life with their Sheoldred out. they draw 2",
     {"Opponent.life": 2, "Opponent.battlefield": ["Sheoldred, the Apocalypse"],
      "action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("Opp is at 3 life with my Psychosis Crawler out. I cast Timetwister.",
     {"Opponent.life": 3, "You.battlefield": ["Psychosis Crawler"]}),
    ("With 2 cards in library I cast Brainstorm.",
     {"You.library": 2, "action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("I draw 2 cards with an empty yard and an empty library.", {"You.library": 0, "You.graveyard": 0}),
    ("Everyone draws 7 while Spirit of the Labyrinth is out",
     {"action": {"type": "draw", "count": 7, "player": "each"}, "You.battlefield": ["Spirit of the Labyrinth"]}),
    ("I control two Thought Reflections and draw a card", {"You.battlefield": ["Thought Reflection"] * 2}),
    ("i draw for turn with sylvan library out",
     {"You.battlefield": ["Sylvan Library"], "action": {"type": "draw_step"}, "step": "draw"}),
    ("I draw for the turn", {"action": {"type": "draw_step"}, "active": "You"}),
    ("Opponent controls Orcish Bowmasters. I draw a card during my draw step.",
     {"action": {"type": "draw_step"}, "active": "You", "assumed~": "draw of the draw step"}),
    ("I have Laboratory Maniac but my library is empty. I draw", {"You.library": 0,
                                                                  "You.battlefield": ["Laboratory Maniac"]}),
    ("I am at one life and opponent has Underworld Dreams, i draw two",
     {"You.life": 1, "Opponent.battlefield": ["Underworld Dreams"]}),
    ("Me: 1 card in library. Opponent controls Notion Thief. I draw 2 cards", {"You.library": 1}),
    ("Alice: 20 life, library 3. Bob: controls Notion Thief. Alice draws 4.",
     {"names": ["Alice", "Bob"], "Alice.life": 20, "Alice.library": 3, "Bob.battlefield": ["Notion Thief"]}),
    ("Sheoldred, the Apocalypse and Notion Thief are on the battlefield under my opponent's control. I draw 2.",
     {"Opponent.battlefield": ["Sheoldred, the Apocalypse", "Notion Thief"]}),
    ("The Sheoldred is my opponent's. I draw 2", {"Opponent.battlefield": ["Sheoldred, the Apocalypse"]}),
    ("Sheoldred belongs to my opponent. I draw", {"Opponent.battlefield": ["Sheoldred, the Apocalypse"]}),
    ("I'm on the play, T1, my draw step. What happens?",
     {"turn": 1, "active": "You", "action": {"type": "draw_step"}}),
    ("I'm on the draw. It's my draw step on turn 1",
     {"turn": 2, "active": "You", "assumed~": "the game's turn 2"}),
    ("my opponent has 3 cards in hand and 2 in library. they draw", {"Opponent.hand": 3, "Opponent.library": 2}),
    ("I draw a card with Brainstorm", {"action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("I cast Opportunity on myself with 3 cards in library",
     {"You.library": 3, "action": {"type": "cast", "card": "Opportunity", "player": "You", "targets": ["You"]}}),
    ("I have Underworld Dreams. Opponent at 2 life draws 3",
     {"Opponent.life": 2, "action": {"type": "draw", "count": 3, "player": "Opponent"}}),
    ("Both of us have 2 cards in library, I cast Prosperity for X=3",
     {"You.library": 2, "Opponent.library": 2, "action": {"type": "cast", "card": "Prosperity", "player": "You",
                                                         "x": 3}}),
    ("The opponent is at 3 life and I control Sheoldred. They draw 2 on their turn.",
     {"active": "Opponent", "Opponent.life": 3}),
    ("we both have Howling Mine. it's my draw step",
     {"You.battlefield": ["Howling Mine"], "Opponent.battlefield": ["Howling Mine"]}),
    ("Notion Thief on my side, opponent draws", {"You.battlefield": ["Notion Thief"]}),
    ("I draw 3 off Brainstorm with 2 cards left",
     {"You.library": 2, "action": {"type": "cast", "card": "Brainstorm", "player": "You"}}),
    ("my lib is 0 and I have Platinum Angel, what happens when I draw", {"You.library": 0, "action": ME_DRAWS}),
    ("there's a Spirit of the Labyrinth in play. I already drew. I draw again",
     {"You.drawn_this_turn": 1, "action": ME_DRAWS}),
    ("I am the active player. I draw 2", {"active": "You"}),
    ("Playing commander with 4 players, I control Howling Mine, it's Bob's draw step",
     {"names": ["You", "Bob", "Player 3", "Player 4"], "active": "Bob", "You.life": 40, "format": "multiplayer"}),
]

ABBREVIATIONS = [
    ("Golgari Grave-Troll in my yard, 4 cards in lib. I'd draw for turn. can I dredge?",  # "I'd" was a player
     {"You.library": 4, "step": "draw"}),
    ("Opp: Notion Thief. Me: Spirit of the Labyrinth. I cast Opportunity.",
     {"Opponent.battlefield": ["Notion Thief"], "You.battlefield": ["Spirit of the Labyrinth"]}),
    ("my opponent has 0 cards in library and is forced to draw",
     {"Opponent.library": 0, "action": {"type": "draw", "count": 1, "player": "Opponent"}}),
    ("I cast Day's Undoing with an opponent's Notion Thief in play", {"Opponent.battlefield": ["Notion Thief"]}),
    ("I have 1 card left in my deck and Jace, Wielder of Mysteries on the battlefield. I draw two cards.",
     {"You.library": 1, "You.battlefield": ["Jace, Wielder of Mysteries"]}),
    ("my opponent and I both control Notion Thief. I draw",
     {"You.battlefield": ["Notion Thief"], "Opponent.battlefield": ["Notion Thief"]}),
    ("opp draws 2", {"action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("my opp draws a card", {"action": {"type": "draw", "count": 1, "player": "Opponent"}}),
    ("opp's library is empty. opp draws", {"Opponent.library": 0}),
    ("I have 0 cards in lib. I draw", {"You.library": 0}),
    ("my lib has 3 cards. I draw 4", {"You.library": 3}),
    ("Golgari Thug is in my GY. I dredge it. I draw",
     {"You.graveyard": ["Golgari Thug"], "choices": {"apply:Golgari Thug:You": True}}),
    ("Golgari Thug is in my gy and I draw", {"You.graveyard": ["Golgari Thug"]}),
    ("Golgari Thug is in my yard. I draw", {"You.graveyard": ["Golgari Thug"]}),
    ("T1, it's my draw step", {"turn": 1, "action": {"type": "draw_step"}}),
    ("t3, my opponent draws", {"turn": 3}),
    ("It's my opponent's draw step on T1", {"turn": 1, "active": "Opponent"}),
    ("2HG. my teammate draws a card", {"format": "two-headed-giant"}),
    ("EDH, 4 players. I draw", {"format": "multiplayer", "names": ["You", "Player 2", "Player 3", "Player 4"]}),
    ("1v1. opp draws", {"format": "two-player"}),
    ("I control Howling Mine + Font of Mythos. it's my draw step",
     {"You.battlefield": ["Howling Mine", "Font of Mythos"]}),
    ("opp controls Notion Thief & Spirit of the Labyrinth. I draw",
     {"Opponent.battlefield": ["Notion Thief", "Spirit of the Labyrinth"]}),
    ("I control SotL w/ 1 card in library. I draw 2", {"You.battlefield": ["Spirit of the Labyrinth"]}),
    ("opps draw 2", {"action": {"type": "draw", "count": 2, "player": "each", "players": ["Opponent"]}}),
    ("oppo has 1 card in lib and draws 2", {"Opponent.library": 1,
                                            "action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("I'm on the play - T1 - my draw step", {"turn": 1, "action": {"type": "draw_step"}}),
]

NICKNAMES = [
    ("i have lab man out and my library is empty. i draw a card", {"You.battlefield": ["Laboratory Maniac"]}),
    ("I control Labman. I draw", {"You.battlefield": ["Laboratory Maniac"]}),
    ("opp has SotL and Notion Thief, I cast Opportunity targeting myself",
     {"Opponent.battlefield": ["Spirit of the Labyrinth", "Notion Thief"],
      "action": {"type": "cast", "card": "Opportunity", "player": "You", "targets": ["You"]}}),
    ("I'm at 4 life, my opp has 2 Sheoldreds out, I draw 1",
     {"Opponent.battlefield": ["Sheoldred, the Apocalypse"] * 2, "You.life": 4}),
    ("I have Thoracle in play, 0 cards in lib, I draw", {"You.battlefield": ["Thassa's Oracle"]}),
    ("opponent controls Bowmasters. I draw 2", {"Opponent.battlefield": ["Orcish Bowmasters"]}),
    ("opponent controls Sheo. I draw", {"Opponent.battlefield": ["Sheoldred, the Apocalypse"]}),
    ("I cast Twister", {"action": {"type": "cast", "card": "Timetwister", "player": "You"}}),
    ("opp has Remora out and I draw", {"Opponent.battlefield": ["Mystic Remora"]}),
    ("opponent controls Rhystic Study. I draw", {"Opponent.battlefield": ["Rhystic Study"]}),
    ("opponent controls Tithe. I draw", {"Opponent.battlefield": ["Smothering Tithe"]}),
    ("opponent controls Leovold. I draw 2", {"Opponent.battlefield": ["Leovold, Emissary of Trest"]}),
    ("opponent controls Narset. I draw 2", {"Opponent.battlefield": ["Narset, Parter of Veils"]}),
    ("I control Puzzle Box. it's my draw step", {"You.battlefield": ["Teferi's Puzzle Box"]}),
    ("opp has Dreams and I draw 3", {"Opponent.battlefield": ["Underworld Dreams"]}),
    ("opp has Crawler out. I draw", {"Opponent.battlefield": ["Psychosis Crawler"]}),
    ("I control Plat Angel and my library is empty. I draw", {"You.battlefield": ["Platinum Angel"]}),
    ("Thug is in my graveyard. I draw", {"You.graveyard": ["Golgari Thug"]}),
    ("opponent controls Alms. I cast Opportunity", {"Opponent.battlefield": ["Alms Collector"]}),
    ("I cast Git Probe", {"action": {"type": "cast", "card": "Gitaxian Probe", "player": "You"}}),
    ("I control JWoM. my library is empty. I draw", {"You.battlefield": ["Jace, Wielder of Mysteries"]}),
    ("I control Nekusar. opponent draws", {"You.battlefield": ["Nekusar, the Mindrazer"]}),
]

TYPOS = [
    ("my libary is empty. I draw", {"You.library": 0, "assumed~": "“libary” read as “library”"}),
    ("I cast Opportunity targetting myself", {"action": {"type": "cast", "card": "Opportunity", "player": "You",
                                                         "targets": ["You"]}}),
    ("Howling Mine is on the battlefeild under my control. its my draw step",
     {"You.battlefield": ["Howling Mine"], "action": {"type": "draw_step"}}),
    ("its my draw step", {"action": {"type": "draw_step"}, "active": "You"}),
    ("my oponent draws 2", {"action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("my opponent cotrols Notion Thief. I draw", {"Opponent.battlefield": ["Notion Thief"]}),
    ("I have 3 cards in my graveyrad. I draw", {"You.graveyard": 3}),
    ("I drwa 2", {"action": {"type": "draw", "count": 2, "player": "You"}}),
    ("my opponent controls notion theif. I draw 2", {"Opponent.battlefield": ["Notion Thief"]}),
    ("I have 2 crads in library. I draw 3", {"You.library": 2}),
    ("I controll Howling Mine. it's my draw step", {"You.battlefield": ["Howling Mine"]}),
    ("I alredy drew a card this turn. I draw", {"You.drawn_this_turn": 1}),
    ("I drew a card allready this turn. I draw", {"You.drawn_this_turn": 1}),
]

NUMBERS = [
    ("My library is 1 card. Opponent casts Prosperity with X equal to 2.",
     {"You.library": 1, "action": {"type": "cast", "card": "Prosperity", "player": "Opponent", "x": 2}}),
    ("Opponent has Spiteful Visions. I draw 3 at 3 life.", {"You.life": 3}),
    ("I have a dozen cards in my library and I draw twenty-five",
     {"You.library": 12, "action": {"type": "draw", "count": 25, "player": "You"}}),
    ("my opponent has a single card left in their deck & they draw 2",
     {"Opponent.library": 1, "action": {"type": "draw", "count": 2, "player": "Opponent"}}),
    ("I draw twenty one cards", {"action": {"type": "draw", "count": 21, "player": "You"}}),
    ("I have half a dozen cards in library. I draw 7", {"You.library": 6}),
    ("I have a couple of cards in library. I draw 3", {"You.library": 2}),
    ("I am at thirty-two life. I draw", {"You.life": 32}),
    ("opponent has forty cards in library. opponent draws fifty", {"Opponent.library": 40}),
    ("I draw a million cards", {"action": {"type": "draw", "count": 10**6, "player": "You"}}),
    ("Both players have one card left. Each player draws a card.",
     {"names": ["You", "Opponent"], "You.library": 1, "Opponent.library": 1,
      "action": {"type": "draw", "count": 1, "player": "each"}}),
    ("everyone has 2 cards in library. everyone draws 3", {"You.library": 2, "Opponent.library": 2}),
]

STORIES = [
    ("Players: Ann, Ben. Ann controls Notion Thief. Ben draws 3.",
     {"names": ["Ann", "Ben"], "Ann.battlefield": ["Notion Thief"]}),
    ("Ben has Notion Thief, Ann has Notion Thief too. Ann draws.",
     {"Ben.battlefield": ["Notion Thief"], "Ann.battlefield": ["Notion Thief"]}),
    ("Tom (12 life) controls Sheoldred. Jerry (2 life) draws 1.",
     {"names": ["Tom", "Jerry"], "Tom.life": 12, "Jerry.life": 2}),
    ("We're playing 2HG. It's our turn 1 draw step.",
     {"format": "two-headed-giant", "turn": 1, "active": "You", "action": {"type": "draw_step"}}),
    ("My teammate draws from an empty library in Two-Headed Giant.",
     {"names": ["You", "Opponent", "Teammate", "Opponent 2"], "Teammate.library": 0}),
    ("I'm on the draw. It's my first draw step.", {"turn": 2, "active": "You"}),
    ("In a 4 player commander game, I control Howling Mine. It's Bob's draw step.",
     {"names": ["You", "Bob", "Player 3", "Player 4"], "You.life": 40}),
    ("Alice has 0 cards in library. She draws a card.",
     {"Alice.library": 0, "action": {"type": "draw", "count": 1, "player": "Alice"}}),
    ("Nadia controls Howling Mine. It's Arjun's draw step on turn 1.",
     {"names": ["Nadia", "Arjun"], "active": "Arjun", "turn": 1, "Nadia.battlefield": ["Howling Mine"]}),
    ("my partner's library is empty and they draw",
     {"Teammate.library": 0, "action": {"type": "draw", "count": 1, "player": "Teammate"}}),
    ("Alice casts Opportunity targeting herself",
     {"action": {"type": "cast", "card": "Opportunity", "player": "Alice", "targets": ["Alice"]}}),
    ("Bob controls Notion Thief. Alice casts Opportunity targeting him",
     {"action": {"type": "cast", "card": "Opportunity", "player": "Alice", "targets": ["Bob"]}}),
    ("Alice controls Notion Thief. Bob casts Opportunity targeting her",
     {"action": {"type": "cast", "card": "Opportunity", "player": "Bob", "targets": ["Alice"]}}),
    ("Alice and Bob are playing. Alice controls Sheoldred. Bob is at 1 life and draws a card",
     {"names": ["Alice", "Bob"], "Bob.life": 1, "action": {"type": "draw", "count": 1, "player": "Bob"}}),
    ("Bob controls Underworld Dreams. I'm at 1 life. I draw a card.",
     {"names": ["You", "Bob"], "Bob.battlefield": ["Underworld Dreams"], "You.life": 1}),
    ("Dan controls Notion Thief. Carol has 2 cards in library and her life total is 3. Carol draws 2.",
     {"Carol.library": 2, "Carol.life": 3, "action": {"type": "draw", "count": 2, "player": "Carol"}}),
    ("it's Dave's turn. Dave draws 2 with Erin's Notion Thief out",
     {"active": "Dave", "action": {"type": "draw", "count": 2, "player": "Dave"}}),
    ("Erin controls Notion Thief. Dave draws 2. It's Dave's turn.",
     {"names": ["Erin", "Dave"], "Erin.battlefield": ["Notion Thief"]}),
    ("Alice: library 1. Bob: library 1. Alice draws 2.",
     {"names": ["Alice", "Bob"], "Alice.library": 1, "Bob.library": 1, "active": "Alice"}),
    ("3 players. Alice controls Howling Mine. It's Bob's draw step.",
     {"names": ["You", "Alice", "Bob"], "active": "Bob"}),
    ("my teammate draws 2. Two-Headed Giant.", {"format": "two-headed-giant",
                                                "action": {"type": "draw", "count": 2, "player": "Teammate"}}),
    ("Two-Headed Giant: it's our draw step on turn 1",
     {"format": "two-headed-giant", "turn": 1, "active": "You", "action": {"type": "draw_step"}}),
    ("Alice is at 1 life. Bob controls Sheoldred. Alice draws",
     {"Alice.life": 1, "action": {"type": "draw", "count": 1, "player": "Alice"}}),
    ("Zed controls Laboratory Maniac. His library is empty. He draws.",
     {"Zed.library": 0, "Zed.battlefield": ["Laboratory Maniac"],
      "action": {"type": "draw", "count": 1, "player": "Zed"}}),
    ("I control Notion Thief. My opponent casts Brainstorm. They have 1 card in library",
     {"Opponent.library": 1, "You.battlefield": ["Notion Thief"]}),
    ("alice has 0 cards in library. alice draws", {"names": ["You", "Alice"], "Alice.library": 0}),
    ("Opponent draws 2. They are at 3 life", {"Opponent.life": 3}),
    ("Kim and Lee each draw 2", {"names": ["Kim", "Lee"],
                                 "action": {"type": "draw", "count": 2, "player": "each",
                                            "players": ["Kim", "Lee"]}}),
    ("Player 2 controls Notion Thief. I draw", {"names": ["You", "Player 2"]}),
    ("Kim's library is empty. Kim draws", {"Kim.library": 0, "names": ["You", "Kim"]}),
    ("it's Sam's upkeep. Sam draws", {"active": "Sam", "step": "upkeep"}),
]

NEVER_A_PLAYER = [
    "Each draws a card",
    "Herself draws a card",
    "The draws a card",
    "Our draws a card",
    "Nobody draws a card",
    "It draws a card",
    "Both players have one card left. Hand draws a card",
    "Library draws 2",
    "Player draws a card",
    "Twenty draws a card",
]


@_cases(QUESTIONS)
def test_question_forms(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(CASUAL)
def test_casual_wording(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(ABBREVIATIONS)
def test_abbreviations(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(NICKNAMES)
def test_nicknames(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(TYPOS)
def test_typos_in_ordinary_words(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(NUMBERS)
def test_numbers_in_words(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@_cases(STORIES)
def test_named_player_stories(text: str, expect: dict[str, Any]) -> None:
    check(situation_to_json(text), expect)


@pytest.mark.parametrize("text", NEVER_A_PLAYER)
def test_a_common_word_is_never_a_player(text: str) -> None:
    try:
        doc = situation_to_json(text)
    except SituationError:
        return
    names = {p["name"] for p in doc["players"]}
    word = text.split()[0]
    assert word not in names and word.capitalize() not in names, names


def test_at_least_150_new_cases() -> None:
    total = sum(map(len, (QUESTIONS, CASUAL, ABBREVIATIONS, NICKNAMES, TYPOS, NUMBERS, STORIES, NEVER_A_PLAYER)))
    assert total >= 150, total


# ------------------------------------------------------------------------------ asking instead of guessing


def _ask(text: str) -> Clarification:
    with pytest.raises(Clarification) as asked:
        situation_to_json(text)
    return asked.value


def _answer(question: Clarification, label_part: str) -> dict[str, Any]:
    option = next(o for o in question.options if label_part in o.label)
    return situation_to_json(option.text)


def test_which_card_is_asked_with_every_candidate_and_each_answer_resolves() -> None:
    q = _ask("Teferi is in play. I draw")
    assert q.words == "Teferi"
    assert {o.label for o in q.options} == {"Teferi's Puzzle Box", "Teferi, Mage of Zhalfir",
                                            "Teferi's Ageless Insight"}
    doc = _answer(q, "Puzzle Box")
    assert _player(doc, "You")["battlefield"] == ["Teferi's Puzzle Box"]


def test_which_jace_when_the_name_is_cut_short() -> None:
    q = _ask("I control Jace. my library is empty. I draw")
    assert {"Jace, Wielder of Mysteries", "Jace's Archivist"} <= {o.label for o in q.options}
    assert _player(_answer(q, "Wielder"), "You")["battlefield"] == ["Jace, Wielder of Mysteries"]


def test_she_with_two_candidates_is_a_question_and_the_answer_names_the_player() -> None:
    q = _ask("Alice has 0 cards in library. Carol controls Notion Thief. She draws a card.")
    assert q.words.lower() == "she"
    assert {o.label for o in q.options} == {"Alice", "Carol"}
    doc = _answer(q, "Alice")
    assert doc["action"] == {"type": "draw", "count": 1, "player": "Alice"}
    assert _answer(q, "Carol")["action"]["player"] == "Carol"


def test_a_pronoun_in_the_same_sentence_means_the_player_just_named() -> None:
    doc = situation_to_json("Alice controls Notion Thief. Bob has 1 card in library and he draws 2.")
    assert doc["action"]["player"] == "Bob"


def test_whose_sheoldred_is_asked_when_it_changes_the_answer() -> None:
    q = _ask("Sheoldred is in play. I am at 2 life. I draw 3")
    assert "Who controls Sheoldred, the Apocalypse" in q.question
    assert [o.label for o in q.options] == ["You control Sheoldred, the Apocalypse",
                                            "Opponent controls Sheoldred, the Apocalypse"]
    mine = _answer(q, "You control")
    theirs = _answer(q, "Opponent controls")
    assert _player(mine, "You")["battlefield"] == ["Sheoldred, the Apocalypse"]
    assert _player(theirs, "Opponent")["battlefield"] == ["Sheoldred, the Apocalypse"]
    assert "battlefield" not in _player(theirs, "You")  # the same permanent, not a second one
    assert resolve(scenario_from_json(theirs)).losers == ["You"]
    assert resolve(scenario_from_json(mine)).losers == []


def test_an_unsaid_controller_that_changes_nothing_is_an_assumption_not_a_question() -> None:
    doc = situation_to_json("Spirit of the Labyrinth is in play. Each player draws 2.")
    assert any("Spirit of the Labyrinth" in a and "doesn't change the answer" in a for a in doc["assumed"])


def test_howling_mine_with_no_controller_in_a_draw_step_is_not_asked_about() -> None:
    doc = situation_to_json("Howling Mine is on the battlefield. It's my draw step.")
    assert _player(doc, "You")["battlefield"] == ["Howling Mine"]


def _judged(text: str) -> Any:
    from engine.cards import default_cards
    from engine.judging import judge_text

    return judge_text(text, default_cards())


def test_notion_thief_with_no_controller_is_the_player_it_acts_for_with_the_other_outcome() -> None:
    """A card named is named because it matters: Notion Thief beside "I draw" acts only under the opponent's
    control, so it is read as the opponent's, said, and the outcome under the asker's control is given too."""
    res = _judged("Notion Thief is in play. I draw 2")
    assert res.players["Opponent"]["hand"] == 9 and res.players["You"]["hand"] == 7
    assert any("Notion Thief" in a and "Opponent's" in a for a in res.assumed)
    assert [o["if"] for o in res.other_outcomes] == ["If you control Notion Thief"]
    assert res.other_outcomes[0]["players"]["You"]["hand"] == 9


def test_a_card_that_acts_under_two_controllers_is_asked_about() -> None:
    q = _ask("opp at 3 with psychosis crawler out, i cast windfall")
    assert "Psychosis Crawler" in q.question and len(q.options) == 2


def test_dredge_with_two_dredgers_asks_which() -> None:
    q = _ask("Golgari Thug and Stinkweed Imp are in my graveyard. I dredge. I draw")
    assert {o.label for o in q.options} == {"Golgari Thug", "Stinkweed Imp"}
    doc = _answer(q, "Stinkweed")
    assert doc["choices"] == {"apply:Stinkweed Imp:You": True}


def test_a_clarification_is_json_with_the_question_options_and_words() -> None:
    doc = _ask("Teferi is in play. I draw").to_json()
    assert doc["ok"] is False
    error = doc["error"]
    assert error["kind"] == "clarification" and error["words"] == "Teferi"
    assert error["question"] and error["message"] and error["where"] == "Teferi is in play"
    assert all(set(o) == {"label", "text"} for o in error["options"])


def test_upkeep_typo_outside_the_vocabulary_is_an_error_not_a_silent_skip() -> None:
    with pytest.raises(SituationError, match="upkep"):
        situation_to_json("it's my upkep. I draw")


# --------------------------------------------------------------------------------------- the issue's bugs


def test_i_have_one_card_left_is_my_library() -> None:
    doc = situation_to_json("I have 1 card left. I draw 2")
    assert _player(doc, "You")["library"] == 1


def test_both_players_never_creates_a_player_named_each() -> None:
    doc = situation_to_json("Both players have one card left. Each player draws a card.")
    assert [p["name"] for p in doc["players"]] == ["You", "Opponent"]
    assert all(p["library"] == 1 for p in doc["players"])


@pytest.mark.parametrize("text,target", [
    ("Alice casts Opportunity targeting herself", "Alice"),
    ("Bob controls Howling Mine. Alice casts Opportunity targeting him", "Bob"),
    ("I cast Opportunity targeting myself", "You"),
])
def test_targets_are_players_of_the_story(text: str, target: str) -> None:
    doc = situation_to_json(text)
    assert doc["action"]["targets"] == [target]
    assert not {"Herself", "Him", "Her"} & {p["name"] for p in doc["players"]}


def test_our_draw_step_is_the_askers() -> None:
    doc = situation_to_json("it's our draw step")
    assert doc["active"] == "You" and [p["name"] for p in doc["players"]] == ["You", "Opponent"]


def test_a_card_name_with_a_comma_in_a_sentence_with_and_is_placed_once() -> None:
    doc = situation_to_json("my opponent controls Sheoldred, the Apocalypse and Notion Thief and I draw 2")
    assert _player(doc, "Opponent")["battlefield"] == ["Sheoldred, the Apocalypse", "Notion Thief"]
    doc = situation_to_json("opponent controls Sheoldred, the Apocalypse and I draw 2, and I am at 2 life")
    assert _player(doc, "Opponent")["battlefield"] == ["Sheoldred, the Apocalypse"]


def test_my_partner_draws_not_the_opponent() -> None:
    doc = situation_to_json("my partner's library is empty and they draw")
    assert doc["action"]["player"] == "Teammate"
    assert resolve(scenario_from_json(doc)).losers == ["Teammate"]


def test_alice_draws_from_an_empty_library_and_loses() -> None:
    doc = situation_to_json("Alice has 0 cards in library. She draws a card.")
    assert resolve(scenario_from_json(doc)).losers == ["Alice"]


def test_a_story_with_named_players_only_has_exactly_them_and_keeps_the_first_turn_skip() -> None:
    doc = situation_to_json("Nadia controls Howling Mine. It's Arjun's draw step on turn 1.")
    assert [p["name"] for p in doc["players"]] == ["Nadia", "Arjun"]
    res = resolve(scenario_from_json(doc))
    # 103.8a: the player who plays first skips the draw step of their first turn (Howling Mine included)
    assert res.players["Arjun"]["hand"] == 7
    assert any(s.kind == "skip" and "103.8a" in s.rules for s in res.steps)


def test_i_dredge_with_my_draw_is_kept() -> None:
    doc = situation_to_json("Golgari Thug is in my graveyard. I draw 3 and dredge Golgari Thug")
    assert doc["choices"] == {"apply:Golgari Thug:You": True}
    assert doc["action"] == {"type": "draw", "count": 3, "player": "You"}


def test_an_instant_is_never_put_on_the_battlefield() -> None:
    with pytest.raises(SituationError, match="not a permanent"):
        situation_to_json("I control Brainstorm. I draw")


# ------------------------------------------------------------------------------ how it was read, in the JSON


def test_every_fact_comes_with_the_words_it_was_read_from() -> None:
    doc = situation_to_json("quick question: opp has Notion Thief out and I draw 2, who gets the cards?")
    facts = {f["fact"]: f["words"] for f in doc["understood"]}
    assert facts["Opponent controls Notion Thief"] == "opponent has Notion Thief out"
    assert facts["You draw 2"] == "I draw 2"


def test_defaults_are_listed_in_the_resolution() -> None:
    res = resolve(scenario_from_json(situation_to_json("I draw 2")))
    joined = "; ".join(res.assumed)
    for said in ("20 life", "7 cards in hand", "40 cards in library", "no card drawn yet this turn", "turn 3"):
        assert said in joined, joined
    assert res.to_json()["understood"] == [{"fact": "You draw 2", "words": "I draw 2"}]


def test_a_scenario_given_as_json_lists_only_what_it_left_out() -> None:
    res = resolve(scenario_from_json({"players": [{"name": "A", "life": 5, "hand": 0, "library": 3,
                                                   "drawn_this_turn": 0}, {"name": "B", "life": 5, "hand": 0,
                                                                            "library": 3, "drawn_this_turn": 0}],
                                      "turn": 4, "step": "main1", "active": "A",
                                      "action": {"type": "draw", "player": "A", "count": 1}}))
    assert res.assumed == []


def test_a_typo_correction_is_said() -> None:
    doc = situation_to_json("my libary is empty. I draw")
    assert "“libary” read as “library”" in doc["assumed"]


# ------------------------------------------------------------------------------------- nicknames as data


def _scryfall_names() -> set[str]:
    import json

    from tests.conftest import CARDS_DIR

    names = {c["name"] for c in json.loads((CARDS_DIR / "draw-cards-dev.json").read_text("utf-8"))["cards"]}
    return names | {c["name"] for c in json.loads((CARDS_DIR / "oracle-cards.json").read_text("utf-8"))["data"]}


def test_every_nickname_names_a_real_card_and_reads_as_it() -> None:
    from engine.cards import default_cards
    from engine.situation.entities import aliases, also_card_names, candidates
    from engine.situation.typos import reader_vocabulary

    cards = default_cards()
    real = set(cards.names()) | _scryfall_names()
    for nickname, card in aliases().items():
        assert card in real, (nickname, card)
        assert nickname not in reader_vocabulary(), f"{nickname!r} is a word the reader itself uses"
        assert cards.find(nickname) is None or cards.find(nickname).name == card, nickname
        other = also_card_names().get(nickname)
        assert candidates(cards, nickname) == [card, *([other] if other else [])], nickname


def test_a_nickname_that_is_another_cards_whole_name_is_declared_and_asks() -> None:
    """ "archivist" is Jace's Archivist's nickname and the card Archivist: read alone, it asks (never a guess)."""
    from rapidfuzz import utils

    from engine.cards import default_cards
    from engine.situation.entities import aliases, also_card_names

    real = {utils.default_process(n): n for n in _scryfall_names()}
    taken = {nickname: real[nickname] for nickname in aliases() if nickname in real and real[nickname] !=
             aliases()[nickname]}
    assert also_card_names() == taken
    assert set(also_card_names().values()) <= set(real.values())
    with pytest.raises(Clarification) as asked:
        situation_to_json("opp has archivist. i cast brainstorm", default_cards())
    assert [option.label for option in asked.value.options] == ["Jace's Archivist", "Archivist"]


def test_dredging_a_card_not_said_to_be_in_the_graveyard_puts_it_there_and_says_so() -> None:
    doc = situation_to_json("I draw 3 and dredge Golgari Thug")
    assert _player(doc, "You")["graveyard"] == ["Golgari Thug"]
    assert any("Golgari Thug is in your graveyard" in a for a in doc["assumed"])
    res = resolve(scenario_from_json(doc))
    assert res.players["You"]["graveyard"] >= 2  # the dredge happened: 2 milled (Golgari Thug returned)


def test_an_archive_of_nobody_said_is_the_drawers_with_the_other_outcome() -> None:
    res = _judged("Alhammarets Archive is on the battlefield. I draw 2")
    assert res.players["You"]["hand"] == 11
    assert [(o["if"], o["players"]["You"]["hand"]) for o in res.other_outcomes] == [
        ("If Opponent controls Alhammarret's Archive", 9)]


def test_do_i_draw_is_a_question_not_an_extra_draw() -> None:
    """ "Do I draw?" asks whether the turn's draw happens: the draw step, whose first-turn rule decides (103.8a),
    never an extra draw of one card."""
    doc = situation_to_json("it's turn 1 and I'm on the play. do I draw?")
    assert doc["action"] == {"type": "draw_step"} and doc["turn"] == 1 and doc["asked"]["kind"] == "can"
    res = resolve(scenario_from_json(doc))
    assert res.players["You"]["hand"] == 7  # the player on the play skips the first turn's draw


def test_a_card_in_play_on_the_field_without_a_controller_is_read_with_the_other_outcome() -> None:
    res = _judged("Lab Man on the field, empty deck, I draw 2. Do I win?")
    assert res.winners == ["You"]
    assert [(o["if"], o["losers"]) for o in res.other_outcomes] == [
        ("If Opponent controls Laboratory Maniac", ["You"])]


@pytest.mark.parametrize("text,choice", [
    ("I choose not to dredge. Golgari Thug is in my graveyard. I draw.", False),
    ("I decide to dredge. Golgari Thug is in my graveyard. I draw.", True),
    ("I won't dredge Golgari Thug. Golgari Thug is in my graveyard. I draw", False),
])
def test_a_dredge_said_before_the_graveyard_is_read_once_the_story_is_known(text: str, choice: bool) -> None:
    assert situation_to_json(text)["choices"] == {"apply:Golgari Thug:You": choice}


def test_dredging_instead_of_drawing_is_a_draw_of_one() -> None:
    doc = situation_to_json("I want to dredge Golgari Grave-Troll instead of drawing. I have 5 cards in library.")
    assert doc["action"] == ME_DRAWS and doc["choices"] == {"apply:Golgari Grave-Troll:You": True}
    assert "“instead of drawing” read as a draw of one card" in doc["assumed"]


def test_when_checking_every_controller_is_too_slow_the_reader_asks_and_says_why() -> None:
    from engine.situation.attach import Builder
    from engine.situation.clarify import place_unowned

    b = Builder(__import__("engine.cards", fromlist=["default_cards"]).default_cards(), "Howling Mine is in play.")
    doc = {"players": [{"name": "You"}, {"name": "Opponent"}], "action": {"type": "draw_step"}}
    with pytest.raises(Clarification, match="too large to check"):
        place_unowned(doc, ["Howling Mine"], b, budget=0.0)
    assert _player(place_unowned(doc, ["Howling Mine"], b), "You")["battlefield"] == ["Howling Mine"]


def test_two_headed_giant_seats_the_opponent_on_the_other_team_and_shares_life() -> None:
    text = ("Two-Headed Giant. I am at 4 life. My opponent controls Sheoldred, the Apocalypse. "
            "My teammate and I each draw 1.")
    doc = situation_to_json(text)
    teams = {p["name"]: p["team"] for p in doc["players"]}
    assert teams == {"You": "A", "Teammate": "A", "Opponent": "B", "Opponent 2": "B"}
    res = resolve(scenario_from_json(doc))
    assert sorted(res.losers) == ["Teammate", "You"]  # 4 - 2 - 2: the team is at 0 (810.8c)


@pytest.mark.parametrize("text,lives", [
    ("Two-Headed Giant. We are at 4 life. My opponent controls Sheoldred, the Apocalypse. We each draw 1.",
     {"You": 4, "Teammate": 4, "Opponent": None, "Opponent 2": None}),
    ("We are at 4 life. My opponent controls Sheoldred, the Apocalypse. I draw 1.", {"You": 4, "Opponent": 4}),
])
def test_we_is_the_askers_team_in_two_headed_giant_and_everyone_otherwise(text: str,
                                                                         lives: dict[str, int | None]) -> None:
    doc = situation_to_json(text)
    assert {p["name"]: p.get("life") for p in doc["players"]} == lives


def test_we_have_one_permanent_but_we_both_have_one_each() -> None:
    one = situation_to_json("2HG. we have Howling Mine. it's our draw step")
    assert sum(len(p.get("battlefield", [])) for p in one["players"]) == 1
    each = situation_to_json("2HG. we both have Howling Mine. it's our draw step")
    assert {p["name"] for p in each["players"] if p.get("battlefield")} == {"You", "Teammate"}


@pytest.mark.parametrize("side,turn", [("play", 3), ("draw", 4)])
def test_a_players_own_turn_number_on_the_play_or_draw_is_the_games_and_says_so(side: str, turn: int) -> None:
    doc = situation_to_json(f"I am on the {side}. It is my draw step on turn 2")
    assert doc["turn"] == turn
    assert f"turn 2 read as your turn 2 on the {side}: the game's turn {turn}" in doc["assumed"]


def test_a_count_of_cards_with_no_zone_is_asked_about() -> None:
    q = _ask("It's my turn and I have 40 cards. I cast Windfall with 6 cards in hand.")
    assert q.words == "40 cards" and [o.label for o in q.options] == ["40 cards in library", "40 cards in hand"]
    assert _player(_answer(q, "in library"), "You")["library"] == 40
    assert situation_to_json("I have 1 card left. I draw 2")["players"][0]["library"] == 1  # "left": library


@pytest.mark.parametrize("text,who,n", [
    ("My opponent has 9 poison counters. I draw 1.", "Opponent", 9),
    ("opp is on 9 poison, opp draws 2", "Opponent", 9),
    ("I am at 8 poison and 3 life. I draw 1.", "You", 8),
])
def test_poison_counters_are_read(text: str, who: str, n: int) -> None:
    doc = situation_to_json(text)
    assert next(p for p in doc["players"] if p["name"] == who)["poison"] == n
    assert any("poison counters" in f["fact"] for f in doc["understood"])


@pytest.mark.parametrize("text", [
    "With Notion Thief on board, my opponent casts Brainstorm",
    "opp casts Brainstorm with Notion Thief out",
    "my opponent casts brainstorm with a notion thief on the battlefield",
])
def test_a_with_part_that_puts_a_card_out_says_nothing_of_whose(text: str) -> None:
    """Found in review: the card was given to the clause's subject (the opponent), silently, and the ruling
    said the opponent draws 3; whose Thief it is changes who draws, so both outcomes are given."""
    doc = situation_to_json(text)
    assert "Notion Thief is on the battlefield" in [f["fact"] for f in doc["understood"]]
    res = resolve(scenario_from_json(doc))
    assert res.players["You"]["hand"] == 10  # the main line: yours (the other player's spell is what is asked)
    other = [o for o in res.other_outcomes if "Notion Thief" in str(o)]
    assert other and "Opponent draws 3" in str(other[0])


@pytest.mark.parametrize("text, owner", [
    ("With my Notion Thief on board, my opponent casts Brainstorm", "You"),
    ("opp casts Brainstorm with his Notion Thief out", "Opponent"),
    ("With 2 cards in library, opp casts Brainstorm", None),
])
def test_a_with_part_that_says_whose_keeps_it(text: str, owner: str | None) -> None:
    doc = situation_to_json(text)
    players = {p["name"]: p for p in doc["players"]}
    if owner is None:  # a zone count is the subject's
        assert players["Opponent"]["library"] == 2
    else:
        assert "Notion Thief" in players[owner].get("battlefield", [])


def test_leading_with_parts_quote_the_players_own_commas() -> None:
    """Found by the fuzz test: "With X out, with Y out, I draw 2" quoted "X out ," (a comma the reader had
    spaced out), words that are not in the text."""
    doc = situation_to_json("With Spirit of the Labyrinth out, with Notion Thief out, I draw 2")
    words = [f["words"] for f in doc["understood"]]
    assert all(" ," not in w for w in words)
    # whose they are is not said: on the battlefield, the controller asked for when it changes the answer
    assert {p for f in doc["understood"] for p in [f["fact"]]} >= {"Spirit of the Labyrinth is on the battlefield",
                                                                   "Notion Thief is on the battlefield"}


@pytest.mark.parametrize("text", [
    "opp has notion thief and 2 cards in my library, i draw 3",
    "opp has notion thief, 2 cards in my library and i draw 3",
    "opp has alms collector, golgari thug in my yard, i draw",
])
def test_a_zone_said_to_be_mine_is_never_given_to_the_subject_carried_before(text: str) -> None:
    """A part that goes on after "opp has ..." names the asker's zone with "my": the fact is the asker's."""
    doc = situation_to_json(text)
    me, opp = _player(doc, "You"), _player(doc, "Opponent")
    assert ("library" in me or "graveyard" in me) and "library" not in opp and "graveyard" not in opp


def test_a_draw_step_told_with_a_cast_draws_the_steps_card_first() -> None:
    """ "It's my draw step, I cast Brainstorm": the step's draw (504.1) is part of the story, before the cast;
    the counts said are before it, and the outcome if they were after it is given too."""
    res = _judged("its my draw step, 3 cards in library, i cast brainstorm. do i lose?")
    assert res.losers == ["You"] and [s.kind for s in res.steps][:2] == ["draw_step", "draw"]
    assert [(o["if"], o["losers"]) for o in res.other_outcomes] == [
        ("If the cards you counted were after your draw for the turn", [])]


def test_turn_one_with_no_side_said_is_the_games_first_turn_with_the_other_side_as_the_other_outcome() -> None:
    """ "Do I draw on turn 1?": read as the game's first turn (the asker on the play, said); a player may mean
    their own first turn on the draw, so that outcome is given too (103.8a)."""
    res = _judged("do i draw on turn 1?")
    assert [s.kind for s in res.steps if s.kind == "draw"] == []
    assert any("on the play" in a for a in res.assumed)
    assert [(o["if"], o["players"]["You"]["hand"]) for o in res.other_outcomes] == [
        ("If you are on the draw (turn 1 meaning your first turn: the game's turn 2)", 8)]


@pytest.mark.parametrize("text", [
    "two opps both control consecrated sphinx, I draw a card",
    "both opps have consecrated sphinx, i draw a card",
    "my two opponents each control a consecrated sphinx, I draw a card",
    "3 players. each opponent controls consecrated sphinx, I draw a card",
])
def test_permanents_each_opponent_controls(text: str) -> None:
    """ "Two opps both control X": each opponent controls one (never the asker, the clause's later subject)."""
    doc = situation_to_json(text)
    board = {p["name"]: p.get("battlefield", []) for p in doc["players"]}
    assert board == {"You": [], "Player 2": ["Consecrated Sphinx"], "Player 3": ["Consecrated Sphinx"]}


@pytest.mark.parametrize(("text", "owner"), [
    ("opp casts prosperity for 3 with my notion thief out", "You"),
    ("Alice casts Brainstorm with Bob's Notion Thief out", "Bob"),
    ("opp is at 3 with his psychosis crawler out. i draw a card", "Opponent"),
])
def test_a_with_tail_that_says_whose_keeps_its_owner(text: str, owner: str) -> None:
    """ "Opp casts X with my Thief out": the Thief is mine (it was read as "Opponent has my Thief")."""
    doc = situation_to_json(text)
    holders = [p["name"] for p in doc["players"] if p.get("battlefield")]
    assert holders == [owner]


def test_a_zone_said_before_another_player_is_asked_about() -> None:
    """ "Lab man and empty library, opponent casts Words of Wisdom": whose library decides who wins; asked,
    each option read as its own situation (it was given to the opponent, the clause's later subject)."""
    from engine.cards import default_cards
    from engine.errors import Clarification
    from engine.judging import judge_text

    with pytest.raises(Clarification) as asked:
        judge_text("Lab man and empty library, opponent casts Words of Wisdom. do I win or lose?", default_cards())
    mine, theirs = asked.value.options
    assert judge_text(mine.text, default_cards()).winners == ["You"]
    assert judge_text(theirs.text, default_cards()).winners == ["Opponent"]
    assert situation_to_json("library empty, I draw a card")["players"][0]["library"] == 0  # the asker: as before
    for typed in ("Lab man and empty deck, opponent casts Words of Wisdom",  # the zone typed another way
                  "Lab man and 1 left, opponent casts Words of Wisdom"):  # or left unsaid
        with pytest.raises(Clarification) as again:
            judge_text(typed, default_cards())
        assert judge_text(again.value.options[1].text, default_cards()).winners == ["Opponent"]


@pytest.mark.parametrize("text, creature", [
    ("enduring renewal out, i draw a creature card", True),
    ("I control Enduring Renewal. my top card is a creature. I draw", True),
    ("I control Enduring Renewal and the top card of my library is not a creature card. I draw a card", False),
    ("enduring renewal on my board, my top card is not a creature, i draw", False),
    ("enduring renewal on my board, i draw a creature", True),
])
def test_the_top_card_said_of_a_type_is_a_fact_not_an_assumption(text: str, creature: bool) -> None:
    """Found in review: "i draw a creature card" skipped "creature" as table talk and the ruling led with the
    card drawn (a non-creature assumed); the type said of the top card decides a reveal's "if it's a creature
    card", with no other line listed for it."""
    doc = situation_to_json(text)
    res = resolve(scenario_from_json(doc))
    assert res.players["You"]["hand"] == (7 if creature else 8)
    assert res.players["You"]["graveyard"] == (1 if creature else 0)
    assert not any("top_is_creature" in str(o) for o in res.other_outcomes)
    assert not any("not known" in s.text for s in res.steps)


@pytest.mark.parametrize("text, opp_draws, assumed", [
    ("Rhystic Study on opp's side. I cast Brainstorm and don't pay. how many does opp draw?", 1, False),
    ("opp has rhystic study, i cast brainstorm and pay the 1. how many does he draw?", 0, False),
    ("opp has rhystic study, i cast brainstorm. does he draw?", 1, True),  # unsaid: not paying assumed, said
])
def test_an_unless_pays_tax_is_the_casters_decision(text: str, opp_draws: int, assumed: bool) -> None:
    """Found in review: "unless that player pays {1}" was dropped from Rhystic Study (the opponent's "may" was the
    only decision) and "don't pay" was not understood; the rulings: the caster decides first, then the "may"."""
    res = resolve(scenario_from_json(situation_to_json(text)))
    assert res.players["Opponent"]["hand"] - res.before["Opponent"]["hand"] == opp_draws
    assert any("assumes" in s.text and "pay {1}" in s.text for s in res.steps) == assumed


def test_a_mystic_remora_tax_not_paid_lets_its_controller_draw() -> None:
    res = resolve(scenario_from_json(situation_to_json(
        "I have Mystic Remora out, opp casts Prosperity for 2 and doesn't pay. how many do I draw?")))
    assert res.players["You"]["hand"] == 7 + 2 + 1  # Prosperity's 2 and the Remora's 1 (the "may" taken)


@pytest.mark.parametrize("tax, said, bob_draws", [
    ("you may draw a card unless that player pays {2}", "I cast Brainstorm and don't pay", 1),
    ("you may draw a card unless that player pays {2}", "I cast Brainstorm and pay the 2", 0),
    ("draw a card unless that player pays {X}, where X is this creature's power", "I cast Brainstorm and don't pay", 1),
    ("draw a card unless that player pays {X}, where X is this creature's power", "I cast Brainstorm and pay for it", 0),
])
def test_a_tax_said_paid_or_not_decides_any_unless_pays_card(tax: str, said: str, bob_draws: int) -> None:
    """The pattern, on made-up cards: "unless that player pays {N}" in either reading the Oracle reader gives."""
    from tests.engine.helpers import made_cards

    db = made_cards({"Taxing Watcher": ("Creature — Bird", f"Whenever an opponent casts a spell, {tax}.")})
    doc = situation_to_json(f"opp has Taxing Watcher, {said}", db)
    res = resolve(scenario_from_json(doc, db), db)
    assert res.players["Opponent"]["hand"] - res.before["Opponent"]["hand"] == bob_draws


@pytest.mark.parametrize("text, copies", [
    ("thought reflection x2, i draw 1", 2),  # was one copy: the typo-tolerant name took "x2" in, silently
    ("2x thought reflection, i draw 1", 2),
    ("Thought Reflection ×3 on my board, i draw 1", 3),
])
def test_copies_said_with_x_are_counted(text: str, copies: int) -> None:
    res = resolve(scenario_from_json(situation_to_json(text)))
    assert res.players["You"]["hand"] - res.before["You"]["hand"] == 2 ** copies  # each copy doubles the draw


@pytest.mark.parametrize("text", [
    "3 opponents, each has Sheoldred the Apocalypse. I draw 2",  # was: You control Sheoldred (gain 4)
    "3 opponents, each with Sheoldred. I draw 2",
])
def test_each_of_the_opponents_said_before_has_the_card(text: str) -> None:
    res = resolve(scenario_from_json(situation_to_json(text)))
    assert res.players["You"]["life"] == 20 - 3 * 2 * 2
    assert "triggers 6 times (3 of them)" in res.ruling["text"]
