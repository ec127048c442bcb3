"""What a player says around the facts of a situation: the outcome they expect, what they saw happen, and asides
no draw depends on. Each is kept apart from the facts and said in the answer, never read as a fact.

Why a module of its own (a stage of normalising): a post says "If A, B will happen" or "I did X but it did not
trigger": B and "it did not trigger" are what the ruling works out, so they must not be read as part of the
story (a second action, or a word the reader can't take into account). They are set apart only when every card
they name is told elsewhere in the text, so nothing of the board is lost with them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# "If A, I will each draw one card", "When I cycle X, there should be a trigger": a statement whose consequence is
# told with a modal is the poster's expectation of the ruling, not a fact; A is read, the expectation is said
_CLAIMED = re.compile(r"^(?:so |and )?(?:if|when|whenever) (?P<facts>[^,]+(?:,[^,]+)*?),\s*(?:then\s+)?"
                      r"(?P<claim>(?:[\w']+ ){0,4}?(?:will|would|should|must|shall|won't|wouldn't|shouldn't|"
                      r"\w+'ll)\b[^?]*)$", re.I)


_ACTS = re.compile(r"\b(?:cast|casts|casting|draws?|drawing|drew|cycles?|cycling|activates?|activating|plays?|"
                   r"playing|resolves?|resolving|wheels?)\b", re.I)


# "The Spirit will let the first of those through", "It should draw two": a whole sentence telling with a modal
# what a card (or "it") will do is the poster's expectation; a player's "I will draw" is not (said of a card only)
_PREDICTED = re.compile(r"^(?:so |and |then )?(?P<subject>(?i:it|this|that)|(?:(?i:the|this|that) )?"
                        r"(?!I\b|You\b|He\b|She\b|We\b|They\b|Opp|My\b|His\b|Her\b|Their\b|Your\b)"
                        r"[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3}) (?i:will|would|should|shall|won't|wouldn't|shouldn't|"
                        r"must|\w+'ll)\b(?P<rest>[^?]*)$")


def claimed(s: str, claims: list[str], story: str = "") -> str | None:
    """The facts of a statement whose last part is the expected outcome ("If A, B will happen"); the expectation
    is kept apart, to be said in the answer (the ruling works it out). A whole sentence that only predicts what
    a card does gives no fact (""), when every name in it is told elsewhere in ``story``."""
    whole = _PREDICTED.match(s.rstrip(" .!"))
    said = re.sub(r"^(?i:it|this|that|the)\b", "", whole.group(0).strip()) if whole is not None else ""
    if whole is not None and names_told(said, story.replace(s, " ", 1)):
        claims.append(whole.group(0).strip())
        return ""
    m = _CLAIMED.match(s.rstrip(" .!"))
    if m is None or not _ACTS.search(m.group("facts")):
        return None  # "If opp has Notion Thief, I will draw 2": with nothing happening in A, B is what happens
    if not names_told(m.group("claim"), m.group("facts")):
        return None  # "..., my opponent's Notion Thief will replace the draws": B tells of a card A doesn't
    claims.append(m.group("claim").strip())
    return m.group("facts") + "."


# Words of a story that change no draw, each with why; skipped and said in the answer (``Normalized.asides``)
_ASIDES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(rx, re.I), why) for rx, why in (
    # "[Card Discussion] Spirit of the Labyrinth ...": a forum post's tag before its title ("[[Card]]" is a card)
    (r"^\[(?!\[)[^\[\]\n]{1,30}\](?!\])\s*", "a post's tag, not part of the situation"),
    # "Noel passes priority back to Adel.": who may act next; what resolves is told apart
    (r"(?:^|(?<=[.!?;] ))(?:[A-Za-z']+ |my opponent |the opponent )?(?:pass(?:es|ed)?|passing) priority"
     r"(?: back)?(?: to (?:[A-Za-z']+|my opponent|the opponent))?\s*(?:[.!?;]+|$)",
     "passing priority decides no draw (117.3d); what resolves is told apart"),
))


# "I sacrificed Midnight Reaper but it did not trigger", "I cycle a card but Rielle doesn't trigger": what the
# player saw happen (a bug report's result), the ruling's to work out: said, never read as a fact
_OBSERVED = re.compile(r",?\s?\bbut\s(?P<obs>(?:[\w',]+\s){0,5}?(?:does not|doesn't|doesnt|did not|didn't|didnt|"
                       r"is not|isn't|was not|wasn't|never|won't|wouldn't|hadn't|had not|haven't|have not|hasn't|"
                       r"has not)\s(?:seem to\s|actually\s|even\s)?(?:trigger|triggers|triggering|triggered|work|works|"
                       r"fire|draw|draws|get to draw|lose|lost|die|died|win|won)\b[^.;!?\n]*)", re.I)


def names_told(said: str, elsewhere: str) -> bool:
    """Whether every capitalised name in ``said`` (a card, a player) is in ``elsewhere`` too: words dropped as
    what the player expects or saw must not take a card out of the story."""
    names = [w for w in re.findall(r"\b[A-Z][\w']+", said) if w != "I" and not w.isupper()]  # "NO": emphasis
    return all(re.search(rf"\b{re.escape(w.rstrip('s').rstrip(chr(39)))}", elsewhere, re.I) for w in names)


def observed(text: str, seen: list[str]) -> str:
    """The text without what the player saw happen (``seen``), when every name in it is told elsewhere in the
    text: "... but Platinum Angel didn't work" alone would leave the Angel out of the story."""
    def drop(m: re.Match[str]) -> str:
        if not names_told(m.group("obs"), text[: m.start()] + text[m.end():]):
            return m.group(0)
        seen.append(m.group("obs").strip())
        return ""

    return _OBSERVED.sub(drop, text) if "but" in text.lower() else text


# "They actually don't draw anything with a brainstorm on their turn": the outcome a player says (a draw that does
# not happen) with the spell that would have made it; the spell is cast, the outcome is the ruling's to work out
_NO_DRAW_WITH = re.compile(r"\b(?P<who>I|we|he|she|they|you|(?:my )?opponent|opp|[A-Z][a-z]{1,23})(?: actually| really"
                           r"| still| even)? (?P<no>(?:do|does|did|would|will|can|could)(?:n't| not)|won't|cannot)"
                           r"(?: actually| even| get to)? draw(?: anything| a card| any cards| a thing| cards)?"
                           r" (?:with|off|off of|from) (?=\S)", re.I)


# "opp makes me draw with words of wisdom": a player made to draw by a spell another player casts at them
_MADE_TO_DRAW_WITH = re.compile(
    r"\b(?P<who>I|we|he|she|they|(?:my |the )?(?:opponent|opp)|[A-Z][a-z]{1,23}) (?:makes|made|forces|forced|has|had) "
    r"(?P<whom>me|him|her|them|my opponent|opponent|[A-Z][a-z]{1,23}) draw(?: (?:a|one|two|three|\d+)(?: cards?)?)? "
    r"(?:with|off|using|by casting) (?=\S)", re.I)


def _spell_follows(text: str, at: int, card_kind: Callable[[str], str | None]) -> str | None:
    """The spell's name (an instant's or a sorcery's) that starts at ``at`` ("a brainstorm": the article aside),
    as typed, or None."""
    words = re.findall(r"[\w'-]+", re.sub(r"^(?:an?|the|my|his|her|their|your)\s+", "", text[at:at + 80], flags=re.I))
    return next((" ".join(words[:n]) for n in range(min(len(words), 6), 0, -1)
                 if card_kind(" ".join(words[:n])) == "spell"), None)


def denied_draws(text: str, claims: list[str], card_kind: Callable[[str], str | None]) -> str:
    """ "X don't draw anything with <spell> ..." → "X cast <spell> ...", the outcome kept apart (``claims``); "X
    makes me draw with <spell>" → "X casts <spell> targeting me". Only when what follows is a spell's name ("draw
    cards with Hateful Eidolon" is a permanent's ability: kept)."""
    def cast(m: re.Match[str]) -> str:
        if not _spell_follows(text, m.end(), card_kind):
            return m.group(0)
        claims.append(m.group(0).strip().rsplit(" ", 1)[0])
        return f"{m.group('who')} cast "

    def made(m: re.Match[str], said: str) -> str:
        spell = _spell_follows(said, m.end(), card_kind)
        if spell is None:
            return m.group(0)
        claims.append(f"{m.group(0).strip()} {spell}")  # the draw said (its count) is the spell's to work out
        rest = re.match(r"[^.,;!?]*", said[m.end():])
        clause = rest.group(0) if rest else ""
        at = clause.lower().find(spell.lower())
        after = clause[at + len(spell):].strip() if at >= 0 else ""
        # a sentence of its own: what is said before it ("Lab man + empty lib + ...") is not said of the caster
        return f". {m.group('who')} casts {spell} targeting {m.group('whom')} {after}".rstrip()

    if "draw" not in text.lower():
        return text
    return _consume(_MADE_TO_DRAW_WITH, made, _NO_DRAW_WITH.sub(cast, text))


