"""The reader's word table: each run of words a player types and its kind (a player, a zone, a step, a verb, a
filler word...), with the value it stands for.

Why a table of its own: the tokenizer (``tokens``) only finds the longest run at each position; what the words
mean lives here, one line per kind of word, so a new way players say a thing is a line of data, and the
language reference and the reader read the same table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.situation.lexicon import NUMBER_WORDS, STEP_WORDS
from engine.vocabulary import aliases as mechanic_aliases


class Tok(StrEnum):
    """What a word (or a run of words) is to the reader."""

    ME = "me"  # I, me, myself
    PLAYER = "player"  # opponent, he, each player, the player to my left
    NAME = "name"  # a capitalised word that is no card and no reader word: perhaps a player's name (Alice)
    POSS = "possessive"  # my, his, opponent's, Alice's
    CARD = "card"  # a card name, [[Card]], a nickname
    NUMBER = "number"  # 3, three, a, no, none
    EMPTY = "empty"  # empty
    LAST = "last"  # "last card": one left
    LEFT = "left"  # left, remaining
    CARDS = "cards"  # card, cards
    ZONE = "zone"  # library, hand, graveyard
    PLACE = "place"  # battlefield, in play, out, on the board
    OWNED = "owned"  # mine, is opponent's, under my control
    LIFE = "life"  # life, life total
    AT = "at"  # at / on before a number: a life total
    TURN = "turn"  # turn
    FIRST = "first"  # first
    STEP = "step"  # upkeep, draw step, main phase, end step
    SIDE = "side"  # on the play, on the draw
    FOR_TURN = "for the turn"  # for the turn, for turn, for his turn
    THIS_TURN = "this turn"
    PLAYERS = "players"  # players, player, pod
    FORMAT = "format"  # commander, Two-Headed Giant, multiplayer
    HAVE = "have"  # have, has, got, controls, with
    BE = "be"  # is, are, was
    DRAW = "draw"  # draw, draws
    DREW = "drew"  # drew, have drawn
    ALREADY = "already"
    CAST = "cast"  # cast, play, resolve
    DREDGE = "dredge"
    MAY = "may"
    IN = "in"  # in, from, of
    INTO = "into"  # Brainstorm into a Spirit of the Labyrinth: cast while that permanent is on the battlefield
    RESPONSE = "in response"  # "in response to opp's Gitaxian Probe": that spell is what happens now
    TOP = "top"  # on top of, top of
    DURING = "during"  # during, in, on
    IT = "it"  # it, that, this (a card said before)
    TARGET = "target"  # targeting, target
    BESIDES = "besides"  # "besides Timetwister I have 2 cards in hand": a hand counted without the spell cast
    MULL = "mulligan to"  # "mulligan to 5": the hand kept
    ETB = "enters"  # "Thassa's Oracle etb trigger resolving": the permanent's own "when this enters" ability
    FOR = "for"  # for (X): "Sphinx's Revelation for 5"
    X = "x"  # x=6
    EXTRA = "extra"  # take the 2 extra: a "may draw additional cards" ability used
    MECH = "mechanic"  # loot, wheel, rummage, cycle: a kind of draw the vocabulary knows
    OFF = "off"  # draw 3 off Brainstorm
    MAKES = "makes"  # "Howling Mine makes him draw": the permanent before it is the source of the draw
    KEEP = "keep"  # keep both (paying life), put both back
    COUNTERS = "counters"  # "with 6 counters", "6 quest counters on it": counters on a permanent said before
    PAY_LIFE = "paying life"  # paying life: read with the cards kept (Sylvan Library), refused anywhere else
    SPELL = "a spell"  # a spell, a cantrip: some spell, not named
    OUTCOME = "outcome"  # dead, win, lose: what a question asks about, never a fact
    PLAYING = "playing"  # "are playing (with me)": glue of a list of the game's players
    ASK = "question"  # does, do, am, how, who: a question starts here
    SEP = "separator"  # , and but then while + &
    FILLER = "filler"  # table talk that never carries a fact
    STOP = "stop"  # words the parts reader must not read past: not, if, unless, instead, exile...
    WORD = "word"  # anything else


@dataclass(frozen=True)
class Token:
    kind: Tok
    text: str  # the player's words
    value: str | int | None = None


# Word runs and their kinds: the longest run wins. Values: a player's words, a zone, a step, a number.
LEXEMES: dict[str, tuple[Tok, str | int | None]] = {}


def _add(kind: Tok, words: str, value: str | int | None = None) -> None:
    for w in words.split("|"):
        LEXEMES[w] = (kind, value if value is not None else w)


_add(Tok.ME, "i|me|myself")
_add(Tok.PLAYER, "opponent|my opponent|the opponent|your opponent|he|she|they|him|her|them|each player|"
                 "every player|everyone|everybody|all players|both players|each of us|we|us|we both|both of us|"
                 "my teammate|teammate|my partner|each opponent|all opponents|every opponent|my opponents|"
                 "himself|herself|themselves|our team|my team|everyone else|everybody else|all other players|"
                 "every other player|each other player|the other players|all the other players|someone|somebody|"
                 "someone else|somebody else|another player")
_add(Tok.PLAYER, "the player to my left|the player on my left|player to my left|the person to my left|"
                 "my left|the player to my left's", "Player to your left")
_add(Tok.PLAYER, "the player to my right|the player on my right|player to my right|the person to my right|"
                 "my right", "Player to your right")
for _side in ("left", "right"):  # "the opponent on my left", "my left-hand opponent"
    _add(Tok.PLAYER, "|".join(f"{the}{who} {to} my {_side}" for the in ("", "the ") for who in ("opponent", "opp")
                              for to in ("to", "on")) + f"|my {_side} opponent|my {_side}-hand opponent|"
                              f"the player on my {_side}'s|the opponent on my {_side}'s", f"Player to your {_side}")
_add(Tok.PLAYER, "the player across|the player across from me|player across from me", "Player across")
_add(Tok.POSS, "my", "my")
_add(Tok.OWNED, "mine|is mine|are mine|both mine|are both mine|belongs to me|belong to me|under my control|"
                "is under my control|are under my control", "my")
_add(Tok.OWNED, "is opponent's|is my opponent's|are opponent's|belongs to opponent|belongs to my opponent|"
                "under opponent's control|under my opponent's control|is under opponent's control|"
                "theirs|is theirs|is his|is hers|are his|are hers|are theirs", "opponent's")
_add(Tok.OWNED, "( opponents )|( opponent's )|( opps )|( opp's )|( my opponent's )|( his )|( hers )|( theirs )|"
                "( their )|( opponent )|( opp )", "opponent's")  # "Leovold out (opp's)": whose, in brackets
_add(Tok.OWNED, "( mine )|( my )|( me )|( my own )", "my")
_add(Tok.POSS, "opponents|opps", "opponent's")  # "its opps draw step": the possessive without its apostrophe
_add(Tok.POSS, "opponent's|my opponent's|the opponent's|his|their|your|our|hers|theirs|teammate's|"
               "my teammate's|each player's|everyone's")
for _word, _n in NUMBER_WORDS.items():
    if _word not in ("once", "twice", "thrice"):
        _add(Tok.NUMBER, _word, _n)
_add(Tok.EMPTY, "empty|emptied|is empty|are empty|is out of cards|out of cards|has no cards|have no cards|"
                "has no cards left|have no cards left|no cards left|nothing left|zero cards|no more cards", "empty")
_add(Tok.LAST, "last|last card|my last card|their last card|his last card|her last card|the last card", "last")
_add(Tok.STOP, "last turn|previous turn|last time|last game|turn before|turns ago|turn ago", "stop")  # another turn
# "a couple cards left", "a few cards in library": a count said without its number (never a card's name)
_add(Tok.STOP, "a couple|a couple of|couple|couple of|a few|few|several|a handful of|handful of|handful|a bunch of|"
               "bunch of", "stop")
_add(Tok.FILLER, "down to|im down to|i'm down to|is down to|he's down to|she's down to", "filler")
_add(Tok.LEFT, "left|remaining|remain|remains|to go|in it|cards left|card left|cards remaining", "left")
_add(Tok.CARDS, "card|cards|cards in it", "cards")
# "draws an extra card off Howling Mine": one card more than the turn's, a card all the same (not Sylvan Library's
# "take the 2 extra", a longer entry of its own)
_add(Tok.CARDS, "extra card|extra cards|additional card|additional cards|bonus card|bonus cards", "cards")
_add(Tok.ZONE, "library|libraries|deck|decks|lib|the library|the deck", "library")
_add(Tok.ZONE, "hand|hands|the hand|grip", "hand")
_add(Tok.ZONE, "graveyard|graveyards|yard|gy|bin|the graveyard", "graveyard")
_add(Tok.ZONE, "memory", "memory")
_add(Tok.PLACE, "battlefield|the battlefield|on the battlefield|in play|out|board|the board|on board|"
                "on the board|on my board|on my side|on the table|on my battlefield|on the field|in the field|"
                "is out|are out|is in play|are in play|is on the battlefield|are on the battlefield|"
                "on their side|on his side|on her side|on opponent's side|on opponent's board|on their board|"
                "on his board|on her board|out there", "battlefield")
_add(Tok.LIFE, "life|life total|lifes|hp|health|life points", "life")
_add(Tok.AT, "at|on|is at|are at|am at|is on|am on|down to|@", "at")
_add(Tok.TURN, "turn|turns|turn's", "turn")
_add(Tok.FIRST, "first|1st|opening", "first")
for _words, _step in STEP_WORDS.items():
    if _words not in ("draw", "main", "end", "combat", "untap"):
        _add(Tok.STEP, _words, _step)
_add(Tok.STEP, "combat|combat step|beginning of combat|combat phase", "combat")
_add(Tok.STEP, "untap step", "untap")
_add(Tok.STEP, "draw step|draw phase", "draw")
_add(Tok.STEP, "main phase 1|main 1|precombat main|main one|main", "main1")
_add(Tok.STEP, "main phase 2|main 2|postcombat main|second main", "main2")
_add(Tok.SIDE, "on the play|on play", "play")
_add(Tok.SIDE, "on the draw|on draw|went second|go second|goes second|going second|am on the draw|"
               "is on the draw|are on the draw", "draw")
_add(Tok.SIDE, "go first|goes first|went first|going first|start first|started first|play first|plays first|"
               "played first|started the game|start the game|starts the game|am on the play|is on the play|"
               "are on the play|start|starts|started|am starting|is starting|are starting|am first player|"
               "am the first player|am the starting player|is the starting player|is the first player|"
               "is first player|am going first|is going first|are going first", "play")
_add(Tok.OFF, "off|off of|from casting|by casting|thanks to|because of|due to|courtesy of|"
               "by way of", "off")  # "draws a card off Howling Mine": the source of a draw
_add(Tok.MAKES, "makes|made|make|making|lets|let|letting|forces|forced|causes|caused|gives|gave", "makes")
_add(Tok.SPELL, "a spell|a cantrip|an instant|a sorcery|a draw spell|a card draw spell|some spell|a spell of mine|"
                "my spell|my cantrip|his spell|their spell|opponent's spell", "spell")
_add(Tok.OUTCOME, "dead|win|wins|won|lose|loses|lost|die|survive|alive|safe|deck out|decked|decked out|"
                  "draw game|a draw game|out of the game|gain life|gain any life|gains life|take damage|"
                  "takes damage|lose life|loses life|lose any life|go down|live", "outcome")
_add(Tok.FOR_TURN, "for the turn|for turn|for my turn|for his turn|for her turn|for their turn|for the round|"
                   "for their draw|for his draw|for my draw|for the draw", "turn")
_add(Tok.THIS_TURN, "this turn|already this turn|so far this turn|this turn already", "this turn")
_add(Tok.PLAYERS, "players|player|people|pod|pod of|player game|player pod|person pod|seats", "players")
_add(Tok.FORMAT, "2 headed giant|2-headed giant", "two-headed giant")
_add(Tok.FORMAT, "commander|two-headed giant|two headed giant|multiplayer|free-for-all|1v1|two-player|duel|"
                 "two-player game|multiplayer game|commander game")
_add(Tok.HAVE, "have|has|got|has got|have got|control|controls|controlling|with|holding|holds|has a|have a|"
               "has an|have an|running|owns|own", "have")
# told in the past tense ("My library was empty and I controlled Platinum Angel"): the same facts
_add(Tok.HAVE, "had|had a|had an|controlled|held|was holding|were holding|owned|was running|were running", "have")
_add(Tok.BE, "is|are|am|was|were|be|being|'s|is still|it is|it's|its|there is|there are|there's|here is|:",
     "be")
_add(Tok.DRAW, "draw|draws|drawing|would draw|will draw|to draw|go to draw|going to draw|"
               "am drawing|is drawing|are drawing|start to draw|starts to draw|begin to draw|begins to draw|"
               "about to draw|am about to draw|is about to draw", "draw")
_add(Tok.DREW, "after drawing|after i drew|after my draw|after the draw|after drawing my card|after i drew my card|"
               "after drawing a card|after i draw|after he drew|after she drew|after they drew|after his draw|"
               "after her draw|after their draw|after drawing for turn|after his draw step|after my draw step",
     "drew")
_add(Tok.DREW, "drew|have drawn|has drawn|had drawn|already drew|already drawn|did draw|did my draw|"
               "have already drawn|has already drawn|made my draw|took my draw|drew a card|drew my card|drew once|"
               "drawn once|already drew once", "drew")  # "they drew once during their draw step": one card
_add(Tok.ALREADY, "already", "already")
_add(Tok.CAST, "cast|casts|casting|play|plays|playing|played|resolve|resolves|resolving|resolved|fire off|fires off|"
               "fired off|throw|threw|slam|slams|slammed", "cast")  # "cast" is its own past: so are the others
_add(Tok.CAST, "activate|activates|activated|activating", "activate")  # an ability: the verb says which (602)
_add(Tok.CAST, "tap|taps|tapping", "tap")  # "opp taps Jace's Archivist": its ability with {T} in its cost (602)
_add(Tok.DREDGE, "dredge|dredges|dredging|use dredge|uses dredge", "dredge")
_add(Tok.MAY, "may|can|could", "may")
_add(Tok.IN, "in|inside|from|of", "in")
_add(Tok.INTO, "into|in the face of|through|past", "into")  # "Brainstorm into a Spirit of the Labyrinth"
_add(Tok.RESPONSE, "in response to|in response", "response")  # what happens first is said after it
_add(Tok.HAVE, "flash in|flashes in|flashed in|flash|flashes|flashed", "flash")  # before the action resolves
# "... and the first card is X", "with the first card drawn being X"
_add(Tok.TOP, "the first card is|first card is|the first card drawn is|the first card i draw is|the first draw is|"
              "the top card is|top card is|the card on top is|the first one is|the first card drawn being|"
              "the first card being|with the first card drawn being|with the first card being", "top")
_add(Tok.TOP, "on top of|on top|top of|on the top of|at the top of|top card of|is on top of|are on top of|"
              "the top card of|is on top|are on top|is on the top of|is the top card of", "top")
_add(Tok.DURING, "during|at the start of|at the beginning of|in the middle of|in the|the start of|the beginning of|"
                 "start of|beginning of", "during")  # "the start of his turn": a time, never "start" (who went first)
_add(Tok.IT, "it|that|this|that card|this card|them|those", "it")
_add(Tok.SEP, ",|and|but|then|while|+|&|and then|as well as|plus|;|and also|, and|whilst|.|!|?", "sep")
_add(Tok.FILLER, "in response to nothing|with nothing on the stack|(|)|[|]", "filler")
for _verb in ("take", "takes", "draw", "draws", "use", "uses"):  # "take the 2 extra", "draw the additional two"
    for _what in ("extra", "additional"):
        for _mid in ("the {}", "the 2 {}", "the two {}", "2 {}", "two {}", "the {} 2", "the {} two"):
            for _tail in ("", " cards", " draws"):
                _add(Tok.EXTRA, f"{_verb} {_mid.format(_what)}{_tail}", "extra")
_add(Tok.EXTRA, "take both|take them both|take 2|take two|take the 2|take the two|draw them|take them", "extra")
# "I draw for the turn and the two extra", "draw the 2 extra", "take both extras": the two additional cards drawn
_add(Tok.EXTRA, "|".join(f"{verb}{mid}" for verb in ("take ", "draw ", "and ", "takes ", "draws ")
                         for mid in ("the two extra", "the 2 extra", "the extra two", "the extra 2", "both extra",
                                     "both extras", "the extras", "the two extras", "the 2 extras",
                                     "the two extra cards", "the 2 extra cards", "the extra cards", "2 extra",
                                     "two extra", "2 extra cards", "two extra cards")), "extra")
for _verb in ("draw", "take", "use"):  # "i don't draw the extra 2": the ability is not used
    for _no in ("don't", "do not", "dont", "won't", "didn't"):
        for _mid in ("the extra", "the 2 extra", "the two extra", "the extra 2", "the extra two", "the additional",
                     "them", "the extra cards", "the 2 extra cards", "extra"):
            _add(Tok.EXTRA, f"{_no} {_verb} {_mid}", "none")
# "she keeps every card she drew": said of another player, the verbs take an "s" ("keeps", "puts", "pays")
_KEPT = {2: "keep both|keep them both|keep both of them|keep all|keep all of them|keep them all|keep them|"
            "pay for both|pay 8 life|pay eight life|keep the 2|keep the two|keep all three|keep all 3|"
            "keep both extras|keep both extra cards|keep both extra|keep the extras|keep the 2 extra|"
            "keep the two extra|keep the extra cards|keep the extra two|keep the extra 2|keep all 3 cards|"
            "keep all three cards|keep all of the extra cards|keep both of the extra cards|"
            "keep every card|keep all the cards|keep all cards|keep every card {who} drew|"
            "keep all the cards {who} drew|"
            "keep each card|keep each card {who} drew|keep all of the cards",
         1: "keep one|keep 1|keep one of them|pay for one|pay 4 life|pay four life|keep just one|keep 1 extra|"
            "keep one extra|keep 1 extra card|keep one extra card|keep one of the extras|keep one of the extra cards|"
            "put 1 back|put one back|put back one|put one of them back|keep one and put one back|"
            "keep 1 and put 1 back",
         0: "put both back|put them back|put them both back|put both on top|put them on top|put both back on top|"
            "keep none|keep neither|pay nothing|put them both on top|put 2 back|put two back|put the 2 back|"
            "put the two back|put back both|put both extras back|put the extras back|put back the extras|"
            "put back both extras|keep no extra|keep no extra cards|keep neither extra"}
_ING = {"keep": "keeping", "put": "putting"}
for _n, _forms in _KEPT.items():
    for _form in _forms.split("|"):
        _verb, _, _rest = _form.partition(" ")
        for _who in ("i", "he", "she", "they", "we"):
            _add(Tok.KEEP, f"{_verb} {_rest}".format(who=_who), _n)
            _add(Tok.KEEP, f"{_verb}s {_rest}".format(who=_who), _n)
            if _verb in _ING:  # "keeping both", "putting them back"
                _add(Tok.KEEP, f"{_ING[_verb]} {_rest}".format(who=_who), _n)
# "keep all of them paying life": the life a kept card costs (read with the keep); said of anything else (a
# spell's Phyrexian mana, a cost) it changes a life total the reader can't carry out, so it is refused, never skipped
_add(Tok.PAY_LIFE, "paying life|by paying life|paying 4 life each|paying four life each|paying the life|for the life|"
                   "for life|paying 4 life for each|paying 4 life for each card|paying 8 life|paying eight life|"
                   "paying 4 life|paying four life|and pay the life|and paying the life|and pay life", "life")
_add(Tok.PLAYING, "are playing|are playing with|playing with|play with|are in the game|are in the game with|"
                  "are the players|are in this game", "playing")
_add(Tok.TARGET, "targeting|target|targets|targetting|aimed at|pointed at", "target")
_add(Tok.ETB, "enters the battlefield trigger resolving|enters the battlefield trigger resolves|enters the battlefield "
              "trigger|enters the battlefield|enters trigger|enters|etb trigger resolving|trigger resolving|"
              "trigger resolves|enters the battlefield resolving|entering", "enters")
_add(Tok.BESIDES, "besides|apart from|other than|not counting|excluding|except for|aside from|after casting|"
                  "after i cast|after i casted|not including|without counting", "besides")
_add(Tok.MULL, "mulligan to|mulliganed to|mull to|mulled to|mulligan down to|mulliganed down to|mull down to|"
               "mulled down to", "hand")  # "I mulligan to 5": the hand kept holds 5 cards (103.5)
_add(Tok.FILLER, "to not lose|so i don't lose|so i dont lose|so that i don't lose|to avoid losing|to survive|"
                 "to stay alive|to not die|so i don't die|to not deck|to not deck out", "filler")
_add(Tok.FOR, "for|with x =|with x of|with x at", "for")
_add(Tok.FILLER, "for x|with x", "filler")  # "Sphinx's Revelation for X ..., X=3": the value comes later
_add(Tok.ASK, "does|do|did|who|how|what|whats|what's|which|why|gg|is it|is that|will it|will i|will he|"
              "will she|will they|would i|would it|would he|would she|would they|can i|could i|can he|can she|"
              "can they|am i|is he|is she|are they|right|correct|is anyone|is anybody|is someone|anyone|anybody|"
              "someone|somebody", "ask")
_add(Tok.DREW, "haven't drawn|havent drawn|hasn't drawn|hasnt drawn|have not drawn|has not drawn|didn't draw|"
               "did not draw|haven't drawn yet|havent drawn yet|hasn't drawn yet|not drawn yet|haven't drawn a card|"
               "havent drawn a card|hasn't drawn a card|haven't drawn anything|didnt draw|didn't draw yet|"
               "has not drawn yet|have not drawn yet|haven't drawn for the turn|havent drawn for turn", "none")
_add(Tok.PLACE, "on the other side|the other side|other side|on the other board|across the table|on opponent side|"
                "on opponent's side|on the opponent's side|opponent's side|opponent side|on my opponent's side|"
                "on opponent's board|on opponent's battlefield|on opponent board", "other")
_add(Tok.FILLER, "so|ok|okay|um|uh|well|just|only|still|currently|right now|now|basically|like|the|a|an|"
                 "actually|too|here|there|situation|scenario|game|in a game|please|pls|hey|hi|"
                 "my side|right|literally|lol|guys|some|all|both|each|still has|total|size|"
                 "at the moment|atm|rn|btw|tho|ngl|tbf|lmao|lmfao|fwiw|"
                 "friend|buddy|mate|friend's|currently has|sitting|sits|sitting at|"
                 "around|about|regarding|concerning|roughly|approximately|almost|nearly|exactly|own|yet|lol|haha|tbh|imo|"
                 "anyway|anyways|"
                 "yo|judge|also|other|others|hate bear|hatebear|somehow|precarious|huge|big|whole|entire|"
                 "however|meanwhile|moreover|furthermore|therefore|thus|hence|nevertheless|nonetheless",  # links
     "filler")
# "nearly empty", "almost out of cards": near a count, not at it (never read as 0; the reader says so)
_add(Tok.STOP, "|".join(f"{near} {at}" for near in ("almost", "nearly", "practically", "virtually", "basically",
                                                     "pretty much", "close to", "about to be", "mostly")
                        for at in ("empty", "out", "out of cards", "no cards", "zero", "0", "dead", "decked",
                                   "decked out", "at 0", "at zero", "at 1 card")))
_add(Tok.STOP, "not|don't|doesn't|didn't|can't|cannot|won't|never|no longer|if|unless|instead|except|without|"
               "until|before|after|exile|exiles|discard|discards|mill|mills|sacrifice|sacrifices|destroy|"
               "destroys|counter|counters|return|returns|shuffle|shuffles|search|searches|reveal|reveals|look|"
               "looks|copy|copies|block|blocks|attack|attacks|damage|deals|dies|"
               "put|puts|skip|skips|untap|untaps|trigger|triggers|pay|pays|"
               "gain|gains|enter|enters|leave|leaves|cycle|cycles|mulligan|mulligans|mull|choose|chooses|"
               "would|should|must|either|or|x|take|takes|extra|bottom|poison|counter|mana|tutor|using|via|dies|"
               "tapped|untapped|flipped|transformed|copy of|token|tokens|under|over|"
               "each time|whenever|when|first time|second|third|twice|times|more|less|than|half|double", "stop")

# a [[Card]], a number with its sign or power ("-1", "10^100"), a word, a separator, or any other character
# (kept, so that nothing typed is dropped unseen: an unknown symbol stops the parts reader)
for _mech in mechanic_aliases():
    if LEXEMES.get(_mech, (Tok.WORD,))[0] in (Tok.WORD, Tok.STOP):
        _add(Tok.MECH, _mech)
