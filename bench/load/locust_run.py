"""One load scenario, run headless with locust as a library; prints its measurements as JSON.

Started by bench/bench_load.py as a subprocess (locust patches the standard library with
gevent on import, which stays confined to this process). Input comes as JSON in the
BENCH_LOAD environment variable: {"scenario", "host", "records", ...}; each simulated user
takes the next record (a candidate's session and their assignment or attempt).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from typing import Any

import gevent  # type: ignore[import-untyped]
from locust import FastHttpUser, User, between, constant, events, task
from locust.env import Environment
from locust.exception import StopUser

CONFIG: dict[str, Any] = json.loads(os.environ["BENCH_LOAD"])
RECORDS: list[dict[str, Any]] = CONFIG["records"]
CSRF = "benchcsrftokenbenchcsrftoken0123"  # 32 characters: Django accepts the unmasked secret
SAMPLES: dict[str, list[tuple[float, float, bool]]] = {}  # name -> (start, ms, ok)
ERRORS: dict[str, int] = {}
STATE: dict[str, Any] = {"next": 0, "done": 0, "sent": 0, "accepted": {}, "conflicts": 0}


@events.request.add_listener
def _record(
    request_type: str,
    name: str,
    response_time: float,
    response_length: int,
    exception: BaseException | None = None,
    start_time: float | None = None,
    **kwargs: Any,
) -> None:
    SAMPLES.setdefault(name, []).append((start_time or time.time(), response_time, not exception))
    if exception is not None:
        key = f"{name}: {str(exception)[:120]}"
        ERRORS[key] = ERRORS.get(key, 0) + 1


def _take() -> dict[str, Any] | None:
    index = STATE["next"]
    if index >= len(RECORDS):
        return None
    STATE["next"] = index + 1
    return RECORDS[index]


def _headers(record: dict[str, Any]) -> dict[str, str]:
    return {
        "Cookie": f"sessionid={record['session']}; csrftoken={CSRF}",
        "X-CSRFToken": CSRF,
        "Content-Type": "application/json",
    }


def _finished_one(user: FastHttpUser) -> None:
    """This user is done; the run ends when every expected user is. Finished users idle rather
    than stop: locust ends a run by itself once no user is left, even mid-spawn."""
    STATE["done"] += 1
    if STATE["done"] >= CONFIG.get("expected", len(RECORDS)) and user.environment.runner:
        gevent.spawn_later(0.1, user.environment.runner.quit)
    while True:
        gevent.sleep(3600)


class Candidate(FastHttpUser):
    """Spike and capacity scenarios: every request is one candidate's first action."""

    wait_time = constant(0)
    network_timeout = 120.0
    connection_timeout = 120.0

    def _start(self, record: dict[str, Any]) -> None:
        body = json.dumps({"assignment": record["assignment"], "language": "en"})
        with self.client.post(
            "/api/v1/attempts",
            data=body,
            headers=_headers(record),
            name="exam start",
            catch_response=True,
        ) as response:
            if response.status_code != 201:
                response.failure(f"HTTP {response.status_code}")

    def _trivial(self, record: dict[str, Any]) -> None:
        with self.client.get(
            "/api/v1/me", headers=_headers(record), name="trivial", catch_response=True
        ) as response:
            if response.status_code != 200:
                response.failure(f"HTTP {response.status_code}")

    @task
    def act(self) -> None:
        scenario = CONFIG["scenario"]
        if scenario in ("start_spike", "trivial_spike"):
            record = _take()
            if record is not None:
                (self._start if scenario == "start_spike" else self._trivial)(record)
            _finished_one(self)
        elif scenario == "start_capacity":
            record = _take()
            if record is None:
                _finished_one(self)
                return
            self._start(record)
        elif scenario == "trivial_capacity":
            self._trivial(RECORDS[random.randrange(len(RECORDS))])
            if sum(len(v) for v in SAMPLES.values()) >= CONFIG["requests"]:
                _finished_one(self)


class Saver(FastHttpUser):
    """Autosave: a candidate types into a random question every few seconds."""

    wait_time = between(2, 4)
    network_timeout = 120.0
    connection_timeout = 120.0

    def on_start(self) -> None:
        record = _take()
        if record is None:
            raise StopUser()
        self.record = record
        self.revisions: dict[int, int] = {}
        self.count = 0

    @task
    def save(self) -> None:
        position = random.randint(1, self.record["positions"])
        self.count += 1
        text = (
            f"Missed trigger, warning, the opponent chooses ({self.record['attempt']}.{self.count})"
        )
        body = json.dumps({"response": text, "revision": self.revisions.get(position, 0)})
        url = f"/api/v1/attempts/{self.record['attempt']}/items/{position}"
        STATE["sent"] += 1
        with self.client.put(
            url, data=body, headers=_headers(self.record), name="autosave", catch_response=True
        ) as response:
            if response.status_code == 200:
                self.revisions[position] = response.json()["revision"]
                STATE["accepted"][f"{self.record['attempt']}:{position}"] = [
                    text,
                    self.revisions[position],
                ]
            else:
                if response.status_code == 409:
                    STATE["conflicts"] += 1
                response.failure(f"HTTP {response.status_code}")


class Watcher(FastHttpUser):
    """A trivial request every second next to the autosaves, for the same-run comparison."""

    wait_time = constant(1)
    network_timeout = 120.0

    @task
    def me(self) -> None:
        record = RECORDS[random.randrange(len(RECORDS))]
        with self.client.get(
            "/api/v1/me", headers=_headers(record), name="trivial", catch_response=True
        ) as response:
            if response.status_code != 200:
                response.failure(f"HTTP {response.status_code}")


def main() -> None:
    scenario = CONFIG["scenario"]
    users: list[type[User]]
    if scenario == "autosave":
        Saver.fixed_count, Watcher.fixed_count = CONFIG["users"], CONFIG["watchers"]
        users = [Saver, Watcher]
        total = CONFIG["users"] + CONFIG["watchers"]
    else:
        users = [Candidate]
        total = CONFIG["users"]
    # Users in the middle of a request when the time is up finish it (and it is counted):
    # the autosave check compares what the server accepted with what the database holds.
    graceful = 60 if scenario == "autosave" else 0
    env = Environment(user_classes=users, host=CONFIG["host"], events=events, stop_timeout=graceful)
    runner = env.create_local_runner()
    began = time.time()
    runner.start(total, spawn_rate=CONFIG["spawn_rate"])
    gevent.spawn_later(CONFIG["seconds"], runner.quit)
    runner.greenlet.join()
    ended = time.time()
    out = {
        "began": began,
        "ended": ended,
        "samples": SAMPLES,
        "errors": ERRORS,
        "sent": STATE["sent"],
        "conflicts": STATE["conflicts"],
        "accepted": STATE["accepted"],
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
