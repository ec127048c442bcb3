"""Rewrites of when things happen, as players say it: a skipped draw step, "on my draw", "last turn", a state
told with "when" an action happened, "during her main phase, Alice ...", a step reached ("he goes to his draw step
with 5 cards in hand"), who went first, end of turn. Rows of the rewrite table (engine/situation/rewrites.py),
kept in their table order; split from it to keep that module one screenful of concerns.
"""

from __future__ import annotations

# a sentence's subject: a pronoun, the opponent, or a capitalised name
WHO = r"(?:i|we|he|she|they|my opponent|the opponent|opponent|opp|[A-Z][a-z]{1,23})"
_WHO = WHO

# "reaches", "goes to", "moves into": a player's step beginning, said of that player
_REACHES = (r"(?:reaches|reached|reach|goes to|go to|went to|moves to|moved to|moves into|gets to|got to|get to|"
            r"enters|entered|enter|is going to|begins|began|starts|started)")
_STEP_NAMES = r"(draw step|upkeep|end step|main phase|first main phase|second main phase)"
_SUBJECT = r"(?:(?!and\b|or\b|but\b|then\b)" + _WHO + r" )?"
# the player whose step begins, said after it: "and he has 5 cards in hand"
_HAS = (("my", "I have"), ("his", "he has"), ("her", "she has"), ("their", "they have"))
_REACHED_STEP: tuple[tuple[str, str], ...] = (
    *((rf"\b{_SUBJECT}{_REACHES} ({whose}) {_STEP_NAMES} with\b", rf"it is \1 \2 and {has}") for whose, has in _HAS),
    (rf"\b{_SUBJECT}{_REACHES} ([A-Z][a-z]{{1,23}})'s {_STEP_NAMES} with\b", r"it is \1's \2 and \1 has"),
    (rf"\b{_SUBJECT}{_REACHES} (my|his|her|their|[A-Z][a-z]{{1,23}}'s) {_STEP_NAMES}\b", r"it is \1 \2"),
)
# "won the die roll and chose to ...": who goes first, told by the choice (103.1)
_WON_AND_CHOSE = (r"(?:won|win|wins) the (?:die|dice|coin) (?:roll|toss|flip)(?:,| and) "
                  r"(?:chose|choose|chooses|decided|decide|decides|elected|elect|elects) to ")



