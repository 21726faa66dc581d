"""Cost of grading inside an API request, relative to a trivial endpoint on the same server.

Starts gunicorn (one sync worker, so one core serves both endpoints) on 127.0.0.1 with a
throw-away SQLite database, logs a mentor in, then alternates batches of requests to
GET /api/v1/me (trivial: session, user and roles) and POST /api/v1/grading/grade (the same
plus grading one answer), and prints both rates and their ratio, measured in one run.

    .venv/bin/python bench/bench_grading_api.py [--seconds 6]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = [
    "Missed trigger, no penalty, the opponent chooses whether it resolves now or never",
    "Habilidade desencadeada esquecida, advertência, o oponente escolhe se vai para a pilha",
    "Evento de disparo olvidado. Sin penalización. Se sigue jugando.",
    "GRV — warning — simple backup",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def manage(env: dict[str, str], *args: str) -> str:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout


class Client:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(
        self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body, headers={"Cookie": cookie, **(headers or {})})
        response = conn.getresponse()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";")[0]
        text = response.read().decode()
        conn.close()
        return response.status, text


def log_in(client: Client, email: str, password: str) -> None:
    _, page = client.request("GET", "/accounts/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, "no CSRF token on the login page"
    form = f"csrfmiddlewaretoken={token.group(1)}&username={email}&password={password}"
    status, _ = client.request(
        "POST", "/accounts/login/", form, {"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert status == 302, f"login failed ({status})"


def rate(send: Callable[[int], None], seconds: float) -> float:
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        send(done)
        done += 1
    return done / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="per endpoint and round")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as var:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        env.update(JUDGETRAIN_VAR_DIR=var, DEBUG="false", ALLOWED_HOSTS="127.0.0.1")
        # Bench-only: the per-user rate limit (600/min by default) would answer 429 here.
        env.update(THROTTLE_GRADING="1000000/min", THROTTLE_RULINGS="1000000/min")
        manage(env, "migrate", "--no-input", "-v0")
        output = manage(env, "load_demo")
        password = re.search(r"mentor@example.com\s+(\S+)", output).group(1)  # type: ignore[union-attr]
        port = free_port()
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "judgetrain.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "1",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
        )
        try:
            client = Client(port)
            for _ in range(100):
                try:
                    client.request("GET", "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            log_in(client, "mentor@example.com", password)
            headers = {
                "Content-Type": "application/json",
                "X-CSRFToken": client.cookies["csrftoken"],
            }

            def trivial(i: int) -> None:
                status, _ = client.request("GET", "/api/v1/me")
                assert status == 200, status

            def grade(i: int) -> None:
                body = json.dumps(
                    {
                        "game": "mtg",
                        "answer": ANSWERS[i % len(ANSWERS)],
                        "expected": {
                            "infraction": "missed_trigger",
                            "penalty": "no_penalty",
                            "remedy": "opponent_chooses_put_on_stack",
                        },
                    }
                )
                status, text = client.request("POST", "/api/v1/grading/grade", body, headers)
                assert status == 200, text

            trivial_rate = grade_rate = 0.0
            for _ in range(2):  # alternate, so drift on a shared machine hits both alike
                trivial_rate += rate(trivial, args.seconds / 2)
                grade_rate += rate(grade, args.seconds / 2)
            trivial_rate, grade_rate = trivial_rate / 2, grade_rate / 2
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(
        f"grading API: trivial endpoint {trivial_rate:.0f} requests/s, "
        f"grade endpoint {grade_rate:.0f} requests/s (one gunicorn worker, same run)"
    )
    print(f"grading API: a grade request costs {trivial_rate / grade_rate:.2f}x a trivial request")


if __name__ == "__main__":
    main()
