"""Mentor API: the review queue, appeals and cohort progress, as on the mentor pages.

Mentors see only their own cohorts' candidates, the committee everyone; candidates get 403.
Percentages are whole numbers from 0 to 100, as on the pages.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from judgetrain.accounts.models import Cohort
from judgetrain.errors import ApplicationError
from judgetrain.parsers import LARGE_BODY, TEXT_BODY, JSONParser
from judgetrain.permissions import require_permission
from judgetrain.typing import AuthenticatedRequest
from quizzes import access
from quizzes.cohorts import selectors as cohort_reads
from quizzes.grading import citations_from_ruling, question_key
from quizzes.review import selectors as reads
from quizzes.review.models.appeals import Appeal
from quizzes.review.models.review import AuditEntry, QuestionCorrection, Review
from quizzes.review.services import appeals, review
from quizzes.review.services.regrade import ManualChoice
from rulings.grading import read_reason

MENTOR = (IsAuthenticated, require_permission("accounts.mentor_candidates"))
CANDIDATE = (IsAuthenticated, require_permission("accounts.practise"))


def _percent(value: float | None) -> int | None:
    return None if value is None else round(value * 100)


def _audit(entries: list[AuditEntry]) -> list[dict[str, Any]]:
    return [
        {
            "at": entry.created_at,
            "by": str(entry.actor) if entry.actor else None,
            "role": entry.role or None,
            "action": entry.action,
            "before": entry.before,
            "after": entry.after,
            "reason": entry.reason,
        }
        for entry in entries
    ]


# --- review queue ------------------------------------------------------------------------


class ReviewRowSerializer(serializers.Serializer[Review]):
    id = serializers.IntegerField()
    source = serializers.CharField(help_text="exam or practice")  # type: ignore[assignment]
    status = serializers.CharField()
    cause = serializers.ChoiceField(
        choices=Review.Cause.choices,
        help_text="why it is reviewed: flagged by the grader, a borderline attempt, or an exam "
        "that reviews every written answer",
    )
    candidate = serializers.SerializerMethodField()
    exam = serializers.SerializerMethodField()
    position = serializers.SerializerMethodField()
    grader_score_percent = serializers.SerializerMethodField()
    score_percent = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()
    decided_role = serializers.CharField()
    created_at = serializers.DateTimeField()

    def get_candidate(self, obj: Review) -> dict[str, Any]:
        return {"id": obj.candidate_id, "name": str(obj.candidate), "email": obj.candidate.email}

    def get_exam(self, obj: Review) -> str | None:
        return obj.item.attempt.assignment.blueprint.name if obj.item else None

    def get_position(self, obj: Review) -> int | None:
        return obj.item.position if obj.item else None

    def get_grader_score_percent(self, obj: Review) -> int | None:
        return _percent(obj.grading()[1])

    def get_score_percent(self, obj: Review) -> int | None:
        return _percent(obj.score)

    def get_decided_by(self, obj: Review) -> str | None:
        return str(obj.decided_by) if obj.decided_by else None


class PartDecisionSerializer(serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=["accept", "override"])
    percent = serializers.IntegerField(min_value=0, max_value=100, required=False, allow_null=True)
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class ReviewDecideSerializer(serializers.Serializer[Any]):
    parts = serializers.DictField(
        child=PartDecisionSerializer(),
        help_text='Per part ("infraction", "penalty", "remedy", or "answer" when the grading '
        "has no parts): accept, or override with a percent (0-100) and a reason.",
    )


def _visible_review(request: AuthenticatedRequest, review_id: int) -> Review:
    found = reads.review_visible(user=request.user, review_id=review_id)
    if found is None:
        raise Http404("No such review.")
    return found


class ReviewListView(APIView):
    permission_classes = MENTOR

    @extend_schema(
        parameters=[OpenApiParameter("status", enum=["pending", "decided"], required=False)],
        responses=ReviewRowSerializer(many=True),
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        """Flagged gradings of your candidates (all candidates for the committee)."""
        if request.query_params.get("status") == "decided":
            rows = reads.reviews_decided(user=request.user)[:200]
        else:
            rows = reads.review_queue(user=request.user)
        return Response(ReviewRowSerializer(rows, many=True).data)  # type: ignore[arg-type]


def _reasons(grade: dict[str, Any]) -> list[dict[str, Any]]:
    """Each of the grading's review reasons as stored, with the part it is about, its code
    and the ids it names (`rulings.grading.read_reason`); part and code are null, ids
    empty, for a text this grader never writes (one an older grader stored)."""
    found = []
    for text in grade.get("review_reasons") or []:
        read = read_reason(text)
        found.append(
            {
                "text": text,
                "part": read.part if read else None,
                "code": read.code if read else None,
                "ids": read.ids if read else {},
            }
        )
    return found


def _review_detail(found: Review) -> dict[str, Any]:
    answer = found.answer()
    question = answer.question
    grade, _score = found.grading()
    return {
        **ReviewRowSerializer(found).data,
        "question": {"stem": question.stem, "kind": question.kind, "language": question.language},
        "response": answer.response,
        "grade": grade,
        "reasons": _reasons(grade),
        "parts": {
            name: {"grader_percent": part["grader_percent"], "correct": part.get("correct")}
            for name, part in review.review_parts(found).items()
        },
        "decision": found.parts,
        "key": question_key(question),
        "citations": citations_from_ruling(question.ruling),
        "explanation": question.explanation,
        "audit": _audit(reads.review_audit(review=found)),
    }


class ReviewDetailView(APIView):
    permission_classes = MENTOR

    @extend_schema(
        responses={
            200: OpenApiResponse(
                description="The answer, evidence, why it was flagged (`reasons`), key."
            )
        }
    )
    def get(self, request: AuthenticatedRequest, review_id: int) -> Response:
        """The answer, the evidence the grader matched (`grade`: each part's rule and named
        doubt beside it), why it was flagged (each reason's text, part, code and ids), the
        key, its citations, the history."""
        return Response(_review_detail(_visible_review(request, review_id)))


class ReviewDecideView(APIView):
    permission_classes = MENTOR
    parser_classes = (JSONParser,)
    max_body_bytes = LARGE_BODY  # a reason of up to 2,000 characters for each of three parts

    @extend_schema(
        request=ReviewDecideSerializer,
        responses={
            200: OpenApiResponse(description="The review with its decision."),
            400: OpenApiResponse(description="A part missing, a bad score or no reason."),
        },
    )
    def post(self, request: AuthenticatedRequest, review_id: int) -> Response:
        """Accept or override each part; every change is kept in the audit log."""
        found = _visible_review(request, review_id)
        data = ReviewDecideSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        decisions = {
            name: review.PartDecision(
                override=part["decision"] == "override",
                percent=part.get("percent"),
                reason=part.get("reason", ""),
            )
            for name, part in data.validated_data["parts"].items()
        }
        review.review_decide(review=found, by=request.user, decisions=decisions)
        return Response(_review_detail(_visible_review(request, review_id)))


# --- appeals -----------------------------------------------------------------------------


class AppealRowSerializer(serializers.Serializer[Appeal]):
    id = serializers.IntegerField()
    status = serializers.CharField()
    comment = serializers.CharField()
    candidate = serializers.SerializerMethodField()
    exam = serializers.CharField(source="item.attempt.assignment.blueprint.name")
    attempt = serializers.IntegerField(source="item.attempt_id")
    position = serializers.IntegerField(source="item.position")
    resolution = serializers.CharField()
    resolved_by = serializers.SerializerMethodField()
    resolved_level = serializers.CharField()
    mentor_status = serializers.CharField()
    mentor_resolution = serializers.CharField()
    contest_comment = serializers.CharField()
    created_at = serializers.DateTimeField()

    def get_candidate(self, obj: Appeal) -> dict[str, Any]:
        candidate = obj.item.attempt.candidate
        return {"id": candidate.pk, "name": str(candidate), "email": candidate.email}

    def get_resolved_by(self, obj: Appeal) -> str | None:
        return str(obj.resolved_by) if obj.resolved_by else None


class AppealDecideSerializer(serializers.Serializer[Any]):
    decision = serializers.ChoiceField(choices=["uphold", "reject"])
    reason = serializers.CharField(max_length=4000)
    percent = serializers.IntegerField(
        min_value=0, max_value=100, required=False, allow_null=True,
        help_text="The answer's new score when upholding (0-100).",
    )  # fmt: skip
    key_action = serializers.ChoiceField(
        choices=QuestionCorrection.Action.values,
        required=False,
        help_text="Committee only: withdraw the question, or correct its key, for everyone. "
        "The regrade then decides the appeal: upheld if the corrected key agrees with this "
        "answer on a part it changes, or the answer gains by it, whatever the decision says.",
    )
    infraction = serializers.CharField(required=False, max_length=60, default="")
    penalty = serializers.CharField(required=False, max_length=30, default="")
    remedy = serializers.CharField(required=False, max_length=60, default="")
    regrade_manual = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        default=list,
        max_length=10_000,
        help_text="With key_action correct: the attempts whose grade set by hand (a mentor's "
        "review or an appeal decision) gives way to the regrade. Every other one is kept.",
    )
    regrade_all_manual = serializers.BooleanField(
        required=False,
        default=False,
        help_text="With key_action correct: every grade set by hand gives way to the regrade.",
    )
    preview = serializers.BooleanField(
        required=False,
        default=False,
        help_text="With key_action: apply nothing, answer what would change and its token.",
    )
    confirm = serializers.CharField(
        required=False,
        default="",
        max_length=128,
        help_text="With key_action: the token of the preview being confirmed. Without it, or "
        "if anything changed since that preview, nothing is applied: 409 with the current "
        "preview.",
    )


class CorrectionChangeSerializer(serializers.Serializer[Any]):
    attempt = serializers.IntegerField()
    candidate = serializers.CharField()
    exam = serializers.CharField()
    score_before = serializers.FloatField(allow_null=True, help_text="From 0 to 1.")
    score_after = serializers.FloatField(allow_null=True, help_text="From 0 to 1.")
    passed_before = serializers.BooleanField(allow_null=True)
    passed_after = serializers.BooleanField(allow_null=True)


class CorrectionPreviewSerializer(serializers.Serializer[Any]):
    changes = CorrectionChangeSerializer(
        many=True, help_text="Every graded attempt holding the question, before and after."
    )
    outcome_changed = serializers.ListField(
        child=serializers.IntegerField(), help_text="The attempts whose pass or fail changes."
    )
    manual_grades = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The attempts whose answer a person graded by hand: their change row has "
        "manual_score, regrade_score, unread_parts and manual_kept.",
    )
    token = serializers.CharField(help_text="Send it back as confirm to apply this outcome.")


class PreviewRefusalSerializer(serializers.Serializer[Any]):
    detail = serializers.CharField()
    code = serializers.ChoiceField(choices=["confirmation_required", "preview_changed"])
    preview = CorrectionPreviewSerializer()


class AppealListView(APIView):
    permission_classes = MENTOR

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "status", enum=[s.value for s in Appeal.Status], required=False, many=True
            )
        ],
        responses=AppealRowSerializer(many=True),
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        """Appeals on your candidates' answers (all of them for the committee)."""
        wanted = tuple(request.query_params.getlist("status")) or tuple(Appeal.Status.values)
        unknown = set(wanted) - set(Appeal.Status.values)
        if unknown:
            raise ApplicationError(f"unknown status {sorted(unknown)[0]}", code="invalid_status")
        rows = reads.appeal_list(user=request.user, statuses=wanted)
        return Response(AppealRowSerializer(rows, many=True).data)  # type: ignore[arg-type]


class AppealDecideView(APIView):
    permission_classes = MENTOR
    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY

    @extend_schema(
        request=AppealDecideSerializer,
        responses={
            200: OpenApiResponse(
                response=PolymorphicProxySerializer(
                    component_name="AppealDecisionOrPreview",
                    serializers=[AppealRowSerializer, CorrectionPreviewSerializer],
                    resource_type_field_name=None,
                ),
                description="The decided appeal; with preview, what the key action would "
                "change (nothing applied).",
            ),
            400: OpenApiResponse(description="Already decided, or bad input."),
            409: OpenApiResponse(
                response=PreviewRefusalSerializer,
                description="Waiting for another level: the mentor (open) or the committee "
                "(contested), code not_your_level; or a key action without the token of the "
                "current preview (confirmation_required, preview_changed): nothing applied, "
                "the current preview is in the body.",
            ),
        },
    )
    def post(self, request: AuthenticatedRequest, appeal_id: int) -> Response:
        """Uphold or reject: the mentor an open appeal, the committee a contested one.

        The committee's withdrawal or key correction is two calls: with `preview` it
        answers whose scores and results would change and a token; sent back as `confirm`,
        it applies exactly that outcome."""
        found = reads.appeal_visible(user=request.user, appeal_id=appeal_id)
        if found is None:
            raise Http404("No such appeal.")
        data = AppealDecideSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        correction = None
        if values.get("key_action"):
            correction = appeals.KeyCorrection(
                action=values["key_action"],
                infraction=values["infraction"],
                penalty=values["penalty"],
                remedy=values["remedy"],
                manual=ManualChoice(
                    regrade=frozenset(values["regrade_manual"]),
                    regrade_all=values["regrade_all_manual"],
                ),
            )
        if correction is not None and values["preview"]:
            preview = appeals.correction_preview(
                appeal=found,
                by=request.user,
                correction=correction,
            )
            return Response(preview.as_data())
        appeals.appeal_decide(
            appeal=found,
            by=request.user,
            uphold=values["decision"] == "uphold",
            reason=values["reason"],
            percent=values.get("percent"),
            correction=correction,
            preview_token=values["confirm"],
        )
        found.refresh_from_db()
        return Response(AppealRowSerializer(found).data)


class ContestSerializer(serializers.Serializer[Any]):
    comment = serializers.CharField(max_length=4000)


class AppealContestView(APIView):
    permission_classes = CANDIDATE
    parser_classes = (JSONParser,)
    max_body_bytes = TEXT_BODY

    @extend_schema(
        request=ContestSerializer,
        responses={
            200: OpenApiResponse(description="The appeal went to the committee."),
            400: OpenApiResponse(description="Nothing to contest, or contested already."),
        },
    )
    def post(self, request: AuthenticatedRequest, attempt_id: int, position: int) -> Response:
        """Take your mentor's decision on an appeal to the certification committee (once)."""
        attempt = access.access_attempt_by_id(request.user, attempt_id)
        item = access.access_item(attempt, position)
        found = Appeal.objects.filter(item=item).first()
        if found is None:
            raise Http404("No appeal on this answer.")
        data = ContestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = appeals.appeal_contest(appeal=found, comment=data.validated_data["comment"])
        return Response({"status": found.status, "contest_comment": found.contest_comment})


# --- cohorts -----------------------------------------------------------------------------


class CohortListView(APIView):
    permission_classes = MENTOR

    @extend_schema(responses={200: OpenApiResponse(description="Your cohorts.")})
    def get(self, request: AuthenticatedRequest) -> Response:
        rows = cohort_reads.cohorts_overview(user=request.user)
        return Response(
            [
                {
                    "id": cohort.pk,
                    "name": cohort.name,
                    "mentor": str(cohort.mentor),
                    "candidates": cohort.candidate_count,  # type: ignore[attr-defined]
                    "pending_reviews": cohort.pending_reviews,  # type: ignore[attr-defined]
                }
                for cohort in rows
            ]
        )


class CohortProgressView(APIView):
    permission_classes = MENTOR

    @extend_schema(
        responses={200: OpenApiResponse(description="Mastery by topic per candidate, etc.")}
    )
    def get(self, request: AuthenticatedRequest, cohort_id: int) -> Response:
        """Mastery by topic (percent) per candidate, attempts, scores, topics due, reviews."""
        cohort = Cohort.objects.visible_to(request.user).filter(pk=cohort_id).first()
        if cohort is None:
            raise Http404("No such cohort.")
        progress = cohort_reads.cohort_progress(cohort=cohort)
        return Response(
            {
                "id": cohort.pk,
                "name": cohort.name,
                "topics": progress["topics"],
                "candidates": [
                    {
                        "id": row.candidate.pk,
                        "name": str(row.candidate),
                        "email": row.candidate.email,
                        "mastery_percent": {
                            slug: _percent(mastery.mastery)
                            for slug, mastery in row.masteries.items()
                        },
                        "answered": {
                            slug: mastery.answered for slug, mastery in row.masteries.items()
                        },
                        "topics_due": row.due,
                        "attempts": row.attempts,
                        "passed": row.passed,
                        "last_score_percent": _percent(row.last_score),
                        "best_score_percent": _percent(row.best_score),
                        "pending_reviews": row.pending_reviews,
                    }
                    for row in progress["rows"]
                ],
            }
        )
