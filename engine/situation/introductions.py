"""How judges, rules articles and players introduce the players, the teams and the seats, said in the reader's
own words before the story is read.

Why a stage of its own: a judge's quiz opens with the cast of the game ("In a three-player game between Alice,
Bob and Cara, ...", "Alice and Ann are a team against Bob and Ben", "She casts Prosperity in a two-player game
against Bob, who has 3 cards in his library", "Cara sits to Bob's left") and the reader, which reads facts, not
introductions, refused the whole sentence at the first name. Each introduction is a grammar, not a phrase: a list
of players after "between", "against" or "vs"; two pairs of players set against each other (a team each); a
seat said by its side ("to Bob's left": the next player in turn order, 103.1). The stage turns each into the
sentences the reader reads ("Alice, Bob and Cara are playing.", "Alice is on team A"), in the seat order, so
the game's turn order is the order the players were introduced in unless the seats are said: that is said in
the answer either way. A given name typed in lower case ("bob casts prosperity") is a player's name only where
the sentence makes it one: the subject of a player's verb, a possessive before a zone or a turn, or a member of
such a list; a word that is also a common word ("will", "mark", "rose") or a card's word never is.

Teams of two said without the format are asked about (Two-Headed Giant is the team game the engine judges, 810):
a team game of another kind shares neither life nor turns, and a guess would be a confident wrong answer.
"""

from __future__ import annotations

import re

from engine.errors import Clarification, Option
from engine.situation.gender import agreeing, is_given_name

_NAME = r"(?:[A-Z][a-z]{1,23})"
_WHO = rf"(?:{_NAME}|I|me|myself)"
_LIST = rf"{_WHO}(?:, {_WHO})*,? (?:and|&) {_WHO}"
_PAIR = rf"{_WHO} (?:and|&) {_WHO}"
_NOT_NAMES = frozenset({"In", "It", "The", "This", "That", "There", "Then", "What", "How", "Who", "Does", "Do",
                        "Is", "Can", "If", "When", "After", "Before", "During", "On", "At", "A", "An", "Each",
                        "Both", "All", "Everyone", "Nobody", "Team", "Two", "Three", "Four", "Five", "Player",
                        "Players", "My", "Your", "His", "Her", "Their", "Our", "He", "She", "They", "We"})

# a player's verbs, said of one player: "bob casts", "cara has 3 cards", "dan controls X"
_PLAYER_VERBS = (r"casts|cast|has|had|controls|controlled|draws|drew|activates|activated|plays|played|is|was|taps|"
                 r"mills|dredges|resolves|gets|goes|loses|lost|gains|pays|paid|sacrifices|discards|shuffles|wins|"
                 r"won|cracks|flashes|chooses|declines|passes|keeps|mulligans|sits|uses|would|will|can|does|"
                 r"doesn't|doesnt|didn't|didnt|decides|wants|attacks|reveals|puts|looks|holds|kept|took|takes")
_POSSESSED = r"library|libraries|deck|hand|graveyard|yard|gy|turn|life|upkeep|draw|end|main|team|teammate|opponent"

_TEAM_WORDS = (r"(?:are|form) (?:a team|teammates|partners|on a team|on the same team|on one team|"
               r"a team of two)(?: together)?,?(?: (?:playing|who play|and play|and they play))?")
_TEAMS = (
    re.compile(rf"(?P<a>{_PAIR}) {_TEAM_WORDS} (?:against|vs\.?|versus) (?P<b>{_PAIR})"),
    re.compile(rf"(?P<a>{_PAIR}) (?:team up|teamed up|play together|are playing together|play as a team|"
               rf"are playing as a team) (?:against|vs\.?|versus) (?P<b>{_PAIR})"),
    re.compile(rf"(?P<a>{_PAIR}),? (?:vs\.?|versus|v\.?|are playing against|play against|face|are facing|take on|"
               rf"are up against|are against) (?P<b>{_PAIR})"),
    # "Alice and Ann are on one team, Bob and Ben (are) on the other"
    re.compile(rf"(?P<a>{_PAIR}) (?:are )?(?:on|in|form) (?:one|a|the same|the first) team,? (?:and |while )?"
               rf"(?P<b>{_PAIR}) (?:are )?(?:on|in|form) (?:the other|another|the second)(?: team| one)?"),
)
_TWO_HEADED = re.compile(r"two[- ]headed giant|\b2hg\b|2[- ]headed giant", re.I)

