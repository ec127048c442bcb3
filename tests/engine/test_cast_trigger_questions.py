"""Players' questions about triggers on casting and their taxes, the way they ask on Discord: "who decides if they
pay?" (the paying player, 118.12a; then the "may" of the card's controller), "who chooses the order?" (each player
their own triggered abilities, 603.3b), "who pays?", a question about another act than drawing ("does he still get
to resolve his spell?": never a "No." about drawing), "didnt pay", and "X triggers on my spell".

Made-up cards carry the patterns: a "may draw unless that player pays" tax, a forced "draw unless that player
pays", and a trigger on the caster's own instants and sorceries.
"""

from __future__ import annotations

import pytest

from engine.answer_model import AnswerKind
from engine.cards import CardDB
from engine.errors import Clarification, ScenarioError
from engine.judging import judge_text
from tests.engine.helpers import made_cards
from tests.situation_corpus.measure import drawn_by

CARDS = {
    "Scholar's Toll": ("Enchantment", "Whenever an opponent casts a spell, you may draw a card unless that player "
                                      "pays {1}."),
    "Tithe Eel": ("Creature — Fish", "Whenever an opponent casts a noncreature spell, you may draw a card unless "
                                     "that player pays {4}."),
    "Stern Clerk": ("Creature — Human Advisor", "Whenever an opponent casts a spell, draw a card unless that player "
                                                "pays {2}."),
    "Spellwise Owl": ("Creature — Bird Wizard", "Flying\nWhenever you cast an instant or sorcery spell, draw a card."),
}


@pytest.fixture(scope="module")
def db() -> CardDB:
    return made_cards(CARDS)


def _lead(text: str, db: CardDB) -> dict[str, object]:
    return judge_text(text, db).answer


@pytest.mark.parametrize("question", ["who decides if they pay?", "who chooses if he pays the 1?", "whos paying?",
                                      "who gets to decide whether opp pays?", "who pays?", "who decides?"])
def test_who_decides_the_tax_is_the_player_who_may_pay_and_never_a_payment_said(question: str, db: CardDB) -> None:
    res = judge_text(f"i have scholar's toll and opp casts a spell. {question}", db)
    assert res.answer["kind"] == AnswerKind.WHO
    assert str(res.answer["text"]).startswith("Opponent chooses whether to pay {1}; if they don’t, you choose")
    assert res.answer["rule"] == "118.12a"
    assert not any("pays the tax" in u["fact"] for u in res.understood)  # the question's "if they pay" is no fact


def test_the_tax_of_a_forced_draw_is_chosen_by_the_payer_alone(db: CardDB) -> None:
    lead = _lead("opp controls stern clerk and i cast brainstorm. who decides whether i pay?", db)
    assert lead["text"] == "You choose whether to pay {2}."
    must = _lead("i have stern clerk, opp casts a spell and doesnt pay. do i have to draw?", db)
    assert str(must["text"]).startswith("Yes")  # no "may": the draw is not the controller's choice


def test_who_decides_whether_i_draw_is_the_may_of_the_cards_controller(db: CardDB) -> None:
    lead = _lead("opp casts brainstorm with my tithe eel out. who decides whether i draw?", db)
    assert lead["text"] == "You choose whether to draw: Tithe Eel's draw is a “may”."


def test_who_orders_the_triggers_of_one_player_and_of_two(db: CardDB) -> None:
    mine = _lead("i have scholar's toll and tithe eel. opp casts an instant. who chooses the order the triggers go "
                 "on the stack?", db)
    assert str(mine["text"]).startswith("You — you put your triggered abilities on the stack in any order")
    assert mine["rule"] == "603.3b"
    both = _lead("i control spellwise owl and opp controls scholar's toll. i cast an instant, who orders the "
                 "triggers?", db)
    assert str(both["text"]).startswith("Each player orders their own triggered abilities")
    one = _lead("i have tithe eel, opp casts an instant. who chooses the order of the triggers?", db)
    assert one["text"] == "Tithe Eel's triggered ability resolves first, before the spell."  # nothing to order


