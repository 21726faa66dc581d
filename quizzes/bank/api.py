"""The committee's item analysis over the API: each template's statistics, flags and
retirement, and retiring or restoring a template (``quizzes.bank.services.retirement``)."""

from __future__ import annotations

import contextlib
from typing import Any

from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from judgetrain.parsers import SMALL_BODY
from judgetrain.typing import AuthenticatedRequest
from quizzes.bank.selectors import TemplateStatus, template_status, template_statuses
from quizzes.bank.services import retirement
from quizzes.bank.services.pools import exam_pools_gaps
from quizzes.committee.api import CommitteeView, _user, _valid
from quizzes.committee.api_input import ReasonSerializer
from quizzes.reports import selectors as sr


def _status_json(found: TemplateStatus) -> dict[str, Any]:
    row, retired = found.row, found.retired
    return {
        "template_id": found.template_id,
        "responses": row.responses if row else 0,
        "facility": row.facility if row else None,
        "discrimination": row.discrimination if row else None,
        "flags": row.flags if row else [],
        "choices": [
            {"name": c.name, "offered": c.offered, "chosen": c.chosen}
            for c in (row.choices if row else ())
        ],
        "retired": None
        if retired is None
        else {
            "reason": retired.reason,
            "flags": retired.flags,
            "retired_at": retired.retired_at,
            "retired_by": retired.retired_by_id,
        },
    }


class ItemListView(CommitteeView):
    @extend_schema(request=None, responses=OpenApiTypes.OBJECT)
    def get(self, request: AuthenticatedRequest) -> Response:
        """Every template with graded exam answers or a retirement, flagged ones first; and
        what exam stems still take from the public data (``exam_material_public``)."""
        return Response(
            {
                "thresholds": {
                    "too_easy": sr.TOO_EASY,
                    "too_hard": sr.TOO_HARD,
                    "low_discrimination": sr.LOW_DISCRIMINATION,
                    "min_responses": sr.MIN_RESPONSES,
                    "unchosen_after": sr.UNCHOSEN_AFTER,
                },
                "exam_material_public": exam_pools_gaps(),
                "results": [_status_json(s) for s in template_statuses(_user(request))],
            }
        )


class _DecisionView(CommitteeView):
    retire = True

    @extend_schema(request=ReasonSerializer, responses=OpenApiTypes.OBJECT)
    def post(self, request: AuthenticatedRequest, template_id: str) -> Response:
        """``{"reason": "..."}``; answers the template's status. The decision is audited;
        asking again for what is already so changes nothing and answers the same."""
        reason = _valid(ReasonSerializer, request.data).validated_data["reason"]
        act = retirement.template_retire if self.retire else retirement.template_restore
        # Already so is no refusal here: the answer is the status, as it already is.
        with contextlib.suppress(retirement.AlreadyDecided):
            act(template_id=template_id, reason=reason, by=_user(request))
        return Response(_status_json(template_status(_user(request), template_id)))


class RetireView(_DecisionView):
    max_body_bytes = SMALL_BODY
    retire = True


class RestoreView(_DecisionView):
    max_body_bytes = SMALL_BODY
    retire = False


urlpatterns = [
    path("committee/items", ItemListView.as_view(), name="api-committee-items"),
    path(
        "committee/templates/<slug:template_id>/retire",
        RetireView.as_view(),
        name="api-committee-template-retire",
    ),
    path(
        "committee/templates/<slug:template_id>/restore",
        RestoreView.as_view(),
        name="api-committee-template-restore",
    ),
]
