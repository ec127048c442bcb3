"""The way players type, rewritten into the reader's plain words: contractions, symbols, abbreviations ("opp",
"lib", "GY", "T1"), numbers in words, and a few set phrases ("took natural draw", "vial in", "{Card}").

Why a table of its own: each rewrite is one small regular expression with the phrasing it exists for beside it,
applied in order to the cleaned text before it is cut into sentences (``normalize``); a new phrasing is a new row,
never a branch in the reader.
"""

from __future__ import annotations

import re

from engine.situation.abbreviations import ABBREVIATIONS
from engine.situation.needles import Needles, may_match, needles_of
from engine.situation.rewrites_time import TIME_ROWS
from engine.situation.set_phrases import set_phrases

# words after which "I" goes on the same clause ("the card I draw", "when I cast", "and I draw")
# (checked after the space that ends the word: a pattern opening with its space is searched for that space)
_NOT_AFTER = "".join(rf"(?<!\b{word} )" for word in (
    "and", "then", "so", "but", "if", "when", "that", "after", "before", "while", "as", "card", "cards", "what",
    "how", "do", "can", "once", "until", "which", "unless", "because", "since", "till", "where", "have", "has",
    "whenever", "or", "than", "whether", "will", "would", "should", "could", "did", "does"))

# a draw said with what made it ("draw with Howling Mine", "draw off Bowmasters"): sources.py reads those
_NO_SOURCE = (r"(?!(?: (?:a|an|one|two|three|\d+))?(?: extra| additional)?(?: cards?)? "
              r"(?:with|off|from|using|because|thanks))")

# "who decides if they pay", "who chooses whether i draw": the question, up to the verb asked about
_WHO_DECIDES = (r"\b(who (?:gets to |has to |must |should )?(?:decides?|chooses?|picks?|choose|decide|pick)) "
                r"(?:if|whether)(?: or not)?(?: (?:i|we|he|she|they|you|opp|my opponent|the opponent|opponent|"
                r"[A-Z][a-z]+))?(?: (?:has|have|gets?|needs?) to| should| will| would| can)? ")

# "prosperity for three", "devotion to blue is four": an X said in words (the X reader takes digits)
_X_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10}

