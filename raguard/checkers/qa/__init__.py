"""The question-shape checkers, built for short factoid answers to a question.

They read the question's shape: "A or B?" (choices), "Who was born first, A or B?" and "A is
older than B" (comparisons), "Are A and B both ...?" (sameness), "Who ...?" / "How many ...?"
(unanswered). Each leaves alone answers over about 300 characters, so on long-form answers
(summaries, reports) they rarely fire; they stay in the default checker list (the ``qa``
profile, see :data:`raguard.checkers.PROFILES`) until measurements say otherwise.
"""

from raguard.checkers.qa.choices import ChoicesChecker
from raguard.checkers.qa.comparisons import ComparisonsChecker
from raguard.checkers.qa.sameness import SamenessChecker
from raguard.checkers.qa.unanswered import UnansweredChecker

#: Registry names of the question-shape checkers.
QA_CHECKERS: tuple[str, ...] = ("comparisons", "choices", "sameness", "unanswered")

__all__ = ["ChoicesChecker", "ComparisonsChecker", "SamenessChecker", "UnansweredChecker", "QA_CHECKERS"]