def _consume(rx: re.Pattern[str], build: Callable[[re.Match[str], str], str], text: str) -> str:
    """``rx.sub`` where the replacement also takes the words up to the clause's end (the spell's name)."""
    m = rx.search(text)
    if m is None:
        return text
    read = build(m, text)
    rest = re.match(r"[^.,;!?]*", text[m.end():])
    if read == m.group(0):
        return text[:m.end()] + _consume(rx, build, text[m.end():])
    return text[:m.start()] + read + _consume(rx, build, text[m.end() + (rest.end() if rest else 0):])


# What a bug report says of the program or of the poster's surprise, never a fact of the game: skipped and said
# ("Just tapped X and drew 4 cards, doesn't seem intentional", "but I did not get to draw for some reason")
_REPORT_ASIDES: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(rx, re.I), why) for rx, why in (
    (r",?\s*(?:which |and (?:this |it |that )?|this |it |that )?(?:doesn't|does not|doesnt) seem (?:to be )?"
     r"(?:intentional|intended|right|correct)(?=\s*(?:[.!;]|$))", "what you think of it: the ruling above says"),
    (r"\s+for (?:some|whatever|no apparent) reason(?=\s*(?:[.!;,]|$))", "what you think of it: the ruling above says"),
    (r"(?:^|(?<=[.!?;] )|(?<=\) ))(?:no|the) trigger (?:fired|fired off|happened|hapen|happen|happens|went off)"
     r"\s*(?:[.!;]+|$)", "what you saw happen: the ruling above says what the rules give"),
    (r",?\s*but (?:it|this|that) should (?:still )?(?:work|happen|trigger|do so)(?=\s*(?:[.!;]|$))",
     "what you expect: the ruling above works it out"),
    # "..., he said he draws all 3?? is that right": what a player at the table claimed, which the ruling checks
    (r",?\s*(?:and |but )?(?:he|she|they|my opponent|the opponent|opponent|opp|(?-i:[A-Z][a-z]+))\s+(?:said|says|"
     r"claims|claimed|insists|insisted|argues|argued|told me)\s+(?:that\s+)?(?:he|she|they|i|you|it|my opponent|"
     r"opponent|opp|(?-i:[A-Z][a-z]+))\s+(?:(?:still |only |just |should |would |will |can |can't |cannot |"
     r"doesn't |does |don't |do )?(?:draws?|lose|loses|win|wins|gets?|dies|die|takes?|triggers?|is dead|am dead|"
     r"are dead)\b)(?:(?!\b(?:if|when|with|while|because|since|unless)\b)[^.;!?,]){0,40}?"
     r"(?=\s*(?:[.;!?]|$))",  # only the outcome claimed: a claim with a fact in it ("... if I cast X with 2
     "what a player said happens: the ruling above says what the rules give"),  # cards") is read, never skipped
    # "my alms collector, opp cracks... nah opp casts sphinx's revelation": the words a player takes back
    (r"(?:(?<=, )|(?<=^))[^,.!?]{1,60}?(?:\.\.\.|…|-)\s*(?:nah|no wait|wait no|scratch that|i mean|sorry|"
     r"actually no),?\s+", "taken back"),
    (r"(?:^|(?<=[.!?;] ))for (?:some|whatever|no apparent) reason,?\s+", "what you think of it: the ruling above says"),
    # "Possible bug: I cast ...", "zur's weirdling possible bug.": a report's heading, not part of the situation
    (r"(?:^|(?<=[.!?;] ))(?:possible |potential |weird |strange )?bug\s*[:,.\-–—]\s*|\s+(?:possible|potential) bug"
     r"(?=\s*(?:[.!;:,]|$))", "a report's heading, not part of the situation"),
    # "Let's say I have ...", "Suppose my opponent has ...", "Hypothetically, ...": the situation put as a
    # hypothesis; its facts are read as told
    (r"(?:^|(?<=[.!?;] ))(?:(?:let's|lets|let us) (?:say|assume|suppose|pretend|imagine)|say|suppose|supposing|"
     r"imagine|assume|assuming|hypothetically|in theory)(?: that)?,?\s+(?=(?:i|we|you|he|she|they|my|his|her|their|"
     r"your|our|the|opp|opponent|an?|\d+)\b|[A-Z])", "the situation put as a hypothesis: its facts are read as told"),
    # "Nicolas says fine.", "he said ok": a player letting the spell resolve (a reply, no fact): what resolves is
    # told apart
    (r"(?:^|(?<=[.!?;] ))(?:[A-Z][a-z]{1,23}|he|she|they|my opponent|the opponent|opponent|opp|i) (?:says|said|say) "
     r"[\"“]?(?:fine|ok|okay|sure|go|go ahead|no response|no responses|resolves?|that's fine|alright|yes|yep|yeah|"
     r"no)[\"”]?\s*(?:[.!;]+|$)", "a player letting it resolve decides no draw (117.3d); what resolves is told apart"),
    # "I think my opponent has 3 cards in library", "I'm pretty sure I have 2": how sure the player is of a state
    # told right after it (a state only: "I think I lose" is the expected outcome, left to the reader)
    (r"(?:^|(?<=[.!?;] ))(?:i think|i believe|i guess|i(?:'m| am) (?:pretty |fairly |quite |very |almost )?sure|"
     r"iirc|afaik|if i remember correctly)(?: that)?,?\s+(?=(?:i|we|he|she|they|my opponent|"
     r"opponent|opp|[A-Z][a-z]+|(?:my|his|her|their|opp's|opponent's|my opponent's) (?:library|hand|graveyard|life|"
     r"life total|deck))\s+(?:have|has|had|control|controls|controlled|am|is|was|are|were|got)\b)",
     "how sure you are: the fact after it is read as told"),
    # "playing dredge, grave troll in gy ...": the deck a player plays, said before the facts
    (r"^(?:(?:i'm|i am|we're|we are|he's|she's|they're|opp is|my opponent is) )?playing (?:a |an |mono[- ]\w+ )?"
     r"(?:dredge|storm|burn|control|mill|reanimator|wheels?|combo|tempo|aggro|cube|limited|sealed|draft)"
     r"(?: deck)?,\s*", "the deck you play: what happens is told after it"),
))
_REPORT_NEEDLES = ("said", "says", "claim", "insist", "argue", "told me",
                   "seem", "reason", "trigger", "should", "playing", "nah", "wait", "scratch", "mean", "sorry",
                   "actually", "bug", "say", "said", "suppos", "imagine", "assum", "hypothetically", "theory", "think",
                   "believe", "guess", "sure", "iirc", "afaik", "remember")