def test_who_chooses_with_no_decision_in_the_story_is_the_ruling_not_a_guess(db: CardDB) -> None:
    lead = _lead("i control spellwise owl and cast an instant. who chooses?", db)
    assert lead["kind"] == AnswerKind.RULING


def test_a_question_about_another_act_than_drawing_is_never_a_no_about_drawing(db: CardDB) -> None:
    res = judge_text("my scholar's toll triggers, opp pays the 1. does he still get to resolve his spell?", db)
    assert res.asked is not None and res.asked.act == "resolve"
    assert res.answer["kind"] == AnswerKind.RULING
    assert drawn_by(res) == {}
    can = judge_text("i have scholar's toll, opp casts a spell and doesnt pay. do i get to draw?", db)
    assert can.answer["kind"] != AnswerKind.RULING  # "get to draw" stays the draw question


def test_didnt_pay_is_the_tax_declined(db: CardDB) -> None:
    res = judge_text("opp cast brainstorm into my tithe eel. he didnt pay the 4. how many cards do i draw", db)
    assert any(u["fact"] == "Opponent doesn’t pay the tax for Tithe Eel" for u in res.understood)
    assert drawn_by(res) == {"You": 1, "Opponent": 3}


def test_a_trigger_on_whose_spell_names_the_caster(db: CardDB) -> None:
    res = judge_text("opp's scholar's toll triggers on my spell, i don't pay. how many does he draw?", db)
    assert res.players["You"]["hand"] == 6  # the asker cast the spell
    assert drawn_by(res)["Opponent"] == 1
    own = judge_text("my scholar's toll triggers on my own spell. do i draw?", db)  # it triggers on opponents' only
    assert own.answer["text"].startswith("No") and drawn_by(own) == {}


def test_a_tax_said_for_a_players_card_puts_that_card_on_their_battlefield(db: CardDB) -> None:
    res = judge_text("opp casts brainstorm, cant pay for my scholar's toll. how many do i draw", db)
    assert drawn_by(res)["You"] == 1  # it was "You draw no card": the card was never on the battlefield
    assert any(u["fact"] == "You control Scholar's Toll" for u in res.understood)
    theirs = judge_text("i cast brainstorm and dont pay for his tithe eel. how many does he draw", db)
    assert drawn_by(theirs)["Opponent"] == 1
    paid = judge_text("opp casts brainstorm and pays for my scholar's toll. how many do i draw", db)
    assert drawn_by(paid).get("You", 0) == 0 and paid.triggers[0].source == "Scholar's Toll"


def test_a_tax_for_a_card_told_nowhere_and_owned_by_nobody_said_is_asked(db: CardDB) -> None:
    with pytest.raises((ScenarioError, Clarification)):
        judge_text("opp casts brainstorm and doesnt pay for scholar's toll. how many do i draw", db)


@pytest.mark.parametrize("said", ["opp casts an instant, doesn't pay", "opp casts an instant and pays for neither",
                                  "opp casts an instant, cant pay"])
def test_the_tax_declined_after_a_comma_or_for_neither(said: str, db: CardDB) -> None:
    res = judge_text(f"i have scholar's toll and tithe eel, {said}. how many cards do i draw?", db)
    assert any(u["fact"] == "Opponent doesn’t pay the tax" for u in res.understood)
    assert drawn_by(res) == {"You": 2}