# "a three-player game between Alice, Bob and Cara": the players named after "between" (or "among", "with")
_BETWEEN = re.compile(rf"(?P<game>\b(?:game|match|pod|duel))(?:,)? (?:between|among|with) (?P<list>{_LIST})"
                      r"(?=[,.;!?]|$| (?:and|where)\b)")
# "Alice, Bob and Cara are playing Commander": the players, then the game
_PLAYING = re.compile(rf"(?P<list>{_LIST}) (?:are playing|play) (?P<game>(?:an? )?(?:[\w\-]+ ){{0,3}}?(?:commander|"
                      r"two-headed giant|2hg|multiplayer|free-for-all|edh)(?: game)?)(?=[,.;!?]|$)", re.I)
# "Julia and Simon are playing and Julia goes first": the players, then a sentence of its own
_PLAYING_AND = re.compile(rf"^(?P<list>{_LIST}) are playing(?: a game)?(?:,| and|,? so|,? where)+ (?P<rest>.+)$")
# "Alice vs Bob vs Cara", "Alice versus Bob": players set against each other one by one
_VERSUS = re.compile(rf"\b(?P<list>{_WHO}(?: (?:vs\.?|versus) {_WHO})+)\b")
# "(she casts X) in a two-player game against Bob, who has ...": the subject's opponents
_AGAINST = re.compile(rf"(?P<pre>.*?)(?:,? (?:in|during) (?P<game>an? [\w\- ]{{0,30}}?game))?,? (?:playing )?against "
                      rf"(?P<list>{_LIST}|{_WHO})(?P<post>(?:[,.;!?]|(?= who\b)).*|$)")
_SUBJECT = re.compile(rf"^(?:(?:[Ii]n|[Dd]uring) [^,]{{1,40}}, )?(?:(?i:does|do|did|will|would|can|could|is|am) )?"
                      rf"(?P<who>{_WHO}|he|she|they|He|She|They)\b")
_WHO_CLAUSE = re.compile(r"^,? who (?P<rest>[^.!?]*)")

# seats: "Cara sits to Bob's left", "Dan is seated on Alice's right", "turn order is Alice, Bob, Cara"
_SEAT = re.compile(rf"\b(?P<x>{_WHO}) (?:sits|is sitting|is seated|is|sit) (?:to|on|at) (?:the (?P<side1>left|right) "
                   rf"of (?P<y1>{_WHO})|(?P<y2>{_NAME})'s (?P<side2>left|right)|my (?P<side3>left|right))")
_TURN_ORDER = re.compile(rf"\b(?i:(?:the )?(?:turn order|seating order|seat order)(?: is|:| goes)?) "
                         rf"(?P<list>{_WHO}(?:(?:, | then |, then | -> | → ){_WHO})+(?:,? (?:and|then) {_WHO})?)")

# what is left of a sentence whose seats were taken out: its joining words ("... and ...")
_LEFT_OVER = re.compile(r"^(?:\s*(?:,|\band\b|\bthen\b)\s*)+(?=[.!?]?$)|(?:\s*(?:,|\band\b|\bthen\b))+\s*(?=[.!?]$)")

