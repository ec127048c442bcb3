"""The situation language: what players type in /draw, read into a scenario.

The reader is a visible pipeline, one module per stage: ``quoted`` (a card's own text, quoted in brackets,
skipped) → ``normalize`` (text cleaned; ``rewrites``: the way players type; ``introductions``: the players, teams
and seats as judges introduce them; ``person``: who "you" is; ``aside``: the outcome a player expects, what they
saw, asides, set apart and said) → ``clauses`` (each sentence, read from its
parts first: ``tokens`` → ``atoms`` → frames of ``reading``, ``frames`` and ``board``, in ``story``; else by a
one-fact template of ``phrases``; a sentence of table talk skipped, said: ``talk``) → ``attach`` (facts attached
to players) → ``seating`` (players seated, defaults filled) → ``clarify`` (controllers and a Commander game's
number of players, asked when they change the answer) → the contract's scenario JSON.

Errors say which clause was not understood, what was expected there, and the closest phrases or cards.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from engine.cards import CardDB, default_cards
from engine.errors import Ambiguity, Clarification, SituationError
from engine.game_words import in_game_words
from engine.scenario_json import scenario_from_json
from engine.situation.asked_card import place_asked_card, require_taxed_cards
from engine.situation.attach import Builder
from engine.situation.board_counts import require_counted_board
from engine.situation.card_targets import read_card_target
from engine.situation.card_verbs import card_verbs
from engine.situation.clarify import ask_player_count, from_ambiguity, place_unowned, question_text, with_question
from engine.situation.clauses import _clauses, _parse_clause
from engine.situation.combat_told import ask_combat_damage
from engine.situation.devotion import settle_devotion
from engine.situation.discards import discard_reading
from engine.situation.dredges import settle_dredges
from engine.situation.entities import card_words
from engine.situation.facts import is_spell
from engine.situation.given import Situation
from engine.situation.introductions import ask_team_format
from engine.situation.lexicon import MAX_CLAUSE, MAX_TEXT, NOTHING_HAPPENS
from engine.situation.normalize import (
    Normalized,
    collapse,
    draw_step_question,
    normalize,
    normalize_text,
    turn_loss_question,
    without_leading_filler,
)
from engine.situation.normalize import _turn_draw_question as turn_draw_question
from engine.situation.offer import can_offer, maybe_cards, offer
from engine.situation.phrases import PHRASES, all_examples, language_reference
from engine.situation.question import asker_team, question_sentences, read_question
from engine.situation.quoted import Quoted, drop_quoted_text
from engine.situation.reference import reference_markdown
from engine.situation.scope import out_of_scope
from engine.situation.seating import _to_json, merge_unowned
from engine.situation.sources import past_draw_in_step
from engine.situation.stack import response_reading
from engine.situation.states import place_tapped
from engine.situation.step_begins import step_begins, triggers_at
from engine.situation.talk import is_table_talk
from engine.situation.tokens import Tok, tokenize
from engine.situation.typos import reader_vocabulary

__all__ = ["PHRASES", "Clarification", "Situation", "SituationError", "all_examples", "language_reference",
           "normalize", "parse_situation", "reference_markdown", "situation_to_json"]


def parse_situation(text: str | Situation, cards: CardDB | None = None, *, asker: str = "You") -> Any:
    """Parse a situation (its text, or the text with the options given beside it) into an engine Scenario (via
    the contract's JSON form)."""
    return scenario_from_json(situation_to_json(text, cards), cards or default_cards())


def _names_a_card(text: str, cards: CardDB | None) -> bool:
    """Whether the text names a card the engine knows ("in response to opp's spell I cast Brainstorm"): a story
    about a card that draws is never another topic's question, whatever else it mentions (the stack)."""
    return any(t.kind is Tok.CARD for t in tokenize(text[:MAX_TEXT], cards or default_cards()))


def situation_to_json(situation: str | Situation, cards: CardDB | None = None) -> dict[str, Any]:
    """The whole pipeline (see ``_read``); a text about another rules topic that can't be read gets the
    command that answers it instead of the reader's error."""
    given = situation if isinstance(situation, Situation) else None
    text: Any = given.text if given is not None else situation  # not a str: the reader says so
    try:
        return _read(text, cards, given)
    except Clarification:
        raise
    except SituationError as error:
        if isinstance(text, str):
            # The fallbacks search the raw text with patterns of their own: runs of whitespace collapsed first,
            # or a 2,000-character run of spaces and tabs costs their searches a third of a second (#28).
            text = collapse(text)
        if isinstance(text, str) and (stacked := _response(text, cards, given)) is not None:
            return stacked
        if isinstance(text, str) and (discarded := _discarded(text, cards, given)) is not None:
            return discarded
        other = out_of_scope(text, error) if isinstance(text, str) else None
        if other is not None and not _names_a_card(text, cards):  # tokens only for a text about another topic
            raise other from None
        if isinstance(text, str):
            _offered(text, error, cards or default_cards(), given)
        raise


def _response(text: str, cards: CardDB | None, given: Situation | None) -> dict[str, Any] | None:
    """A spell cast in response to another (``stack``): read, or asked which (the question raised)."""
    return response_reading(text, lambda more: _read(more, cards, given), cards or default_cards())


def _discarded(text: str, cards: CardDB | None, given: Situation | None) -> dict[str, Any] | None:
    """ "i cast windfall: i discard 3 cards and opp discards 2": each hand said by what is discarded (``discards``)."""
    return discard_reading(text, lambda more: _read(more, cards, given), cards or default_cards())


def _offered(text: str, error: SituationError, cards: CardDB, given: Situation | None) -> None:
    """A text not read, whose cards the engine knows or whose actions it reads one at a time: situations to
    choose from (``offer``), asked at once; or, when the text may name cards the card data lacks (words that
    may be a name), kept with the error for when the look-up finds none of them."""
    if error.unknown_card or not can_offer(text, error):
        return  # a card to look up (one not found is said at once, never read around), another error, a long text
    error.maybe_cards = maybe_cards(text, cards)
    error.offer = _offer(text, error, cards, given)
    if error.offer is not None and not error.maybe_cards:
        raise error.offer from error


def _offer(text: str, error: SituationError, cards: CardDB, given: Situation | None) -> Clarification | None:
    norm, _ = _normalized(text, cards)
    asked = read_question(Builder(cards, norm.text), norm.sentences)
    return offer(text, error, cards, lambda more: _read(more, cards, given), question_text(asked))


def _read(text: str, cards: CardDB | None, given: Situation | None = None) -> dict[str, Any]:
    """quoted card text skipped → normalise → clauses (tokens → atoms → frames, or a one-fact template) →
    story → seating → the question asked → the contract's scenario JSON, with what was understood and what was
    assumed. The options given beside the text (the game, the edition) are facts before its first word, each
    said to come from its option."""
    cards = cards or default_cards()
    norm, quoted = _normalized(text, cards)
    try:
        if norm.unformatted_teams:
            raise ask_team_format(text)  # "Alice and Ann vs Bob and Ben": Two-Headed Giant, or another team game?
        return _read_normalized(norm, quoted, text, cards, given)
    except Clarification as asked:
        raise with_question(asked, read_question(Builder(cards, norm.text), norm.sentences)) from asked


def _normalized(text: str, cards: CardDB) -> tuple[Normalized, list[Quoted]]:
    """The text normalised, and the card text quoted in it (skipped)."""
    unquoted, quoted = drop_quoted_text(_checked(text), cards)
    unquoted = card_verbs(unquoted, cards, lambda name: _card_kind(cards, name) == "spell", reader_vocabulary())
    return normalize_text(unquoted, card_words(tuple(cards.names())), lambda name: _card_kind(cards, name)), quoted


def _read_normalized(norm: Normalized, quoted: list[Quoted], text: str, cards: CardDB,
                     given: Situation | None) -> dict[str, Any]:
    b = Builder(cards, norm.text)
    for passage in quoted:
        b.assume(passage.said())
    for key, value, source in given.given() if given is not None else ():
        b.set("*", key, value, source)
    clauses = _read_clauses(b, norm.text, norm.from_questions, text)
    _settle(b, clauses[-1], norm.sentences)
    asked = read_question(b, norm.sentences)
    doc = place_tapped(place_unowned(_to_json(b), merge_unowned(b), b), b.tapped)
    place_asked_card(doc, asked, b)  # "opp casts brainstorm. does my rhystic trigger?"
    require_taxed_cards(doc, b)  # "he doesn't pay for rhystic study" with no Rhystic Study told
    read_card_target(doc, cards, b.action_clause)
    require_counted_board(doc, cards, b.action_clause, b.uncounted)
    if asked is not None:
        asked = asker_team(asked, doc)
        names = [p["name"] for p in doc["players"]]
        doc["asked"] = (asked if asked.player in names or asked.player is None
                        else replace(asked, player=None)).to_json()
    ask_combat_damage(doc, b)
    for typed, read in norm.corrections:
        b.assume(f"“{typed}” read as “{read}”")
    for aside in norm.asides:
        b.assume(aside)
    for seen in norm.seen:
        _told_elsewhere(b, seen)
        b.assume(f"“{seen}” read as what you saw happen, not as a fact: the ruling above says what the rules give")
    for claim in norm.claims:
        _told_elsewhere(b, claim)
        b.assume(f"“{claim}” read as what you expect, not as a fact: the ruling above works it out")
    if "player_count" not in b.top:
        ask_player_count(doc, b, text, lambda more: _read(more, cards, given))
    return _with_reading(doc, b)



def _card_kind(cards: CardDB, name: str) -> str | None:
    """ "spell" for an instant's or a sorcery's name, "permanent" for another card's, None for words no card has."""
    card = cards.find(name)
    return None if card is None else "spell" if is_spell(card) else "permanent"


def _told_elsewhere(b: Builder, words: str) -> None:
    """Words read as what the player expects or saw must not take a card out of the story: a card they name that
    the rest of the story doesn't ("if I cast Brainstorm, opp's notion thief will replace the draws") is refused."""
    told = set(b.last_cards) | {str((b.action or {}).get("card"))}
    for token in tokenize(words, b.cards):
        if token.kind is Tok.CARD and token.value not in told:
            raise SituationError(f"“{words}” tells of {token.value}, which the rest of the situation doesn't: say "
                                 "where it is and whose it is", words, f"'my opponent controls {token.value}'")


def _checked(text: Any) -> str:
    if not isinstance(text, str):
        raise SituationError("the situation must be text", "", "a sentence such as 'I draw 2'")
    if len(text) > MAX_TEXT:
        raise SituationError(
            f"the situation is {len(text)} characters long", text[:40] + "…", f"at most {MAX_TEXT} characters"
        )
    return text


def _read_clauses(b: Builder, text: str, from_questions: Collection[str] = (), said: str = "") -> list[str]:
    """Each sentence read in turn; an ambiguity becomes a question whose options rewrite its words."""
    clauses = _clauses(text)
    if not clauses:
        named = [t.value for t in tokenize(said[:MAX_TEXT], b.cards) if t.kind is Tok.CARD] if said else []
        if named:  # "does rhystic study trigger off a copy?": a question about a card, with no situation to resolve
            raise SituationError(f"there is a question about {named[0]} but no situation to resolve", "",
                                 f"the situation: who controls {named[0]} and what happens ('my opponent controls it "
                                 f"and casts Brainstorm'), or /ruling {named[0]} for its official rulings")
        raise SituationError("the situation is empty", "", "a sentence such as 'I have 2 cards in library. I draw 3.'")
    for i, clause in enumerate(clauses):
        if len(clause) > MAX_CLAUSE:
            raise SituationError(
                f"a clause of {len(clause)} characters is too long to read",
                clause[:60] + "…",
                f"short clauses (under {MAX_CLAUSE} characters) separated by periods",
            )
        b.sentence = i
        b.in_question = clause in from_questions
        try:
            _parse_clause(b, clause)
        except Ambiguity as amb:
            raise from_ambiguity(amb, b, clause) from amb
        except Clarification:
            raise
        except SituationError:
            if not is_table_talk(clause, b.cards):
                raise
            b.assume(f"“{clause}” skipped: table talk, it says nothing a draw depends on")
    return clauses


def _settle(b: Builder, last_clause: str, sentences: Collection[str] = ()) -> None:
    """What can only be decided once the whole story is read: which card "I dredge" means, the action an
    "instead of drawing" implies, and "do I draw?" with nothing else happening: the turn's draw (the draw
    step), unless the step said is one whose beginning triggers a permanent told ("it's my end step, I control
    X: do I draw?" asks what X does). Without an action there is nothing to resolve."""
    if b.action is None and b.implied_action is None and not b.pending_dredges:
        step_begins(b, question_sentences(list(sentences)))
    if b.action is None:
        _turn_draw_asked(b, sentences)
    try:
        settle_dredges(b)
    except Ambiguity as amb:
        raise from_ambiguity(amb, b, amb.where) from amb
    settle_devotion(b)
    if b.action is None and b.implied_action is None and question_sentences(list(sentences)):
        _past_draw_as_event(b)
    if b.action is None and b.implied_action is not None:
        b.set_action(*b.implied_action)
        clause = b.implied_action[1]
        b.assume("“instead of drawing” read as a draw of one card" if "instead" in clause.lower()
                 else f"“{clause}” read as replacing a draw of one card")
    if b.action is None:
        raise SituationError(
            NOTHING_HAPPENS,
            last_clause,
            "an action: 'I draw 2', 'each player draws 1', 'I cast Opportunity', 'it's my draw step'",
        )


# the draws of a whole turn ("drew 2 cards on his turn" may count the draw step's): the turn's state, not one event
_STATE_OF_THE_TURN = re.compile(r"\b(?:already|yet|this turn|for turn|(?:for|on|in|during) (?:the|my|his|her|their|"
                                r"our) (?:own )?turn)\b", re.I)


def _past_draw_as_event(b: Builder) -> None:
    """ "My opponent drew 2 cards with my Sphinx out. Does it trigger twice?": a question about a story in which
    nothing else happens asks about the draw told in the past; it is what happens (said). Not "I already drew for
    the turn", which tells the state of the turn, and not when two players are said to have drawn."""
    said = [(who, clause) for (who, key), clause in b.sources.items()
            if key == "drawn_this_turn" and who in b.players]
    if len(said) != 1 or _STATE_OF_THE_TURN.search(said[0][1]):
        return
    who, clause = said[0]
    n = b.players[who].facts.pop("drawn_this_turn")
    del b.sources[(who, "drawn_this_turn")]
    if past_draw_in_step(b, who, clause):
        return
    b.set_action({"type": "draw", "count": n, "player": who}, clause)
    b.assume(f"“{clause}” read as what happens: the story tells nothing else happening")


def _turn_draw_asked(b: Builder, sentences: Collection[str]) -> None:
    """ "It's turn 1 and I'm on the play. Do I draw?": whether the turn's draw happens (504.1, 103.8a)."""
    story = " ".join(sentences)
    for sentence in reversed(list(sentences)):
        bare = without_leading_filler(sentence)
        last = re.split(r",\s*", bare)[-1]  # "it's turn 1, I'm on the play, do I draw?": the question after a comma
        statement = next((st for part in dict.fromkeys((bare, last))
                          if (st := turn_draw_question(part, bare=True) or turn_loss_question(part, story)
                              or draw_step_question(part))), None)
        if statement and sentence.rstrip().endswith("?"):
            if b.top.get("step") in ("upkeep", "untap") and triggers_at(b, str(b.top["step"])):
                return  # "It's my upkeep" with Bloodgift Demon: the upkeep's beginning happens first (step_begins)
            b.in_question = True
            before = _before_the_draw(b)
            _parse_clause(b, statement.rstrip("."))
            b.assume(f"“{sentence.strip()}” read as asking whether the turn's draw happens (504.1)" + (
                f", the draw step that follows the {before}" if before else ""))
            return


def _before_the_draw(b: Builder) -> str | None:
    """ "It's his upkeep, his library is empty. Does he lose?": the step said comes before the draw step, which
    the question is about; the step is taken back (the draw step is read in its place) and said."""
    step = b.top.get("step")
    if step not in ("upkeep", "untap"):
        return None
    del b.top["step"]
    del b.sources[("*", "step")]
    b.understood[:] = [(fact, words) for fact, words in b.understood if fact != f"step: {step}"]
    return "untap step" if step == "untap" else "upkeep"


def _with_reading(doc: dict[str, Any], b: Builder) -> dict[str, Any]:
    """The scenario with what was understood (each fact with its words) and what was assumed."""
    game = str(b.top.get("game", ""))
    doc["understood"] = [{"fact": in_game_words(fact, game), "words": words} for fact, words in b.understood]
    for card, clause in b.unowned:
        doc["understood"].append({"fact": f"{card} is on the battlefield", "words": clause})
    if b.assumed:
        doc["assumed"] = list(b.assumed)
    return doc
