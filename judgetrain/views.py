import hmac

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from judgetrain.accounts.models import Cohort
from judgetrain.health import run_checks
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.selectors import dashboard_for


def _may_see_health_details(request: HttpRequest) -> bool:
    """The detailed report names hosts' errors: only for HEALTHZ_TOKEN holders and staff."""
    token = settings.HEALTHZ_TOKEN
    if token:
        sent = request.headers.get("X-Healthz-Token", "")
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Bearer "):
            sent = sent or authorization.removeprefix("Bearer ")
        if sent and hmac.compare_digest(sent.encode(), token.encode()):
            return True
    # Only a request carrying a session cookie can be staff: a load balancer's probe never
    # touches the session store.
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return False
    return bool(request.user.is_authenticated and request.user.is_staff)


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    results = run_checks()
    healthy = all(result.ok for result in results)
    body: dict[str, object] = {"status": "ok" if healthy else "error"}
    if _may_see_health_details(request):
        body["checks"] = {result.name: result.as_dict() for result in results}
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