# "my friend Bob has Notion Thief", "my opponent Cara casts": the player is named; the words before the name say
# who they are to the asker and nothing a draw depends on (a teammate's name is kept with its team: not here)
_APPOSITIVE = re.compile(rf"\b(?i:my|our) (?i:friend|buddy|mate|pal|opponent|opp|oppo),? (?P<name>{_NAME})\b")

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def introduced(text: str, said: list[str], card_words: frozenset[str] = frozenset(),
               unformatted: list[str] | None = None) -> str:
    """``text`` with its introductions of players, teams and seats said in the reader's words; what was
    assumed (the turn order) appended to ``said``; teams said without their format appended to ``unformatted``
    (the reader asks, ``ask_team_format``). A word of a card's name is never read as a player: a text whose
    introduction would name one is left as it was."""
    text = _APPOSITIVE.sub(r"\g<name>", _given_names(text, card_words))
    sentences = [s for s in _SENTENCE.split(text) if s]
    seats: list[str] = []
    teams: dict[str, str] = {}
    seat_said = False
    out: list[str] = []
    for sentence in sentences:
        sentence = _read_teams(sentence, teams, seats)
        sentence, seat_said = _read_seats(sentence, seats, seat_said)
        sentence = _read_between(sentence, seats)
        out.extend(_read_against(sentence, seats))
    if out == sentences or any(name.lower() in card_words for name in seats):
        return text
    if teams and not _TWO_HEADED.search(text) and unformatted is not None:
        unformatted.append(", ".join(teams))
    text = " ".join(s for s in out if s.strip(" .,"))
    if teams:
        text = _team_possessives(text, teams)
    if len(seats) >= 2 and not teams:
        text = f"{_said_list(seats)} are playing. {text}"
        if seat_said:
            said.append("the seats said give the turn order (103.1: the turn passes to the player on the left)")
    return text


# --------------------------------------------------------------------------- names typed in lower case

_COMMON = frozenset({"will", "mark", "bill", "rob", "jack", "rose", "grace", "eve", "holly", "daisy", "frank", "nick",
                     "harry", "amber", "lily", "carol", "ken", "don", "sue", "ray", "art", "pat", "joy", "may",
                     "june", "dawn", "faith", "hope", "gene", "guy", "max", "chase", "lee", "sean", "ed", "tim",
                     "grant", "miles", "rex", "glen", "dale", "wade", "dean", "jade", "ruby", "ivy", "opal", "hazel",
                     "iris", "violet", "willow", "faye", "stella", "luna", "flora", "bea", "norma", "nell"})


def _given_names(text: str, card_words: frozenset[str]) -> str:
    """A common given name in lower case is a player's where the sentence makes it one: "bob casts", "bob's
    library", "between alice and bob"."""
    def cap(m: re.Match[str]) -> str:
        word = m.group("w")
        player = is_given_name(word) and word not in _COMMON and word not in card_words
        return word.capitalize() if player else word

    text = re.sub(rf"\b(?P<w>[a-z]{{2,12}})\b(?=(?:'s (?:{_POSSESSED})\b| (?:{_PLAYER_VERBS})\b))", cap, text)
    text = re.sub(r"(?:^|(?<=[.!?] )|(?<=\bbetween )|(?<=\bagainst )|(?<=\bvs )|(?<=\bversus )|(?<=, )"
                  r"|(?<=\band ))(?P<w>[a-z]{2,12})\b(?=,| and\b| vs\b| versus\b| are\b|[.;!?]|$)", cap, text)
    made = {w.lower() for w in re.findall(r"\b[A-Z][a-z]{1,11}\b", text)
            if is_given_name(w) and w.lower() not in _COMMON and w.lower() not in card_words}
    if not made:
        return text  # no name made a player's: nothing to capitalise elsewhere (a pass over every word saved)
    # a given name the text makes a player's is that player's everywhere ("targeting bob", "does bob lose")
    return re.sub(r"\b[a-z]{2,12}\b", lambda m: m.group(0).capitalize() if m.group(0) in made else m.group(0), text)


# --------------------------------------------------------------------------- lists of players

