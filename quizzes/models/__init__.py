from quizzes.models.bank import Question, QuestionKind, Topic
from quizzes.models.certification import Certificate, CertificationLevel
from quizzes.models.exams import (
    Appeal,
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ReviewPolicy,
)
from quizzes.models.practice import PracticeAnswer, TopicMastery
from quizzes.models.review import (
    AuditEntry,
    Invitation,
    Notification,
    QuestionCorrection,
    Review,
    ReviewerRole,
)

__all__ = [
    "Appeal",
    "Attempt",
    "AttemptItem",
    "AuditEntry",
    "Certificate",
    "CertificationLevel",
    "ExamAssignment",
    "ExamBlueprint",
    "Invitation",
    "Notification",
    "PracticeAnswer",
    "Question",
    "QuestionCorrection",
    "QuestionKind",
    "Review",
    "ReviewPolicy",
    "ReviewerRole",
    "Topic",
    "TopicMastery",
]
