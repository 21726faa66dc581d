from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.template.loader import render_to_string
from django.utils import translation

from judgetrain.accounts.models import User


@shared_task(name="accounts.password_reset_email_send")
def password_reset_email_send(
    *, user_id: int, uid: str, token: str, domain: str, protocol: str, language: str
) -> bool:
    """Send the password-reset link queued by the reset page, in the reader's language.

    Re-fetches the user: an account deactivated since the request gets no e-mail."""
    user = User.objects.filter(pk=user_id, is_active=True).first()
    if user is None:
        return False
    context = {"user": user, "uid": uid, "token": token, "domain": domain, "protocol": protocol}
    with translation.override(user.preferred_language or language):
        subject = render_to_string("registration/password_reset_subject.txt", context)
        body = render_to_string("registration/password_reset_email.html", context)
    send_mail(" ".join(subject.split()), body, settings.DEFAULT_FROM_EMAIL, [user.email])
    return True