# "I draw 2 cards with Divination... i mean brainstorm": a bare word or name after "i mean" puts right the last
# words of what came before (after its last verb or preposition), never the whole part (the dropped part left
# "brainstorm" alone, cast by the opponent the clause had named)
_TAKE_BACK = r"(?:\.\.\.|…|-)\s*(?:nah|no wait|wait no|i mean|sorry|actually no|actually),?\s+"
_CORRECTED_WORDS = re.compile(
    rf"(?:(?<=, )|(?<=^)|(?<=[.!?;] ))(?P<head>[^,.!?…]{{0,60}}\b(?:with|off|off of|cast|casts|casting|draw|draws|"
    rf"has|have|had|controls?|is|am|are|at|on|for|of|into|targeting|dredge|dredges)\s+)(?P<wrong>[^,.!?…]{{1,40}}?)"
    rf"\s*{_TAKE_BACK}(?P<right>(?!(?:i|he|she|they|we|you|my|his|her|their|opp|opponent|my opponent)\b)"
    rf"[^,.!?…\s]+(?:\s+[^,.!?…\s]+){{0,3}})(?=\s*(?:[,.!?;]|$))", re.I)
_VERBISH = re.compile(r"\b(?:cast|casts|draw|draws|has|have|is|are|controls?|activates?|plays?|resolves?)\b", re.I)


