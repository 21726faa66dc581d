import hmac

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import render
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from judgetrain.accounts.models import Cohort
from judgetrain.accounts.roles import Role
from judgetrain.health import run_checks
from judgetrain.typing import AuthenticatedHttpRequest
from quizzes.languages import content_language
from quizzes.selectors_home import home_sections


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


def home(request: HttpRequest) -> HttpResponse:
    """The landing page for visitors; the signed-in user's own page otherwise."""
    if not request.user.is_authenticated:
        return render(request, "landing.html")
    return _dashboard(request)  # type: ignore[arg-type]


def _dashboard(request: AuthenticatedHttpRequest) -> HttpResponse:
    """What's next for each of the user's roles, the sections with work waiting first."""
    user = request.user
    now = timezone.now()
    roles = user.roles
    sections = home_sections(user, roles, now)
    lang = content_language(translation.get_language())
    for section in sections:
        if section.role != Role.CANDIDATE:
            continue
        review = QueryDict(mutable=True)
        review.update({"lang": lang, "weakest": "1"})
        review.setlist("topics", [m.topic.slug for m in section.data["due"]])
        section.data["review_query"] = review.urlencode()
        for mastery in section.data["masteries"]:
            one = QueryDict(mutable=True)
            one.update({"lang": lang, "topics": mastery.topic.slug})
            mastery.practice_query = one.urlencode()
    context = {
        "now": now,
        "roles": roles,
        "sections": sections,
        "cohorts": Cohort.objects.filter(candidates=user).select_related("mentor"),
    }
    return render(request, "home.html", context)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 404 page in the site's layout and the user's language; for a certificate code no
    certificate has, a page that says so and how to check the code."""
    match = getattr(request, "resolver_match", None)
    code = match.kwargs.get("code") if match and match.url_name == "certificate-verify" else None
    return render(request, "404.html", {"certificate_code": code}, status=404)


# Who a page is for, by the start of its path (the first that matches): what the 403 page
# tells someone else. The committee's pages among the mentors' come first (walk 4, #7).
PAGE_AUDIENCES = (
    ("/mentor/workbench/proposals/", _("This page is for the certification committee.")),
    ("/mentor/committee/", _("This page is for the certification committee.")),
    ("/mentor/", _("This page is for mentors.")),
    ("/committee/", _("This page is for the certification committee.")),
    ("/reports/", _("This page is for mentors and the certification committee.")),
    ("/practice/", _("This page is for judge candidates.")),
    ("/exams/", _("This page is for judge candidates.")),
)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page in the site's layout and the user's language: who the page is for, and a
    way home."""
    audience = next(
        (text for prefix, text in PAGE_AUDIENCES if request.path.startswith(prefix)), None
    )
    return render(request, "403.html", {"audience": audience}, status=403)


def server_error(request: HttpRequest) -> HttpResponse:
    """The 500 page with the site's navigation, in the user's language; bare if that fails too."""
    try:
        return render(request, "500.html", status=500)
    except Exception:  # the error may be in the templates or the database themselves
        return HttpResponse(
            "<!doctype html><title>Server error</title><h1>Server error</h1>"
            '<p><a href="/">JudgeTrain</a></p>',
            status=500,
        )