_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), to)
    for rx, to in (
        (r"\s+(?:\+|&)\s+", " and "),
        # "> opp has sheoldred" on a line of its own: a Discord quote of an earlier message, whose words are facts
        (r"(?:^|(?<=\n))\s*>+\s*", ""),
        # "Midnight Reaper — I sacrificed it": a heading before a dash opening the text is a sentence of its own
        (r"^([A-Z][\w',]*(?: [\w',]+){0,5}) -+ (?=[A-Z])", r"\1. "),
        (r"\s+-+\s+", ", "),
        (r"\bw/o\b", "without"),
        # "opp at 1 w platinum angel": "w" alone, lower case, is "with" (never a mana symbol: "{W}", "W/U")
        (r"(?<![{/])\b(?-i:w)\b(?![}/])(?= [a-z0-9])", "with"),
        # "underworld dreams is opps": the permanent is the opponent's
        (r"\b(is|are) (?:opps|opp's|opponents|the opp's)(?=\s*(?:[,.;!?]|$|\band\b))", r"\1 my opponent's"),
        # "what if i don't dredge, how many do i draw?": the "what if" is the situation, the question after the
        # comma is what is asked (the question was read as part of the situation); "opp only had 2 cards": the
        # number, "only" said for weight
        (r"\b(what if [^.?!,]{3,120}?),\s*((?:how many|how much|do|does|did|can|will|would|who|is|am)\b[^.?!]*)",
         r"\1? \2"),
        (r"\b(had|has|have) (?:only|just) (?=\d)", r"\1 "),
        (r"\b(?:only|just) (had|has|have) (?=\d)", r"\1 "),
        # "opp has 5 in hand before drawing": the state before the action, which is what a state says anyway
        (r"(?:,\s*|\s+)(?:just |right )?before (?:drawing|(?:he|she|they|i) draws?|(?:the|his|her|their|my) draw)"
         r"(?! step)\b", ""),
        # "i cast windfall with only windfall in hand", "he has just brainstorm in his hand": one card held, so the
        # hand's size is 1 (the card kept: "and cast it" names it; left alone, the size was the default 7); a
        # number said ("only 2 cards") is kept
        # "my only card in hand is gitaxian probe": the same one card held
        (r"\bmy only card in (?:my )?hand is ([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))",
         r"I have only \1 in hand"),
        (r"\bhis only card in (?:his )?hand is ([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))",
         r"he has only \1 in hand"),
        (r"\bher only card in (?:her )?hand is ([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))",
         r"she has only \1 in hand"),
        # judges' sequences: "he has already drawn for the turn in his draw step. In his main phase ...": the draw
        # step told as where the turn's draw was, not as the step now (read as the step said twice)
        (r"\b(?:already )?(drawn|drew) for the turn in (?:his|her|their|my|the) draw step\b",
         r"already \1 for the turn"),
        # "In her main phase, after her draw step, Nora casts": the turn's draw done, which the main phase says
        (r",? after (?:his|her|their|my) (?:normal |regular |usual )?draw(?: step)?(?=,)", ""),
        # "His draw step begins and he draws for the turn": it is his draw step
        (r"\b(his|her|their|my|[A-Z][a-z]{1,23}'s) draw step (?:begins|starts)\b", r"it is \1 draw step"),
        # "In a four-player free-for-all game": the number of players, as "a 4 player game" ("two-player" is a
        # format word of its own)
        (r"\b(three|four|five|six|seven|eight|[3-9])-player\b", r"\1 player"),
        # "Bob's only card in hand is Gitaxian Probe": a named player's one card held, the same
        (r"\b([A-Z][a-z]{1,23})'s only card in (?:his |her |their )?hand is ([^.,;!?]{2,40}?)"
         r"(?=\s*(?:[.,;!?]|$| and ))", r"\1 has only \2 in hand"),
        # "Gitaxian Probe is the only card in my hand", "my hand is just Brainstorm", "only X in hand, ...": the same
        (r"(?:^|(?<=[.!?,;] )|(?<= and ))(?:and |but |so )?((?:(?! and | or |\bis\b)[^.,;!?]){2,40}?) is (?:the|my)"
         r" only card in (?:my )?hand\b", r"I have only \1 in hand"),
        (r"(?:^|(?<=[.!?,;] )|(?<= and ))(?:and |but |so )?((?:(?! and | or |\bis\b)[^.,;!?]){2,40}?) is (?:his|the)"
         r" only card in (?:his )?hand\b",
         r"he has only \1 in hand"),
        (r"(?:^|(?<=[.!?,;] )|(?<= and ))(?:and |but |so )?((?:(?! and | or |\bis\b)[^.,;!?]){2,40}?) is (?:her|the)"
         r" only card in (?:her )?hand\b",
         r"she has only \1 in hand"),
        (r"\bmy hand is (?:just|only) (?!\d)([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))", r"I have only \1 in hand"),
        (r"\bhis hand is (?:just|only) (?!\d)([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))", r"he has only \1 in hand"),
        (r"\bher hand is (?:just|only) (?!\d)([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$| and ))", r"she has only \1 in hand"),
        (r"(?:^|(?<=[.!?;] ))(?:only|just) (?!\d)(?=[^.,;!?\d]{2,40}? in (?:my )?hand\b)", "I have only "),
        # "I control Blood Scrivener with Gitaxian Probe in my hand": the permanent is controlled, the card after
        # "with" is the one in the hand (both were read as in the hand, and the Scrivener's replacement left out)
        (r"\b(controls?|controlling|have|has|had) ((?!(?:only|just) )[^.,;!?]{2,60}?) with (?=(?:only |just )?"
         r"(?!\d|a card|one card|no card)[^.,;!?\d]{2,60}? in (?:my |his |her |their |the )?hand\b)", r"\1 \2, with "),
        # "i have blood scrivener and only gitaxian probe in hand": the verb said once for both
        (r"\b(have|has|had) ([^.,;!?]{2,40}?) and (?=(?:only|just) (?!\d)[^.,;!?]{2,40}? in "
         r"(?:my |his |her |their )?hand\b)", r"\1 \2 and \1 "),
        (r"\b(with|have|has|had|holding) (?:only|just) (?!\d|(?:a|an|one|two|three|four|five|six|seven|eight|nine|"
         r"ten|no|zero)\b)((?:(?! and | or )[^.,;!?\d]){2,40}?)(?<!\bcards)(?<!\bcard) in "
         r"(my |his |her |their |the )?hand\b", r"\1 \2 in \3hand and 1 card in \3hand"),
        # "brainstorm is the only card in my hand, i cast it": the same one card held, said of the card
        (r"\b(?!(?:and|or|but|so|then|i|he|she|it|is)\b)((?:(?! and | or |\bis\b)[^.,;!?\d]){2,40}?) (?:is|was) "
         r"(?:the|my|his|her|their) (?:only|one|single|last) card (?:left )?in (my|his|her|their) hand\b",
         r"\1 in \2 hand and 1 card in \2 hand"),
        (r"(?:^|(?<=[.!?] ))tl;? ?dr\s*[:,\-]?\s*", ""),  # "TL;DR: ...": the summary that follows is the situation
        *TIME_ROWS,  # turns, steps and what happened when (engine/situation/rewrites_time.py)
        # "... if you want (assuming you have 3 cards with Dredge in your graveyard). Then ...": what a player
        # assumes in brackets is a fact of the story, a sentence of its own
        (r"\s*\((?:assuming|assume|supposing|suppose|given) (?:that )?([^()]{4,200}?)\)\s*(?:[.;]\s*)?", r". \1. "),
        (r"\bw/(?=\s|\w)", "with "),
        (r"×\s*(?=\d)", "x"),  # "Howling Mine ×2": copies, as "x2"
        (r"(?<=\d)\s*×", "x"),
        # "my top card is a creature", "i draw a creature card": the card a draw takes is the library's top card
        (r"\bmy top card\b(?! of)", "the top card of my library"),
        (r"\b(I) draw an? (creature|land|artifact|enchantment|instant|sorcery|planeswalker)(?: card)?\b",
         r"the top card of my library is a \2 card, \1 draw a card"),
        # ... told as a sentence of its own, first in its sentence (the type of an unnamed card is no part of a
        # clause's other facts: "renewal on my board, the top card of my library is a creature card, i draw")
        (r"(^|[.!?;]\s*)([^.!?;]*?)(?:,\s*|\s+and\s+)?\b(the top card of my library is (?:not )?an? \w+)"
         r"(?: card)?\b(?:\s*,)?", r"\1\3 card. \2"),
        (r"\b(?:i'm|im)\b(?=\s+(?:at|on|in|playing|casting|the|a|dead|safe|alive|done|winning|losing|first|going|"
         r"starting)\b)", "I am"),
        # "it's my opponent who has the empty library": the player the sentence is about
        (r"\bit(?:'s| is) (my opponent|opponent|opp|he|she|they|[A-Z][a-z]+) (?:who|that)\b", r"\1"),
        (r"\bit(?:'s| is) (?:me|i) (?:who|that)\b", "I"),
        # "targeting opp who has 7 cards in library": the relative clause is a fact of its own about that player
        (r"\b(my opponent|opponent|opp|my teammate|teammate|(?-i:[A-Z][a-z]+)) (?:who|that) "
         r"(?=(?:has|have|had|controls?)\b)", r"\1. \1 "),
        (r"\b(my opponent|opponent|opp|my teammate|teammate|(?-i:[A-Z][a-z]+)) (?:who|that) (?:is|'s) "
         r"((?:at|on) -?\w+(?: life)?)(?=\s*(?:[,.;!?]|$|and\b))", r"\1. \1 is \2"),
        (r"\b(my opponent|opponent|opp|my teammate|teammate|(?-i:[A-Z][a-z]+)) (?:who|that) (?:is|'s) (?=(?:at|on) )",
         r"\1 "),
        (r"\bi'm\b", "I am"),
        # "opp has sheoldred im at 4 i cast frantic search": a new clause where "I" starts one, unpunctuated (with
        # a word after its verb: "the Prosperity I cast" is the same clause)
        (r" (?=(?:I am|i) (?:cast|draw|drew|already|am|have|havent|haven't|control|cycle|activate|brainstorm|wheel|"
         rf"play|take|use|dredge) \w)(?<=\w ){_NOT_AFTER}", ", "),
        (r"\bi've got\b", "I have"),
        # "bowmasters out on my side opp brainstorms": a new clause where a player starts one after a place said
        (r"\b(on (?:my|his|her|their|opp's|opponent's|the opponent's) side|on (?:my|his|her|the) (?:bf|battlefield|"
         r"board|field)|in play) (?=(?:opp|opponent|my opponent|he|she|they|i|we) (?!is\b|has\b|had\b|have\b)\w)",
         r"\1, "),
        # "opp brainstorms in my end step how many pings": the question after the story, unpunctuated
        (r"(?<=\w)(?<!\bso)(?<!\band)(?<!\bbut)(?<!\bthen)(?<!\bok)(?<!\bokay)(?<!\bor) (?=(?:how many|how much)"
         r"(?:(?: \w+)? (?:do|does|did|will|would|can|could|should)\b|(?: \w+)?\s*(?:[?.!]|$)))", ", "),
        # "sotl out and i already drew, if i cast brainstorm do i draw anything": the "if" after the story is what
        # happens, the question after it is asked (as "If A, B?" opening a sentence is read)
        (r",\s*(?:but |so |and )?if ([^,.;!?]{3,80}?),? ((?:do|does|did|can|could|will|would|am|is) (?:i|he|she|they|"
         r"we|opp|opponent|my opponent)\b[^.;!?]*)[.?!]?", r". \1. \2?"),
        # "i drew for the turn, if i cast frantic search ...": the turn's draw is done before a later cast (it was
        # read as the draw step under way, and the cast's draw as the turn's first)
        (r"\band (I|he|she|they|opp|opponent|my opponent) drew for (?:the |my |his |her |their )?turn\b(?! already)"
         r"(?=[^?]*\b(?:cast|casts|cycle|cycles|activate|activates)\b)", r"and \1 already drew for the turn"),
        # "i +1 him", "i -8 it": the planeswalker named before, its loyalty ability used (606)
        (r",\s*(I|we) ([+\-−]\d{1,2}) (?:him|her|it)\b", r". \1 use its \2"),
        (r"\b(I|we) ([+\-−]\d{1,2}) (?:him|her|it)\b", r"\1 use its \2"),
        # "im at 3 opp has bowmasters": a new clause where a player starts one after a life total, unpunctuated
        (r"\b((?:at|on) \d{1,3}(?: life)?) (?=(?:opp|opponent|my opponent|he|she|they|i|we) (?:has|have|controls?|"
         r"casts?|is|am|are|draws?)\b)", r"\1, "),
        # "my teammate cracks a brainstorm", "i slam a wheel": a spell cast, in players' slang
        (r"\b(?:cracks|slams|jams) (?:off )?(?:a |an |my |his |her |their )?(?=\w)", "casts "),
        (r"\b(?:crack|cracked|cracking|slam|slammed|jam|jammed) (?:off )?(?:a |an |my |his |her |their )?(?=\w)",
         "cast "),
        # "my lib hand and yard are all empty": each zone named is empty
        (r"\b(my|his|her|their) (library|lib|hand|graveyard|gy|yard),? (?:and )?(library|lib|hand|graveyard|gy|yard),?"
         r" (?:and )?(library|lib|hand|graveyard|gy|yard) (?:are|r) (?:all )?empty\b",
         r"\1 \2 is empty, \1 \3 is empty and \1 \4 is empty"),
        (r"\b(my|his|her|their) (library|lib|hand|graveyard|gy|yard),? and (library|lib|hand|graveyard|gy|yard) "
         r"(?:are|r) (?:both )?empty\b", r"\1 \2 is empty and \1 \3 is empty"),
        # "opp casts his first noncreature spell this turn": which of the turn's spells it is, told first (Esper
        # Sentinel, Kraum), then the spell by its kind
        (r"\b(I|he|she|they|opp|opponent|my opponent|(?-i:[A-Z][a-z]+)) (casts?|cast) (my|his|her|their) "
         r"(first|second) ((?:non-?)?(?:creature|artifact|enchantment|instant|sorcery|planeswalker) )?spell"
         r"(?: (?:this|of the|each) turn)?", r"it is \3 \4 \5spell this turn. \1 \2 a \5spell"),
        # "opp casts wheel on his turn and doesnt pay the 4", "opp casts an instant, doesn't pay", "pays for none":
        # the tax declined, said of its player
        (r"\b(I|he|she|they|opp|opponent|my opponent|(?-i:[A-Z][a-z]+)) (casts?|cast) ([^.,;!?]{2,80}?)(?:,? and|,) "
         r"(don't|doesn't|do not|does not|didn't|did not|won't|dont|doesnt|didnt|wont|can't|cannot|cant) pay\b",
         r"\1 \2 \3. \1 \4 pay"),
        # "opp casts a spell for free": cast all the same (601.2; a cost not paid is no player named "Free")
        (r"\b(casts?|casting) ([^.,;!?]{1,60}?) for free\b", r"\1 \2"),
        (r"\b(?:pays?|paid) (?:for )?(?:none|nothing|zero|neither)(?: of (?:them|it|those))?\b", "doesn't pay"),
        # "the opp with psychosis crawler casts brainstorm": who controls it, then what that player does
        (r"\b(?:the )?(opp|opponent)(?: who has| that has| with) ([^,.;!?]{2,60}?) (casts?|cycles?|draws?|"
         r"activates?)\b", r"\1 has \2 and \1 \3"),
        (r"\bi've\b", "I have"),
        (r"\bi'll\b", "I will"),
        (r"\bi'd\b(?= \w)", "I would"),
        (r"\b(they|we|you)'re\b", r"\1 are"),
        (r"\b(they|we|you)re\b(?=\s+(?:at|on|in|casting)\b)", r"\1 are"),
        (r"\b(he|she)'s got\b", r"\1 has"),
        (r"\b(he|she)'s\b(?=\s+(?:at|on|in|casting|the)\b)", r"\1 is"),
        # "hes dead right?", "shes at 3": the contraction typed without its apostrophe
        (r"\b(he|she)s\b(?=\s+(?:at|on|in|casting|the|dead|done|safe|alive|out|toast|decked|fine|ok|okay)\b)",
         r"\1 is"),
        (r"\b([A-Za-z]+)'s got\b", r"\1 has"),
        (r"\bits\b(?=\s+(?:my|your|his|her|their|our|the|team|turn|[A-Z]\w*'s)\b)", "it's"),
        (r"\bit ?s\b(?=\s+(?:my|your|his|her|their|our|the)\b)", "it's"),
        (r"\bdont\b", "don't"),
        (r"\bdoesnt\b", "doesn't"),
        (r"\bdidnt\b", "didn't"),  # "he didnt pay the 4"
        (r"\bcant\b", "can't"),
        (r"\bthere's\b", "there is"),
        (r"\bthat's\b", "that is"),
        # a question in the middle of a sentence: "..., what happens when I draw" → "..., I draw. what happens?";
        # the question is kept after what it supposes ("do i win if i cast brainstorm?" was left as "i cast
        # brainstorm?", and the answer led with the ruling instead of Yes or No)
        (r"(?:(?<=[.!?])\s+|,\s*|\s+)(?:so\s+)?(what happens|what would happen|who wins|do i (?:lose|win|die)|"
         r"does it work) (?:when|if) ([^.!?]+)[.!?]?", r", \2. \1?"),
        # "Opponent at 2 life draws 3" → "Opponent is at 2 life and Opponent draws 3"
        # "my opponent, who is at 2 life, casts X": the relative clause is one more fact of that player
        (r"\b(I|(?:my )?opp(?:onent)?|(?-i:[A-Z][a-z]+)),? who(?:'s| is) ((?:at|on) -?\w+ life),? "
         r"(?=(?:draws?|casts?|has|have|controls?)\b)", r"\1 is \2 and \1 "),
        (r"\b(I|(?:my )?opp(?:onent)?|(?-i:[A-Z][a-z]+)),? who (?:has|had) (\w+ cards? (?:left )?in "
         r"(?:his |her |their )?(?:hand|library|graveyard)),? (?=(?:draws?|casts?|has|have|controls?)\b)",
         r"\1 has \2 and \1 "),
        (r"\b(I|opponent|my opponent|opp|(?-i:[A-Z][a-z]+)) at (-?\w+) life,? "
         r"(?=(?:draws?|casts?|has|have|controls?)\b)", r"\1 is at \2 life and \1 "),
        (r"\s+(?:too|as well)(?=\s*(?:[.,;!?]|$))", ""),
        # "I cast X with 3 other cards in hand": the hand said is the one beside the spell (it was read as the hand
        # holding X, one card short: a "cards in hand plus one" spell drew 3 where 4 are drawn); said of no spell
        # cast, seating refuses the words
        (r"\b(?:holding|and holding|while holding|holding onto) (\d{1,2}|no|one|two|three|four|five|six|seven) "
         r"((?:other |more )?cards?)\b(?! in)", r"with \1 \2 in hand"),
        (r"\b(\w+) other cards? in ((?:my |his |her |their |your )?hand)\b", r"\1 cards in \2 besides a spell"),
        (r"\b(I|opponent|my opponent|(?-i:[A-Z][a-z]+)) \((?:at |on )?(-?\d+) life\)", r"\1 is at \2 life and \1"),
        (r"\b(-?\d+|\w+) (?:hp|health|life points|lp)\b", r"\1 life"),
        (r"\b(?:just|actually|now|then also)\s+(?=(?:cast|casts|drew|draws?|played|plays?|resolved?)\b)", ""),
        (r"\b(both|all of us|each of us|both players|everyone|each player) with\b", r"\1 have"),
        # "3 opponents, each has Sheoldred": each of those opponents (the "each" was dropped and the card given
        # to the asker, silently)
        (r"\b((?:\d+|two|three|four|five|six|all|both|my) (?:other )?(?:opponents|opps))\s*,\s*(?:and )?each "
         r"(?:one )?(?:has|have|controls?|with|got|has got)\b", r"\1, each opponent has"),
        # "we're playing 3 player", "we are playing a 4-player game", "playing commander": the format told as what
        # the players are doing
        (r"\b(?:we are|we're|were|i am|i'm|im) (?:playing|in) (?:an? )?(\w+)[ -]?(?:players?|person|people|man)"
         r"(?: game| pod| free[ -]for[ -]all| ffa)?\b", r"\1 player game"),
        (r"\b(?:we are|we're|i am|i'm) playing (?:a game of )?(commander|edh|two-headed giant|2hg|multiplayer)\b",
         r"in \1"),
        # "Alms Collector is on my side, opp casts Prosperity in a 3 player game": the format said at the end of a
        # clause is a sentence of its own (it took the clause's "on my side" with it, and whose card was asked)
        (r"(?:,\s*|\s+)in an? (\d+|three|four|five|six)[ -]?(?:players?|person|man) (?:game|pod)\b(?=\s*(?:[.;!]|$))",
         r". \1 player game"),  # not in a question ("do I draw in a 2 player game?"), which it would cut
        # "opp casts Opportunity on his turn targeting himself": the target goes with the spell, the turn after it
        # ("targeting" was not understood after the turn)
        (r"\b(cast|casts) ([^.,;!?]{2,40}?) (on (?:my|his|her|their|our) (?:own )?turn) (targeting (?:him|her|them|me|"
         r"myself|himself|herself|themselves|my opponent|the opponent|opponent|opp|[A-Za-z][a-z]{1,23}))\b",
         r"\1 \2 \4 \3"),
        # "3 player game me alice and bob", "4-player pod: me, Ann, Bo and Cy": the seats listed after the format
        # are its players (the names were not understood)
        (r"\b(\d+|three|four|five|six)[ -]?(?:players?|person|man) (?:game|pod)[,:]? (?:with |between )?(?:me|i),? "
         r"((?:(?!and\b)[A-Za-z]{2,20},? ){1,4}and [A-Za-z]{2,20})(?=\s*(?:[.;!?]|,|$))",
         r"\1 player game. players are me, \2"),
        # "opp casts a creature with flash": a spell said by its kind (engine.stand_ins); flash changes only when it
        # may be cast, which such a spell isn't checked for
        (r"\b(an? (?:(?:non-?)?(?:creature|artifact|enchantment|planeswalker) )+(?:spell )?)with flash\b", r"\1"),
        # "I cast Brainstorm from hand": where a spell is cast from unless said otherwise (601.2a), no fact
        (r"\b(cast|casts|casting) ([A-Za-z][^.,;!?]{1,60}?) from (?:my |his |her |their |the )?hand\b", r"\1 \2"),
        # "I don't have any cards in library", "he doesn't have any cards left in his library": none, a count of 0
        (r"\b(?:don't|do not|dont) have any (?:more )?(?:cards? )?(?:left )?in\b", "have 0 cards in"),
        (r"\b(?:doesn't|does not|doesnt) have any (?:more )?(?:cards? )?(?:left )?in\b", "has 0 cards in"),
        # "who decides if they pay?", "who chooses whether i draw": the question who decides, never a fact that the
        # player pays or draws (it was read as "Opponent pays the tax")
        (_WHO_DECIDES + r"(?:pays?|paid|to pay)\b", r"\1 whether to pay"),
        # "should i pay?", "do i have to pay the 1?": whose choice the tax is, never a fact that it is paid (it
        # was read as "You pay the tax" and the other line hidden)
        (r"\b(?:should|do|does|must|can|could) (?:i|we|he|she|they|opp|my opponent|opponent) "
         r"(?:(?:have|has|need|needs) to )?pay(?: for (?:it|that|the tax|the trigger)| (?:the )?\{?\d+\}?(?: mana)?)?"
         r"(?=\s*(?:[?.!]|$))",
         "who chooses whether to pay"),
        (_WHO_DECIDES + r"(?:draws?|drew|to draw)\b", r"\1 whether to draw"),
        # "do I have to draw?", "am I forced to draw?": the question whether the draw is forced ("must I draw?")
        (r"\b(?:do|does|did|will|would) (i|we|he|she|they|opp|my opponent|opponent|[A-Z][a-z]+) "
         r"(?:have|has|need|needs) to draw\b", r"must \1 draw"),
        (r"\b(?:am|is|are) (i|we|he|she|they|opp|my opponent|opponent|[A-Z][a-z]+) (?:forced|required|made) "
         r"to draw\b", r"must \1 draw"),
        (r"\b(?:have|had|need|needs|got) to draw\b", "draw"),
        (r"\bhas to draw\b", "draws"),
        # ways of saying a player draws: "is forced to draw", "I make my opponent draw", "am I allowed to draw"
        (r"\b(?:is|are|am) (?:forced|made|instructed|told|asked) to draw\b", "draws"),
        (r"\bI (?:make|force|have) (my opponent|opponent|opp|[A-Z][a-z]+|him|her|them) draw\b", r"\1 draws"),
        (r"^(?:am|are|is) (i|we|he|she|they|my opponent|opponent|opp) (?:allowed|able) to\b", r"\1"),
        (r"\ban opponent's\b", "my opponent's"),
        (r"\bon (?:the )?(?:field|board|table)\b", "on the battlefield"),
        # "Temporal Mastery is my top card": on top of that library; "i draw off a cycling card": a cycle
        (r"\bis (my|his|her|their|opponent's|(?-i:[A-Z][a-z]+'s)) top card\b", r"is on top of \1 library"),
        (r"\bdraws? (?:a card )?off (?:a |my |his |her |their )?cycl(?:ing|ed|er)(?: card| land| creature)?\b",
         "cycle a card"),
        # abbreviations players use at the table
        (r"\boppo?'s\b", "opponent's"),
        (r"\boppos?\b(?!')", "opponent"),
        (r"\bopps\b", "opponents"),
        (r"\bopp\b", "opponent"),
        # "opp makes me draw 2", "he forces Bob to draw a card": the draw is that player's (what made it is unsaid)
        # (not "makes me draw with Howling Mine": the permanent it comes from is read by sources.py)
        (r"\b(?:(?:my )?opponent|he|she|they|(?-i:[A-Z][a-z]+)) (?:makes|made|forces|forced|has|had) me (?:to )?"
         r"draw\b" + _NO_SOURCE, "I draw"),
        (r"\b(?:I|we) (?:make|made|force|forced|have|had) ((?:my )?opponent|him|her|(?-i:[A-Z][a-z]+)) (?:to )?"
         r"draw\b" + _NO_SOURCE, r"\1 draws"),
        # "I cast Sign in Blood targeting opp at 2 life": the life or hand right after the target is the target's
        # (it was the caster's, silently); a fact of its own, so each player keeps their own
        (r"\b(targeting|on) ((?:my |the )?opponent|(?-i:[A-Z][a-z]+)) (at -?\d+ life)\b", r"\1 \2, \2 \3"),
        (r"\b(targeting|on) ((?:my |the )?opponent|(?-i:[A-Z][a-z]+)) with (\d+|no|one|two|three|four|five) (cards? "
         r"(?:left )?in (?:(?:his|her|their) )?(?:hand|library|deck|graveyard))\b", r"\1 \2, \2 has \3 \4"),
        # the same after "me" ("my opponent casts Blood Pact targeting me at 2 life"): the asker's life, not the
        # caster's (it was the caster's, silently: "do I lose?" answered No)
        (r"\b(targeting|on) (me|myself) (at -?\d+ life)\b", r"\1 \2, I am \3"),
        (r"\b(targeting|on) (me|myself) with (\d+|no|one|two|three|four|five) (cards? (?:left )?in (?:my )?(?:hand|"
         r"library|deck|graveyard))\b", r"\1 \2, I have \3 \4"),
        (r"\b(targeting|on) (him|himself) (at -?\d+ life)\b", r"\1 \2, he is \3"),
        (r"\b(targeting|on) (her|herself) (at -?\d+ life)\b", r"\1 \2, she is \3"),
        (r"\bboth (?:of )?(?:my )?opponents\b", "my two opponents"),  # "both opps have X": two opponents, each
        # "one of the opps has Sheoldred": one opponent, whichever (in Two-Headed Giant both share the life and the
        # loss, 810.8a); it was not understood
        (r"\bone of (?:the |my |our |their )?opponents\b(?! (?:and|or)\b)", "my opponent"),
        # "i havent drawn anything this turn": no card drawn; "grave-troll": the nickname typed with its hyphen
        (r"\b(drawn|drew) anything\b", r"\1 a card"),
        (r"\bgrave-troll\b", "grave troll"),
        (r"\bnothing (?:left )?in (my|his|her|their|the|opponent's) (?:library|deck)\b", r"0 cards in \1 library"),
        # "opp has 3 cards left in his": the library, left unsaid
        (r"\b(cards? (?:left )?in) (his|her|their|my)(?=\s*(?:[,.;!?]|$))", r"\1 \2 library"),
        # "my library has 4, opp has 20 in his": the zone said before, left unsaid
        (r"\b(\d+) (?:left )?in (?:his|hers|theirs|her|their)(?=\s*(?:[,.;!?]|$))", r"\1"),
        # "can i dredge instead of it getting stolen?": the other replacement is the one not chosen (616.1)
        (r"\b(dredge(?: it| \w+)?) instead of (?:it |that |the draws? |them |the cards? )?(?:getting|being) "
         r"(?:stolen|taken|replaced|skipped)\b", r"\1"),
        # "i dredge instead of drawing for turn": the dredge replaces the draw step's draw
        (r"\b(dredge(?: it| \w+)?) instead of (?:drawing|my draw) (?:for (?:the |my )?turn|in my draw step)\b",
         r"\1 in my draw step"),
        # "opp team has Notion Thief", "the other team is on the play" (Two-Headed Giant): a player of that team
        (r"\b(?:the )?(?:opponent|opponent's|opponents'?|opposing|other|enemy) team\b", "opponent"),
        # "notion thief on opps side": the possessive typed without its apostrophe
        (r"\bopponents (?=(?:side|board|battlefield|field|turn|upkeep|draw step|end step)\b)", "opponent's "),
        # "0 library", "lib at 0": a library's size said without "cards in"
        (r"\b(\d+|no|zero) (?:library|lib|deck)\b(?! (?:cards?|is|has|at)\b)", r"\1 cards in library"),
        # "3 opps each at 2 life", "both opps at 1", "opponents at 2": each opponent's life, never the asker's
        (r"\b(\d+|two|three|four|five|six) opponents (?:each |all |both )?(?=(?:at|on) )",
         r"\1 opponents, each opponent "),
        (r"\b(?:(?:both|all|all my|both my|all the|both the|the|my) )?opponents (?:are |each |both |all )?"
         r"(?=(?:at|on) (?:-?\d|\w+ life))", "each opponent "),
        # "alice and bob are both at 2 life": each named player's life, said once for the two ("i"/"we"/"they" and
        # the opponent words are left to the rows above and the reader)
        (r"\b(?!(?:i|we|they|you|he|she|opp|opponent|opponents|me)\b)([A-Za-z][a-z]{1,23}) and "
         r"(?!(?:i|we|they|you|he|she|opp|opponent|opponents|me)\b)([A-Za-z][a-z]{1,23}) (?:are|r) (?:both |each )?"
         r"(?:at|on) (-?\d+)(?!\d| (?:cards?|in|poison)\b)(?: life)?(?: each)?\b",
         r"\1 is at \3 life and \2 is at \3 life"),
        # "I sac Mossfire Egg", "sacced the clue": the verb players shorten
        (r"\bsac(?:c?ed|ced|king|cing)\b", "sacrificed"),
        (r"\bsacs\b", "sacrifices"),
        (r"\bsac\b", "sacrifice"),
        # "i havent drawn yet bc its my upkeep": the reason is one more fact of the clause; "4 ppl", "3 way game"
        (r"(?<=\w)\s*,?\s+(?:bc|b/c|cuz|coz|'cause|because)\s+(?=(?:it'?s|it is|i|i'?m|my|opponent|opponent's|he|she|"
         r"they|we|there)\b)", ", "),
        *((rf"\b(for|x ?=|x is|devotion(?: to blue| to u)?(?: is| of| at| =|:)?) {word}\b(?! (?:turns?|mana|life|"
           r"cards?|damage|of|more|extra)\b)", rf"\g<1> {n}") for word, n in _X_WORDS.items()),
        # "devotion to blue is 4", "with devotion 5": the X of Thassa's Oracle's ability (its devotion)
        (r"\b(?:my |his |her |their |our )?devotion(?: to blue| to u)?(?: is| of| at| =| ==|:)? ?(\d{1,2})\b", r"x=\1"),
        # "6 cards left when the thoracle trigger resolves": the facts hold as the ability resolves
        (r"(?<=\w) when (?=(?:the |my |his |her )?[\w' ]{2,40}? (?:trigger|etb|etb trigger|ability) resolves\b)", ", "),
        # "Does Bowmasters trigger when ...? it's mine": the card named before is the speaker's (or his)
        (r"(?:^|(?<=[,.;!?]\s))it(?:'s| is) (?:mine|my own)(?=\s*(?:[,.;!?]|$))", "I control it"),
        (r"(?:^|(?<=[,.;!?]\s))it(?:'s| is) (?:my )?opponent's(?=\s*(?:[,.;!?]|$))", "my opponent controls it"),
        (r"(?:^|(?<=[,.;!?]\s))it(?:'s| is) his(?=\s*(?:[,.;!?]|$))", "he controls it"),
        # "I'm the only one with cards", "nobody else has cards in hand": every other hand is empty
        (r"\b(?:i am|i'm|im) the only (?:one|player) (?:with|holding|that has|who has) (?:any )?cards"
         r"(?: in (?:my )?hand)?(?=\s*\(\d)", "everyone else has 0 cards in hand, I have"),
        (r"\b(?:i am|i'm|im) the only (?:one|player) (?:with|holding|that has|who has) (?:any )?cards"
         r"(?: in (?:my )?hand)?", "everyone else has 0 cards in hand"),
        (r"\b(?:(?:nobody|no one|noone) else|no other player) (?:has|holds|is holding) (?:any )?cards(?: in hand)?",
         "everyone else has 0 cards in hand"),
        # "nobody has cards in hand except the windfall": the caster holds only that card, every other hand is empty
        (r"\b(?:where |when )?(?:nobody|no one|noone|no player) (?:has|holds) (?:any )?cards in (?:their |his or her )?"
         r"hands? (?:except|but|besides|other than) (?:the |my |a |one )?([^.,;!?]{2,40}?)(?=\s*(?:[.,;!?]|$))",
         r". everyone else has 0 cards in hand, I have \1 in hand and 1 card in hand"),
        # "our first turn (turn 2)": the game's number of a side's first turn (1 on the play, 2 on the draw) says
        # again what "first turn" and the side say; read once
        (r"\b((?:my|our|his|her|their|opponent's) first turn)\s*"
         r"(?:\(\s*(?:game )?turn [12]\s*\)|,\s*(?:game )?turn [12]\b)", r"\1"),
        (r"\b(?:game )?turn [12]\s*\(\s*((?:my|our|his|her|their|opponent's) first turn)\s*\)", r"\1"),
        (r"\bppl\b", "players"),
        (r"\bthe (?:guy|dude|person|girl|lady|fella|one|player sitting|guy sitting|person sitting) "
         r"(?=(?:on|to|at|across)\b)", "the player "),
        (r"\b(\d|two|three|four|five|six)[- ]way (?=(?:game|pod|match|multiplayer|free-for-all|commander)\b)",
         r"\1 player "),
        # "do I lose if I draw off an empty library": drawing from it (no card is the source)
        (r"\b(draw|draws|drew|drawing)(?: a card)? off (?=(?:an? |my |his |her |their |the )?empty (?:library|deck)\b)",
         r"\1 from "),
        *ABBREVIATIONS,
        # "opp said he has 2 cards in library": a state told through the player, read as told
        (r"\b(opponent|opp|my opponent|he|she|they) (?:said|says|told me|tells me) (?:that )?(?=(?:he|she|they) "
         r"(?:has|had|have|is|was|are|controls|controlled)\b)", ""),
        # "my buddy had notion thief out": the friend across the table is the opponent
        (r"\bmy (?:buddy|friend|pal|mate|bro)\b(?=\s+(?:has|had|have|controls?|controlled|casts?|cast|draws?|drew|"
         r"is|was|plays?|played|got)\b)", "my opponent"),
        # "a non creature spell": the type word the rules write as one ("noncreature", 205.2)
        (r"\bnon (creature|artifact|enchantment|instant|sorcery|planeswalker|land|legendary)\b", r"non\1"),
        # "opp casts something": a spell said by no kind at all (engine.stand_ins)
        (r"\b(cast|casts|casting|casted) (?:something|smth|sth|stuff|anything)\b", r"\1 a spell"),
        # numbers players say in words
        (r"\bhalf a dozen\b", "6"),
        (r"\ba dozen\b", "12"),
        (r"\bdozen\b", "12"),
        (r"\ba single\b", "1"),
        (r"\ba couple of\b", "2"),
        (r"\ba pair of\b", "2"),
        # scare quotes around a word or two ('I "flash in" Notion Thief', 'I had already "drawn"'); a longer
        # quote may be a card's text ('its own "draw one card" effect') and keeps its marks
        (r'"([^"\s]+(?: [^"\s]+)?)"', r"\1"),
        # "tapped four mana and cast X": paying mana decides no draw
        (r"\b(?:tapped|taps|tap|tapping|paid|pays|pay|paying|spent|spends|spend|spending) "
         r"(?:out|(?:\w+ )?(?:mana|lands?|basics?|islands?|swamps?|mountains?|forests?|plains))"
         r"(?: (?:and|to|for))? (?=(?:cast|casts|casting|play|plays|played|activate|activated|activates)\b)", ""),
        # "he casts Gitaxian Probe paying 2 life": Phyrexian mana paid with life, part of the cast (107.4f)
        # (a sentence of its own: the clause around the cast may hold other facts, read from their parts)
        (r"\b(I|he|she|they|opponent|my opponent|(?-i:[A-Z][a-z]+)) (cast|casts) ([^,.;!?]+?),? (?:by |and )?"
         r"(?:paying|pays|paid|pay|for) (\d{1,2}|two|four|six|eight) life\b(?: for (?:it|(?:the|its) "
         r"(?:phyrexian )?mana))?", r"\1 \2 \3. \1 paid \4 life for it"),
        (r"\b(cast|casts) ([^,.;!?]+?),? (?:by |and )?(?:paying|pays|paid|pay|for) (\d{1,2}|two|four|six|eight) "
         r"life\b(?: for (?:it|(?:the|its) (?:phyrexian )?mana))?", r"\1 \2 and paid \3 life for it"),
        # "my opp taps out for Thought Sip": all the mana to cast it
        (r"\btaps out (?:for|to cast|and casts) (?=\S)", "casts "),
        (r"\b(?:tap|tapped|tapping) out (?:for|to cast|and cast) (?=\S)", "cast "),
        # "Gitaxian Probe ..., paid with mana": a cost paid in mana is what the card data assumes already
        (r",?\s*\b(?:paid|paying|pay|pays) (?:for )?(?:it |that )?(?:(?:with|using|in) )?"
         r"(?:its |regular |normal |blue |the |full )?mana(?: cost)?\b", ""),
        # "I cast X with kicker", "..., kicked", "I kick X", "bargained": the caster's choice of an optional additional
        # cost (601.2b), read by the phrase "and kick it"
        (r"\b(cast|casts|casting) ([^.;!?]+?),? (?:without (?:its |the |paying (?:the |its )?)?kicker(?: cost)?|"
         r"unkicked|not kicked)(?=\s*(?:[,.;!?]|$))", r"\1 \2 and don't kick it"),
        (r"\b(cast|casts|casting) ([^.;!?]+?),? (?:with|paying|and paying|and pay) (?:its |the |his |her |their )?"
         r"kicker(?: cost)?(?: paid)?(?=\s*(?:[,.;!?]|$))", r"\1 \2 and kick it"),
        (r"\b(cast|casts|casting) ([^.;!?]+?),? (?-i:kicked)(?=\s*(?:[,.;!?]|$))", r"\1 \2 and kick it"),
        (r"\b(cast|casts|casting) ([^.;!?]+?),? bargained(?=\s*(?:[,.;!?]|$))", r"\1 \2 and bargain it"),
        # "I cast X with the gift promised", "..., promising the gift to him", "without promising the gift" (702.174a)
        (r"\b(cast|casts|casting) ([^.;!?]+?),? (?:without (?:promising (?:the |a |its )?|a promised |the )gift|"
         r"with no gift)(?: promised)?(?: to [\w'\-]+(?: [\w'\-]+)?)?(?=\s*(?:[,.;!?]|$))",
         r"\1 \2 and don't promise it"),
        (r"\b(cast|casts|casting) ([^.;!?]+?),? (?:with (?:the |a |its )?gift(?: promised)?|(?:and )?promising "
         r"(?:the |a |its )?gift)(?: to [\w'\-]+(?: [\w'\-]+)?)?(?=\s*(?:[,.;!?]|$))", r"\1 \2 and promise it"),
        # "she promises the gift to Bob", "I don't promise a gift": the phrase "and promise it"
        (r"\b(promises?|promised|promising) (?:the|a|its) gift(?: to [\w'\-]+(?: [\w'\-]+)?)?(?=\s*(?:[,.;!?]|$))",
         r"\1 it"),
        (r"\b(?-i:kicks) (?=(?-i:[A-Z]))([^.;!?,]+?)(?=\s*(?:[,.;!?]|$))", r"casts \1 and kicks it"),
        (r"\b(?-i:kick|kicked) (?=(?-i:[A-Z]))([^.;!?,]+?)(?=\s*(?:[,.;!?]|$))",
         r"cast \1 and kick it"),
        # "the first of the three cards drawn being X": the first card drawn
        (r"\bthe first of (?:the |those |these )?(?:\w+ )?cards(?= (?:drawn|i draw)\b)", "the first card"),
    )
)


# each rewrite's needles (engine/situation/needles.py): read from its pattern, so a new row needs nothing more
_CHECKS: tuple[Needles, ...] = tuple(needles_of(rx) for rx, _to in _REWRITES)


def rewrite(text: str) -> str:
    low, ascii_text = text.lower(), text.isascii()
    for (rx, to), checks in zip(_REWRITES, _CHECKS, strict=True):
        if may_match(checks, low, ascii_text):
            text, changed = rx.subn(to, text)
            if changed:
                low, ascii_text = text.lower(), text.isascii()
    return set_phrases(text)
