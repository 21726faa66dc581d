from quizzes.models.bank import Question, QuestionKind, Topic
from quizzes.models.certification import Certificate, CertificationLevel
from quizzes.models.exams import (
    Appeal,
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    ExamVariantItem,
    ReviewPolicy,
    VariantJob,
)
from quizzes.models.practice import PracticeAnswer, TopicMastery

__all__ = [
    "Appeal",
    "Attempt",
    "AttemptItem",
    "Certificate",
    "CertificationLevel",
    "ExamAssignment",
    "ExamBlueprint",
    "ExamVariant",
    "ExamVariantItem",
    "PracticeAnswer",
    "Question",
    "QuestionKind",
    "ReviewPolicy",
    "Topic",
    "TopicMastery",
    "VariantJob",
]