def _names(words: str) -> list[str]:
    found = re.findall(_WHO, words)
    return [("I" if w in ("me", "myself") else w) for w in found if w not in _NOT_NAMES]


def _add(seats: list[str], names: list[str]) -> None:
    for name in names:
        if name not in seats:
            seats.append(name)


def _said_list(names: list[str]) -> str:
    words = ["me" if n == "I" else n for n in names]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _read_between(sentence: str, seats: list[str]) -> str:
    """ "In a three-player game between Alice, Bob and Cara, Alice controls X": the players, then the rest."""
    m = _BETWEEN.search(sentence)
    if m is not None and len(_names(m.group("list"))) >= 2:
        _add(seats, _names(m.group("list")))
        sentence = sentence[:m.end("game")] + sentence[m.end():]
    m = _PLAYING_AND.match(sentence)
    if m is not None and len(_names(m.group("list"))) >= 2:
        _add(seats, _names(m.group("list")))
        rest = m.group("rest")
        sentence = f"{rest[:1].upper()}{rest[1:]}"
    m = _PLAYING.search(sentence)
    if m is not None and len(_names(m.group("list"))) >= 2:
        _add(seats, _names(m.group("list")))
        sentence = f"{sentence[:m.start()]}It is {m.group('game')}{sentence[m.end():]}"
    m = _VERSUS.search(sentence)
    if m is not None and len(_names(m.group("list"))) >= 2:
        _add(seats, _names(m.group("list")))
        sentence = (sentence[:m.start()] + sentence[m.end():]).strip(" ,")
    return sentence


def _read_against(sentence: str, seats: list[str]) -> list[str]:
    """ "She casts Prosperity in a two-player game against Bob, who has 3 cards in his library": the sentence
    without the introduction, the game said apart, the subject and the players it is against as players, and the
    relative clause as the named player's own sentence."""
    m = _AGAINST.fullmatch(sentence)
    subject = _SUBJECT.match(sentence)
    if m is None or subject is None or not _names(m.group("list")):
        return [sentence]
    who = subject.group("who")
    if who in _NOT_NAMES and who.lower() not in ("he", "she", "they"):
        return [sentence]  # "Does Bob lose against ...": a question, no introduction
    others = _names(m.group("list"))
    pre, post = m.group("pre").strip(" ,"), m.group("post")
    out = [f"It is {m.group('game')}."] if m.group("game") else []
    bare = re.fullmatch(rf"{re.escape(who)}(?:'m| am| is| are)?(?: playing| in| up| going| going up)?"
                        r"(?: (?P<game>an? [\w\- ]{0,30}?(?:game|1v1|duel)))?", pre, re.I)
    if bare is not None and bare.group("game"):
        out.append(f"It is {bare.group('game')}.")
    if pre and not bare:  # a question keeps its mark ("does Bob lose against Alice?")
        out.append(pre + ("?" if post.strip().startswith("?") else "."))
    player = "I" if who.lower() in ("i", "me", "myself") else who
    if player in ("I",) or player[:1].isupper() and player not in _NOT_NAMES:
        _add(seats, [player])
    _add(seats, others)
    out.append(f"{_said_list([player, *others])} are playing.")
    relative = _WHO_CLAUSE.match(post)
    if relative is not None and len(others) == 1:
        out.append(f"{others[0]} {relative.group('rest').strip()}.")
    elif post.strip(" ."):
        out.append(post.strip(" ,") + ("" if post.rstrip().endswith((".", "?", "!")) else "."))
    return out


# --------------------------------------------------------------------------- seats

