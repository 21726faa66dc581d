from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from judgetrain.accounts.models import Cohort
from judgetrain.health import run_checks
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.selectors import dashboard_for


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    results = run_checks()
    healthy = all(result.ok for result in results)
    body = {
        "status": "ok" if healthy else "error",
        "checks": {result.name: result.as_dict() for result in results},
    }
    return JsonResponse(body, status=200 if healthy else 503)


@login_required
def home(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    context = {
        "roles": user.roles,
        "mentored_cohorts": Cohort.objects.filter(mentor=user).prefetch_related("candidates"),
        "cohorts": Cohort.objects.filter(candidates=user).select_related("mentor"),
        **dashboard_for(user),
    }
    return render(request, "home.html", context)
