from quizzes.bank.models.pools import BankSeed, PoolSnapshot, QuestionPool
from quizzes.bank.models.questions import Question, QuestionKind, Topic
from quizzes.bank.models.reports import QuestionReport, RetiredTemplate, WithdrawnTemplate
from quizzes.certification.models import Certificate, CertificationLevel, LevelRequirement
from quizzes.exams.models.exams import (
    Attempt,
    AttemptItem,
    ExamAssignment,
    ExamBlueprint,
    ExamVariant,
    ReviewPolicy,
    VariantJob,
    WrittenReview,
)
from quizzes.practice.models import PracticeAnswer, PracticeSession, TopicMastery
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import (
    AuditEntry,
    Invitation,
    Notification,
    QuestionCorrection,
    Review,
    ReviewerRole,
)
from quizzes.workbench.models import WorkbenchStory

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
