"""Which words of a card the engine may carry out by doing nothing: those that change nothing it counts.

Why a list of what is harmless rather than of what moves: the engine's answer is each player's hand,
library, graveyard, exile, life, tokens and who won. Words that change one of those and are not carried
out leave a wrong count in an answer presented as whole (a land put onto the battlefield still counted in
the hand, the card put back still counted as drawn). So a sentence the reader kept only as words is carried
out as nothing only when it is known to move nothing counted ("scry 2", "gains flying until end of turn",
"put a +1/+1 counter on it"); any other such sentence refuses the resolution that reaches it, naming it.
"""

from __future__ import annotations

import re

# keyword abilities a creature gains for the turn (702): nothing an answer counts moves
_KEYWORDS = (r"(?:flying|trample|first strike|double strike|deathtouch|lifelink|haste|vigilance|menace|reach|"
             r"hexproof|indestructible|fear|intimidate|shroud|protection from [\w ]+?)")

_INERT = re.compile(
    r"^(?:"
    r"scry (?:\d+|x|one|two|three)"
    r"|(?:put|remove|move) .*counters? (?:on|from|onto|among) .+"
    r"|(?:put|remove) (?:a|an|one|two|three|x|\d+|all|up to \w+) [\w+/-]+ counters?\b.*"
    r"|distribute .*counters? .+"
    r"|proliferate"
    r"|skips? (?:their|your) next draw step"  # a later turn's step: nothing the answer counts moves now
    r"|activate only .+|this ability triggers only .+|any player may activate this ability"
    r"|this ability costs .+ less to activate.*|this spell costs .+ less to cast.*"
    r"|(?:target |up to one target |each |another target |that |enchanted |equipped )?(?:creature|creatures|"
    r"permanent|land|artifact|~)(?: you control| your opponents control| an opponent controls| target player "
    r"controls)? (?:gets?|gains?|loses?|has|have|can't|becomes?|is) (?![\d]+ life)(?!.*\b(?:hand|library|"
    r"graveyard|exile|life)\b).+"
    r"|creatures (?:you control|your opponents control|target player controls) (?:get|gain)s? .+"
    r"|~ (?:gets?|gains?|loses?|has|can't|becomes?|is|deals \S+ damage to (?:target|each) (?:creature|"
    r"planeswalker|battle)s?) .*"
    r"|(?:untap|tap) .+"
    r"|add .+"
    r"|look at .+"
    r"|reveal (?:the top|your hand|their hand|it|that card|those cards|a card|an?|the).*"
    r"|reveals? (?:their|your|the top|it|that).*"
    r"|goad .+|detain .+|regenerate .+|transform .+|convert ~|choose (?:a|an|one|two|target|friend|another|a card|x).*"
    r"|(?:~ |it |that creature )?deals (?:\d+|x|that much|damage) (?:damage )?to (?:target|up to one target|"
    r"each|each other|another target|that) (?:creature|planeswalker|battle)s?(?:,? (?:or )?(?:planeswalker|battle|"
    r"creature)s?)*(?: an opponent controls| you don't control)?(?: equal to .+)?(?: instead)?"
    r"|(?:~ |it |that creature )?deals damage equal to .+ to (?:target|each|each other) (?:creature|planeswalker)s?.*"
    r"|have no maximum hand size.*|you have no maximum hand size.*"
    r"|shuffle|shuffles|then shuffle|shuffle your library|shuffles their library"
    r"|take an extra turn after this one"
    r"|can't play lands(?: this turn| during their next turn)?"
    r"|(?:until (?:end of turn|your next turn), )?you can't be attacked\b.*"
    r"|the ring tempts you|becomes? foretold|its foretell cost .+"
    r"|it can't be countered.*|this spell can't be countered.*|can't be regenerated"
    r"|until end of turn, .+ (?:gets?|gains?|has|have) .+"
    r"|(?:[\w ]+ )?creatures?(?: [\w ]+)? (?:gets?|gains?) [+-].+"
    r"|(?:other )?[a-z]+s you control get [+-][\dx]+/[+-][\dx]+.*"  # "Wizards you control get +1/+0 ..."
    r"|~ and [\w ]+? each gets? [+-][\dx]+/[+-][\dx]+(?: until end of turn)?"
    r"|prevent (?:the next|all) .*damage.+"
    r"|awaken \d+.*"
    r"|counter target (?:activated|triggered) ability.*"
    r"|gets? .*rad counters?.*"
    r"|(?:target|up to one target) (?:creature|player|permanent)(?: you control)? (?:gets?|gains?) .+"
    r"|put them back in any order"  # "look at the top three cards of your library, then put them back ..."
    rf"|gains? {_KEYWORDS}(?:,? (?:and )?{_KEYWORDS})* until end of turn"
    r"|(?:it|that creature|that permanent) doesn't untap during its controller's next untap step"
    r"|get (?:\{e\})+(?: \([^)]*\))?"  # "you get {E}{E}": energy is not counted in an answer
    r")$"
)
_SUBJECT = re.compile(r"^(?:you|each player|each opponent|target player|target opponent|that player|they|"
                      r"its controller) (?=\w)")
# Words that name a zone without moving a card: looking, revealing, choosing, a restriction, hand size.
_SAFE_STARTS = ("look at", "reveal", "choose", "add ", "activate only", "this ability", "have no maximum hand")
_MOVES = re.compile(r"\b(?:hand|library|graveyard|exile|exiles?|life|token|sacrifices?|discards?|destroy|"
                    r"returns?|draws?|mills?|search|wins?|loses? the game|battlefield|poison)\b")


def inert(words: str) -> bool:
    """Whether carrying out ``words`` (lower case, the card's own name as "~") changes nothing the engine
    counts, so that doing nothing is carrying them out."""
    text = words.strip().rstrip(".").lower()
    if not text:
        return True
    text = _SUBJECT.sub("", text)
    if _INERT.match(text) is None:
        return False
    # A harmless form can still hide a move in a longer sentence ("untap it and return it to your hand").
    if _LATER_STEP.fullmatch(text):
        return True
    if re.search(r"\bput\b.* (?:into|onto|on top|on the bottom)\b|\b(?:draw|discard|exile|sacrifice|destroy|"
                 r"return|mill|search)s?\b", text) and not re.match(r"(?:put|remove|move) .*counters?", text):
        return False
    if text.startswith(_SAFE_STARTS):
        return True
    if _DAMAGE_TO_A_PLAYER.search(text):  # "3 damage to each creature with flying and each player": life moves
        return False
    # damage "equal to the number of cards in your hand": the zone is only counted
    return not _MOVES.search(_DAMAGE_AMOUNT.sub("", text))


_DAMAGE_TO_A_PLAYER = re.compile(r"\bdeals? (?:\S+ )?damage\b.*\b(?:each player|each opponent|target player|target "
                                 r"opponent|that player|its controller|any target|to you|and you|each of your "
                                 r"opponents)\b")
_LATER_STEP = re.compile(r"skips? (?:their|your) next draw step")
_DAMAGE_AMOUNT = re.compile(r"\bdeals damage equal to .+? to |\bequal to .+$")


__all__ = ["inert"]
