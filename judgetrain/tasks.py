from celery import shared_task


@shared_task(name="judgetrain.ping", ignore_result=False)
def ping() -> str:
    """Answered by any live worker; /healthz uses it to prove a round trip."""
    return "pong"