@pytest.mark.parametrize("paid", ["pays the 1", "pays for scholar's toll", "pays {1}"])
def test_one_tax_said_paid_is_that_tax_alone_never_another_cards(paid: str, db: CardDB) -> None:
    # Scholar's Toll asks {1}, Tithe Eel {4}: "he pays the 1" left the {4} unsaid, and the answer was "no card"
    res = judge_text(f"i have scholar's toll and tithe eel. opp casts an instant and {paid}. how many do i draw", db)
    assert any(u["fact"] == "Opponent pays the tax for Scholar's Toll" for u in res.understood)
    assert drawn_by(res) == {"You": 1}  # Tithe Eel's: its tax assumed unpaid, the other line listed
    assert any("Opponent pays the tax" in str(b.get("said")) for b in res.branches)
    both = judge_text("i have scholar's toll and tithe eel. opp casts an instant and pays. how many do i draw", db)
    assert drawn_by(both) == {}  # "he pays": every tax


def test_a_spell_cast_for_free_is_cast_and_free_is_no_player(db: CardDB) -> None:
    res = judge_text("opp casts a spell for free with my scholar's toll out. does it trigger?", db)
    assert set(res.players) == {"You", "Opponent"}
    assert str(res.answer["text"]).startswith("Yes")


@pytest.mark.parametrize("told", ["opp casts an instant in response to my spell",
                                  "opp casts brainstorm in response to my spell and doesnt pay"])
def test_a_response_to_an_unnamed_spell_is_judged_alone_and_said(told: str, db: CardDB) -> None:
    res = judge_text(f"i have scholar's toll. {told}. how many cards do i draw?", db)
    assert drawn_by(res)["You"] == 1
    assert any("“my spell” waits on the stack" in a for a in res.assumed)


@pytest.mark.parametrize(("text", "owner", "times"), [
    ("opp casts brainstorm. does my scholar's toll trigger?", "You", 1),
    ("i cast brainstorm. does opp's scholar's toll trigger?", "Opponent", 1),
    ("opp cast an instant, does my tithe eel trigger", "You", 1),  # asked after a comma, no "?"
    ("opp cast a creature, does my tithe eel trigger", "You", 0),
    ("opp casts brainstorm, how many times does my scholar's toll trigger?", "You", 1),
])
def test_a_card_asked_about_by_its_owner_is_on_their_battlefield(text: str, owner: str, times: int,
                                                                  db: CardDB) -> None:
    # "does my rhystic trigger?" with the card told nowhere else was "No — it doesn't trigger"
    res = judge_text(text, db)
    assert res.asked is not None and res.asked.kind.value == "trigger"
    assert sum(t.count for t in res.triggers if t.controller == owner) == times
    assert any("read as on" in a for a in res.assumed)
    assert str(res.answer["text"]).startswith(("Yes", "No", res.triggers[0].source if res.triggers else "No"))


def test_a_card_asked_about_without_an_owner_and_told_nowhere_is_refused(db: CardDB) -> None:
    with pytest.raises(ScenarioError, match="say whose it is"):
        judge_text("opp casts brainstorm. does scholar's toll trigger?", db)


def test_a_tax_said_for_a_card_with_no_spell_told_is_that_cards_trigger(db: CardDB) -> None:
    res = judge_text("if opp doesnt pay for my scholar's toll, do i have to draw?", db)
    assert str(res.answer["text"]).startswith("No — your choice")
    assert res.players["Opponent"]["hand"] == 6  # the opponent cast the spell it triggered on
    named = judge_text("opp doesnt pay for my scholar's toll, he cast brainstorm. how many do i draw", db)
    assert drawn_by(named) == {"You": 1, "Opponent": 3}  # the spell told after the tax is that spell


@pytest.mark.parametrize(("text", "lead"), [
    ("i have smothering tithe, opp casts brainstorm and doesnt pay. do i get treasures?", "Yes — you get 3 Treasures."),
    ("i have smothering tithe, opp casts brainstorm and pays. do i get any treasures?", "No — you get no Treasures."),
    ("opp has smothering tithe, i cast brainstorm and dont pay. does he get a treasure?",
     "Yes — Opponent gets 3 Treasures."),
])
def test_do_i_get_a_treasure_is_the_tokens_got_never_the_draws(text: str, lead: str, db: CardDB) -> None:
    # "do I get treasures?" was read as a draw: "No." beside Smothering Tithe's three Treasures
    res = judge_text(text, db)
    assert res.asked is not None and res.asked.act == "tokens"
    assert res.answer["text"] == lead


