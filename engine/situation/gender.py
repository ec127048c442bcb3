"""Pronoun agreement: "he"/"his" stands for a player with a man's given name, "she"/"her" for a woman's.

Why: judges write exam questions with named players ("Alice controls Notion Thief. Bob, with two cards in his
library, casts Prosperity"), and the reader, which knew no one's gender, asked "Whose is “his”?" on each of them.
English pronouns agree in gender with the name they stand for, so among the candidates a pronoun could mean, the
ones whose given name is of the other gender are struck out. The tables hold only common given names that are
clearly one gender; any candidate not in them (an unusual or unisex name, "Opponent", "Player 2", the asker) is
never struck out, so a pronoun that could still be two players is asked about as before: agreement narrows,
it never guesses. "they"/"their" agree with anyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum


class Gender(Enum):
    MASCULINE = "masculine"
    FEMININE = "feminine"


PRONOUN_GENDER: dict[str, Gender] = {
    "he": Gender.MASCULINE, "him": Gender.MASCULINE, "his": Gender.MASCULINE, "himself": Gender.MASCULINE,
    "she": Gender.FEMININE, "her": Gender.FEMININE, "hers": Gender.FEMININE, "herself": Gender.FEMININE,
}

_MASCULINE_NAMES = frozenset("""
aaron abe adam adrian alan albert alexander andrew anthony arthur ben benjamin bill billy bob bobby brad
brandon brian bruce carl carlos charles christopher colin craig daniel dave david dennis derek don donald doug
douglas dylan ed eddie edward eric ethan frank fred gary george gerald greg gregory harry henry ian isaac jack
jacob jake james jason jeff jeffrey jeremy jerry jim jimmy joe joel john jon jonathan jose joseph josh joshua
juan justin keith ken kevin kyle larry luke marc mark martin matt matthew michael mike nathan nick nicholas
noah oliver oscar patrick paul peter phil philip ralph raymond richard rick rob robert roger ron ryan scott
sean simon stephen steve steven ted thomas tim timothy todd tom tony trevor victor walter wayne william zach
alfred andre andy angus anton antonio axel barry bart basil ben bernard bert boris brett bryan caleb calvin
carter cedric chad clark clint cole connor cyril dale damian dan danny darren dean dexter diego dominic duncan
dustin edgar edwin elijah elliot emil emilio enrique erik ernest evan felix fernando finn floyd francis franco
gabriel gavin gilbert glen gordon graham grant hans harold harvey hector herbert howard hugo igor ivan jasper
javier jeremiah jesse joel julian karl kenneth kurt lars leo leon leonard lewis liam lionel logan lorenzo
louis lucas luis malcolm manuel marco marcus mario marvin mason maurice max miguel miles milo mitch mohammed
nathaniel neil nigel norman olaf omar otto owen pablo pedro percy pete pierre quentin rafael randy raul reggie
rex ricardo rodney roland roman ross rudy rupert russell samuel sebastian sergei seth silas spencer stan
stanley stefan stuart theo tobias travis tyler ulrich vance vernon vincent vlad wade warren wes wesley wilbur
xavier yusuf zane
""".split())

_FEMININE_NAMES = frozenset("""
abby abigail ada alice alicia amanda amber amy ana andrea angela ann anna anne annie barbara beth betty brenda
carol caroline carrie catherine charlotte cheryl christina christine claire cynthia daisy deborah debra denise
diana diane donna dorothy eleanor elizabeth ella ellen emily emma erin eva eve fiona grace hannah heather
helen holly irene isabel jane janet jennifer jenny jessica jill joan julia julie karen kate katherine kathy
laura lauren linda lisa lily lucy lydia maria marie martha mary megan melissa mia michelle monica nadia nancy
natalie nicole nina nora olivia pamela patricia paula rachel rebecca rose ruth sally sandra sara sarah sharon
sophia sophie stephanie susan teresa tina vanessa victoria wendy zoe agnes alexandra alison alma amelia anita
april astrid audrey ava beatrice bea bella bethany bianca bonnie brittany camila carla carmen cassandra
cecilia celia chloe clara clarissa cora daphne delia diane dora edith elena elisa eliza elsa emilia esther
eunice evelyn faye flora frances freya gemma georgia gina gloria greta gwen harriet hazel hilda ida ingrid
iris isla ivy jade jasmine joanna jocelyn josephine joy judith june kara katie kayla kira lara leah leila lena
lila lina liz lois lola lorna louise luna mabel madeline maggie mandy marcia margaret marge marina marion
marta maud maya mildred miranda molly muriel naomi nell nellie noelle norma olga opal paige pam penelope petra
phoebe polly priya rita rosa rosie roxanne ruby sabrina selena sienna sofia stella sylvia tamara tanya tess
thea ursula uma valerie vera veronica viola violet vivian wanda willow yasmin yvonne zara
""".split())


def name_gender(name: str) -> Gender | None:
    """The gender of a player's given name, when the tables know it as clearly one."""
    first = name.strip().split(" ")[0].lower() if name.strip() else ""
    if first in _MASCULINE_NAMES:
        return Gender.MASCULINE
    if first in _FEMININE_NAMES:
        return Gender.FEMININE
    return None


def agreeing(word: str, candidates: Sequence[str]) -> list[str]:
    """The candidates ``word`` can stand for by gender: each but those whose name is known to be of the other
    gender (all of them for "they", "their" and any word that is no gendered pronoun)."""
    wanted = PRONOUN_GENDER.get(word.lower())
    if wanted is None:
        return list(candidates)
    return [c for c in candidates if name_gender(c) in (None, wanted)]


def is_given_name(word: str) -> bool:
    """A common given name the tables know (in any case): "bob casts" may name a player."""
    return word.lower() in _MASCULINE_NAMES or word.lower() in _FEMININE_NAMES