# "with notion thief out i crack a fetch... no wait, i cast brainstorm": a clause said again takes back only the
# clause it repeats (from its own player on), never the facts said before it in the same part (the Thief was lost)
_SUBJECT = r"(?:i|he|she|they|we|opp|opponent|my opponent)"
_CLAUSE_TAKEN_BACK = re.compile(
    rf"(?:(?<=, )|(?<=^)|(?<=[.!?;] ))(?P<keep>[^,.!?…]{{1,60}}\s)(?P<gone>{_SUBJECT}\s[^,.!?…]{{1,40}}?)\s*"
    rf"(?:\.\.\.|…|-)\s*(?:nah|no wait|wait no|scratch that|i mean|sorry|actually no),?\s+(?={_SUBJECT}\b)", re.I)


def _put_right(text: str, asides: list[str]) -> str:
    def fix(m: re.Match[str]) -> str:
        if _VERBISH.search(m["right"]):
            return m.group(0)  # a whole clause said again: the take-back below drops the first one
        asides.append(f"“{m['wrong'].strip()}” taken back for “{m['right'].strip()}”")
        return m["head"] + m["right"]

    def clause(m: re.Match[str]) -> str:
        asides.append(f"“{m['gone'].strip()}” skipped: taken back")
        return m["keep"].rstrip() + ", "
    return _CLAUSE_TAKEN_BACK.sub(clause, _CORRECTED_WORDS.sub(fix, text))