TIME_ROWS: tuple[tuple[str, str], ...] = (
        # "i didnt draw yet this turn because i skipped my draw": a skipped draw step leaves the turn with no card drawn
        (r"(?:,\s*|\s+)?\b(?:because |since |as )?(I|we) skipped (?:my|our) draw(?: step)?\b",
         r", \1 have not drawn this turn"),
        (r"(?:,\s*|\s+)?\b(?:because |since |as )?(he|she|they|my opponent|opponent|opp|[A-Z][a-z]+) skipped "
         r"(?:his|her|their) draw(?: step)?\b", r", \1 has not drawn this turn"),
        # "i dredge it on my draw": the draw step (not "on the draw", which says who goes second)
        (r"\b(?:on|during|in) (my|his|her|their|our|your|opponent's|my opponent's) draw\b(?! step| phase)(?!s)",
         r"during \1 draw step"),
        # "opp played Howling Mine last turn": a permanent cast on an earlier turn is on the battlefield now, its
        # caster's (a spell said so is no permanent: the reader says so)
        (r"\b(?:cast|casts|played|plays|resolved|slammed)\s+((?:an? |the |my |his |her |their )?[^.,;!?]{1,60}?)\s+"
         r"(?:last turn|on (?:my|his|her|their|our|the) (?:last|previous) turn|(?:a|one|two|three|\d+|a few|some) "
         r"turns? (?:ago|before|earlier)|earlier in the game)\b", r"controlled \1"),
        # "I had 2 cards in library when I cast Brainstorm", "When opp cast Brainstorm, he had 1 card left": the state
        # at the time of the action, then the action (two sentences); only a state ("had", "was") with an action
        # of casting: anything else told with "when" is left to the reader
        (r"(?:^|(?<=[.!?] ))(?:what if )?(" + _WHO + r" (?:had|has|have|was|were|controlled|controls|control)\b"
         r"[^.;!?]{1,80}?),? (?:when|as) (" + _WHO + r" (?:cast|casts|played|plays|resolved|resolves)\b[^.,;!?]{1,60})"
         r"(?=[.;!?]|,\s*(?:how|do|does|did|can|who|is|am|what)\b|$)",
         r"\1. \2"),
        # ... "he"/"she"/"they" in the state is the caster said before it ("When Alice cast X, she had 1 card"): the
        # caster's words take its place, since the state now comes first
        (r"(?:^|(?<=[.!?] ))(?:when|as) (((?!i\b|we\b)" + _WHO + r") (?:cast|casts|played|plays|resolved|resolves)\b"
         r"[^.,;!?]{1,60}?),? (?:he|she|they) ((?:had|has|have|was|were|controlled|controls|control)\b[^.;!?]{1,80})"
         r"(?=[.;!?]|$)", r"\2 \3. \1"),
        (r"(?:^|(?<=[.!?] ))(?:when|as) (" + _WHO + r" (?:cast|casts|played|plays|resolved|resolves)\b"
         r"[^.,;!?]{1,60}?),? (" + _WHO + r" (?:had|has|have|was|were|controlled|controls|control)\b[^.;!?]{1,80})"
         r"(?=[.;!?]|$)",
         r"\2. \1"),
        # "I'm down to my last 2 cards", "his last two cards in library": the cards left in that player's library
        # (not "my last 2 cards in hand")
        (r"\b(my|his|her|their|your|our) last (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) cards"
         r"(?: (?:in|of) (?:my |his |her |their |your |our |the )?(?:library|deck|lib))?\b"
         r"(?! in (?:my |his |her |their |your |our )?hand)",
         r"\2 cards in \1 library"),
        # "he drew the last card of his library": that player's last card
        (r"\b(?:the|my|his|her|their|your|our) last card (?:of|in|from) (my|his|her|their|your|our) "
         r"(?:library|deck|lib)\b",
         r"\1 last card"),
        (r"(?:^|(?<=[.!?] ))(?:last turn|on (?:my|his|her|their|our|the) (?:last|previous) turn|(?:a|one|two|three|\d+|"
         r"a few|some) turns? (?:ago|before|earlier)),? (" + _WHO + r") (?:cast|casts|played|plays|resolved|slammed)\s+"
         r"(?=[^.,;!?]{1,60}(?:[.;!?]|$))", r"\1 controlled "),
        # "During her main phase, Alice casts Brainstorm": the time said after its clause, where "her" is read as
        # the clause's named subject ("Alice casts Brainstorm during her main phase")
        (r"(?:^|(?<=[.!?] ))((?:during|in|on) (?:his|her|their) (?:own )?(?:upkeep|draw step|end step|main phase|"
         r"first main phase|second main phase|turn)),\s+([A-Z][a-z]{1,23} (?!and\b|or\b)[^.;!?,]{3,80}?)(?=[.;!?]|$)",
         r"\2 \1"),
        # "he reaches his draw step with 5 cards in hand", "opp goes to his upkeep": whose step it is, then what the
        # player has as it begins (the "with" part is that player's)
        *_REACHED_STEP,
        # "Having already drawn for the turn, I cast ...": the subject after the comma drew
        (r"(?:^|(?<=[.!?] ))having (?:already )?drawn([^,.;!?]{0,40}),\s*(" + _WHO + r") ", r"\2 already drew\1, \2 "),
        # "I won the die roll and chose to play first": who goes first, told by the choice (103.1)
        (r"\b(" + _WHO + r") " + _WON_AND_CHOSE + r"(?:play|go|be on the play)(?: first)?\b", r"\1 went first"),
        (r"\b(" + _WHO + r") " + _WON_AND_CHOSE + r"(?:draw|be on the draw)\b", r"\1 is on the draw"),
        # "If I were to cast Brainstorm ...": the hypothesis, as "if I cast Brainstorm"
        (r"\b(if|suppose|say) (" + _WHO + r") (?:were|was) to\b", r"\1 \2"),
        # "3 copies of Howling Mine", "two untapped copies of X": a count of the same card (not "a copy of", which
        # a copy effect makes)
        (r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)( untapped)? copies of (?=[A-Z\[])", r"\1\2 "),
        # "EOT", "on his EOT": end of turn, the end step (513)
        (r"\b(?:at |during |on |in )?(my|his|her|their|your|opponent's|my opponent's|opp's|my opp's|the opponent's) "
         r"eot\b", r"during \1 end step"),
        (r"\b(?:at |during |on |in )?eot\b", "at end of turn"),
        # "at the end of Nicolas's turn, Anton casts Brainstorm", "EOT on his turn": that player's end step (513)
        (r"\b(?:at|by|near|towards?) the end of (my|his|her|their|our|your|opponent's|my opponent's|"
         r"the opponent's|opp's|my opp's|[A-Z][\w\-]{1,23}'s) turn\b", r"during \1 end step"),
)
