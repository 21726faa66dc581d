from quizzes.models.bank import Question, QuestionKind, Topic
from quizzes.models.certification import Certificate, CertificationLevel, LevelRequirement
from quizzes.models.committee import QuestionReport, WithdrawnTemplate
from quizzes.models.exams import (
    Appeal,
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ReviewPolicy,
)
from quizzes.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.models.practice import PracticeAnswer, TopicMastery

__all__ = [
    "Appeal",
    "Attempt",
    "AttemptItem",
    "BankSeed",
    "Certificate",
    "CertificationLevel",
    "ExamAssignment",
    "ExamBlueprint",
    "LevelRequirement",
    "PoolSnapshot",
    "PracticeAnswer",
    "Question",
    "QuestionKind",
    "QuestionPool",
    "QuestionReport",
    "ReviewPolicy",
    "Topic",
    "TopicMastery",
    "WithdrawnTemplate",
]