def skip_asides(text: str, asides: list[str]) -> str:
    if any(w in text.lower() for w in ("mean", "actually", "sorry", "wait", "nah", "scratch")):
        text = _put_right(text, asides)
    low = text.lower()
    tables = ((_ASIDES,) if "priority" in low or text.startswith("[") else ()) + (
        (_REPORT_ASIDES,) if any(n in low for n in _REPORT_NEEDLES) else ())
    for table in tables:  # the words every aside of a table holds (a tag opens the text)
        for rx, why in table:
            for m in rx.finditer(text):
                asides.append(f"“{m.group(0).strip(' .!?;,')}” skipped: {why}")
            text = rx.sub("", text)
    return text


# "Orcish Bowmasters - Ping and amass triggering on opponent's draw step", "Howling Mine triggers during my upkeep":
# what a report saw trigger, and when; the when is a fact, the triggering the ruling's to work out
_TRIGGERED_WHEN = re.compile(
    r"(?:^|(?<=[.!?;] ))(?P<what>[^.!?;,]{1,60}?) (?:is |are |was |were |keeps? )?(?P<verb>triggering|triggers|"
    r"triggered|fires|fired|firing|goes off|went off)(?: again)? (?:on|during|in|at) (?P<when>(?:the |my |his |her |"
    r"their |each |an )?(?:opponent's |opponents' |opponent |opp's |my |his |her |their |own )*(?:draw ?step|upkeep|"
    r"end step|turn))(?=\s*(?:[.!;]|$))", re.I)
_ABILITY_OF = re.compile(r"(?:'s?)?(?: (?:\d\w*|first|second|third|draw|static|triggered))? (?:ability|abilities|"
                         r"trigger|triggers)$", re.I)


def triggered_when(text: str, seen: list[str], card_kind: Callable[[str], str | None]) -> str:
    """A sentence of what was seen trigger at a step: "<card> triggering on <step>" → the card on the battlefield
    and the step; "<words no card has> triggering on <step>" → the step; the triggering is said (``seen``). Words
    with a name no card data has are left as they are (the reader names them)."""
    def read(m: re.Match[str]) -> str:
        what = m.group("what").strip()
        subject = _ABILITY_OF.sub("", what).strip()
        facts = f"it is {m.group('when')}"
        if card_kind(re.sub(r"^(?:the|my|his|her|their|your) ", "", subject, flags=re.I)):
            facts = f"{subject} is on the battlefield. {facts}"
        elif any(card_kind(" ".join(w[i:j])) for w in [subject.split()] for i in range(len(w))
                 for j in range(i + 1, min(len(w), i + 5) + 1)) or re.search(r"\s[A-Z]", subject):
            return m.group(0)  # a card's words, or a name no card data has, in a longer subject: left to the reader
        seen.append(f"{what} {m.group('verb')}")
        return facts

    return _TRIGGERED_WHEN.sub(read, text) if "trigger" in text.lower() or " fire" in text.lower() else text
