"""The languages of the sentences (narration, the checker's verdicts, the starter's comments).

Its own module so that the command line's parser can offer them without importing the narration
(which imports the solvers, and numpy with them).
"""

LANGS = ("en", "zh")