@pytest.mark.parametrize(("text", "lead"), [
    ("opp has scholar's toll, i cast brainstorm. should i pay?", "You choose whether to pay {1}; if you don’t, "
                                                                "Opponent chooses whether to draw."),
    ("opp has scholar's toll, i cast brainstorm. do i have to pay the 1?", "You choose whether to pay {1}; if you "
                                                                          "don’t, Opponent chooses whether to draw."),
    ("i have stern clerk, opp casts an instant. does he have to pay?", "Opponent chooses whether to pay {2}."),
])
def test_should_i_pay_is_whose_choice_the_tax_is_never_a_payment(text: str, lead: str, db: CardDB) -> None:
    # "should i pay?" was read as "You pay the tax": the ruling said the paid line and hid the other
    res = judge_text(text, db)
    assert res.answer["text"] == lead
    assert not any("pay" in u["fact"] for u in res.understood)


@pytest.mark.parametrize("question", ["in what order do the triggers resolve?", "which one resolves first?"])
def test_in_what_order_is_who_orders_the_triggers(question: str, db: CardDB) -> None:
    lead = _lead(f"i have scholar's toll and tithe eel. opp casts an instant. {question}", db)
    assert str(lead["text"]).startswith("You — you put your triggered abilities on the stack in any order")


def test_what_resolves_first_the_spell_or_its_trigger(db: CardDB) -> None:
    lead = _lead("i have scholar's toll. opp casts brainstorm. what resolves first, brainstorm or the trigger?", db)
    assert lead["text"] == "Scholar's Toll's triggered ability resolves first, before the spell."
    assert lead["rule"] == "405.5"


NTH = {
    "Toll Sentry": ("Artifact Creature — Human Soldier", "Whenever an opponent casts their first noncreature spell "
                                                         "each turn, draw a card unless that player pays {1}."),
    "Second Sight Owl": ("Creature — Bird", "Flying\nWhenever an opponent casts their second spell each turn, draw a "
                                            "card."),
}


@pytest.mark.parametrize(("text", "drawn"), [
    ("opp has toll sentry. i cast my first noncreature spell this turn and don't pay. how many does he draw?",
     {"Opponent": 1}),
    ("opp has toll sentry. i cast my second noncreature spell this turn. how many does he draw?", {}),
    ("i have second sight owl. opp casts his second spell this turn. how many do i draw?", {"You": 1}),
    ("i have second sight owl. opp casts his first spell this turn. how many do i draw?", {}),
])
def test_which_spell_of_the_turn_is_said_for_a_first_or_second_spell_trigger(text: str, drawn: dict[str, int]) -> None:
    # "first noncreature spell this turn" was read as a card's name; "their first ... each turn" was not judged
    res = judge_text(text, made_cards(NTH))
    assert dict(drawn_by(res)) == drawn
    # said as which spell it is, or as the spells cast before it ("Opponent cast 1 spell earlier this turn")
    assert any("spell this turn" in u["fact"] or "earlier this turn" in u["fact"] for u in res.understood)


def test_who_chooses_a_decision_other_than_a_tax_or_an_order_of_triggers_gives_that_choices_lines() -> None:
    # the order of two replacement effects (616.1) was answered with the ruling's one line once "who chooses" was
    # read as a question: the player's own choice keeps both lines
    res = judge_text("opp has notion thief and i have thought reflection. i cast brainstorm. who chooses the order?",
                     made_cards({}))
    assert res.answer["kind"] == AnswerKind.CHOICE and res.answer["text"] == "Your choice:"
    assert len(res.answer["lines"]) == 2
