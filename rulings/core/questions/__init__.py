"""Scenario questions generated from templates and keyed by the rulings engine (stdlib only).

See docs/questions.md.
"""

from rulings.core.questions.build import build_question, offers_kind, remedy_asked
from rulings.core.questions.coverage import coverage, run_coverage
from rulings.core.questions.errors import KindUnavailable, QuestionError
from rulings.core.questions.generate import generate_questions, run_generate
from rulings.core.questions.model import KINDS, KeyParts, Option, Question, WrongPart
from rulings.core.questions.template import Template
from rulings.core.questions.templates import all_templates, all_topics, templates
from rulings.core.questions.topics import topic_name
from rulings.core.questions.whatif import Fact, Variant, deciding_facts, what_if

__all__ = [
    "KINDS",
    "Fact",
    "KeyParts",
    "KindUnavailable",
    "Option",
    "Question",
    "QuestionError",
    "Template",
    "Variant",
    "WrongPart",
    "all_templates",
    "all_topics",
    "build_question",
    "coverage",
    "deciding_facts",
    "generate_questions",
    "offers_kind",
    "remedy_asked",
    "run_coverage",
    "run_generate",
    "templates",
    "topic_name",
    "what_if",
]
