from quizzes.models.appeals import Appeal
from quizzes.models.bank import Question, QuestionKind, Topic
from quizzes.models.certification import Certificate, CertificationLevel, LevelRequirement
from quizzes.models.committee import QuestionReport, RetiredTemplate, WithdrawnTemplate
from quizzes.models.exams import (
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    ReviewPolicy,
    VariantJob,
    WrittenReview,
)
from quizzes.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.models.practice import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.models.review import (
    AuditEntry,
    Invitation,
    Notification,
    QuestionCorrection,
    Review,
    ReviewerRole,
)
from quizzes.models.workbench import WorkbenchStory

__all__ = [
    "Appeal",
    "Attempt",
    "AttemptItem",
    "AuditEntry",
    "BankSeed",
    "Certificate",
    "CertificationLevel",
    "ExamAssignment",
    "ExamBlueprint",
    "ExamVariant",
    "Invitation",
    "LevelRequirement",
    "Notification",
    "PoolSnapshot",
    "PracticeAnswer",
    "PracticeSession",
    "Question",
    "QuestionCorrection",
    "QuestionKind",
    "QuestionPool",
    "QuestionReport",
    "RetiredTemplate",
    "Review",
    "ReviewPolicy",
    "ReviewerRole",
    "Topic",
    "TopicMastery",
    "VariantJob",
    "WithdrawnTemplate",
    "WorkbenchStory",
    "WrittenReview",
]