def _read_seats(sentence: str, seats: list[str], said: bool) -> tuple[str, bool]:
    """ "Turn order is Alice, Bob, Cara"; "Cara sits to Bob's left": the next player in turn order is the one to a
    player's left (103.1: play passes clockwise)."""
    m = _TURN_ORDER.search(sentence)
    if m is not None:
        names = _names(m.group("list"))
        seats[:] = names + [s for s in seats if s not in names]
        return (sentence[:m.start()] + sentence[m.end():]).strip(" ,"), True
    seated = False
    for m in list(_SEAT.finditer(sentence)):
        x = _names(m.group("x"))
        y = "I" if m.group("side3") else m.group("y1") or m.group("y2")
        y = "I" if y in ("me", "myself") else y
        side = m.group("side1") or m.group("side2") or m.group("side3")
        if not x or y is None:
            continue
        _seat(seats, x[0], y, side == "left")
        sentence, said, seated = sentence.replace(m.group(0), "", 1), True, True
    return (_LEFT_OVER.sub("", sentence).strip(" ,") if seated else sentence), said


def _seat(seats: list[str], x: str, y: str, left: bool) -> None:
    if y not in seats:
        seats.append(y)
    if x in seats:
        seats.remove(x)
    at = seats.index(y)
    seats.insert(at + 1 if left else at, x)


# --------------------------------------------------------------------------- teams

def _read_teams(sentence: str, teams: dict[str, str], seats: list[str]) -> str:
    """ "Alice and Ann are a team against Bob and Ben", "Alice and I vs Bob and Ben": a team each."""
    for rx in _TEAMS:
        m = rx.search(sentence)
        if m is None:
            continue
        facts = []
        for pair, team in ((m.group("a"), "A"), (m.group("b"), "B")):
            for name in _names(pair):
                teams[name] = team
                facts.append(f"{'I am' if name == 'I' else name + ' is'} on team {team}")
        _add(seats, list(teams))
        rest = re.sub(r"^(?:\s*(?:,|and|then|so))+\s*", "", sentence[m.end():])
        head = sentence[:m.start()].strip(" ,:")
        said = (f"{head}. " if head else "") + ", ".join(facts)  # "In a game of 2HG, ...": the game said apart
        if rest.strip(" .!?"):  # "..., and Hana's team goes first": a sentence of its own
            return f"{said}. {rest[:1].upper()}{rest[1:]}"
        return said + rest
    return sentence


def _team_possessives(text: str, teams: dict[str, str]) -> str:
    """ "Alice's team plays first" is Alice's side (the team shares its turns, 805.1); "her team's first turn",
    when every player "her" can stand for is on one team, is that team's first player's."""
    named = [n for n in teams if n != "I"]

    def pronoun(m: re.Match[str]) -> str:
        could = agreeing(m.group("p"), named)
        sides = {teams[n] for n in could}
        if len(sides) != 1:
            return m.group(0)
        before = text[:m.start()]  # the nearest of them named before the pronoun ("does Emma draw ... her team's")
        nearest = max(could, key=lambda n: before.rfind(n))
        return nearest + ("'s" if m.group("s") else "")

    text = re.sub(r"\b(?:our|my) team's\b", "my", text)  # the asker's team's turn is the asker's (805.1)
    text = re.sub(r"\b(?P<p>her|his|their) team(?P<s>'s)?(?= (?:first |second |next )?(?:turn|draw step|upkeep)"
                  r"| (?:plays|goes|is|starts|went|played))", pronoun, text)
    return re.sub(rf"\b(?P<n>{_NAME})'s team(?P<s>'s)?\b",
                  lambda m: m.group("n") + ("'s" if m.group("s") else "") if m.group("n") in teams else m.group(0),
                  text)


def ask_team_format(text: str) -> Clarification:
    """Teams said, the format not: asked, with the one team game the engine judges as the option (the whole text
    the player typed, with the format said before it)."""
    return Clarification(
        "Teams of two: is this a Two-Headed Giant game? It is the team game I can judge (810: a team shares its "
        "turns and its life total); another team game shares neither.",
        [Option("Two-Headed Giant", f"It is a Two-Headed Giant game. {text}")],
        "teams",
    )

