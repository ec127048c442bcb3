"""``python -m engine.situation --reference`` prints the README's table of the language."""

import sys

from engine.situation.reference import reference_markdown

if "--reference" in sys.argv:
    print(reference_markdown())
