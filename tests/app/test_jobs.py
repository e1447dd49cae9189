"""The one helper that starts work in a worker thread, cancels it and drops its late answers."""

from __future__ import annotations

import threading

from textual.app import App
from textual.message import Message

from tictactoe_tui.app.work.jobs import Job

from ..helpers.waiting import TIMEOUT, until


class Answer(Message):
    def __init__(self, about: object, text: str) -> None:
        super().__init__()
        self.about, self.text = about, text


class Asker(App[None]):
    """An app that keeps every answer its job's work posts, and what its job said of each."""

    def __init__(self) -> None:
        super().__init__()
        self.job: Job[object] = Job(self, "work")
        self.heard: list[tuple[str, bool]] = []

    def on_answer(self, message: Answer) -> None:
        self.heard.append((message.text, self.job.answers(message.about)))


async def test_a_new_start_cancels_the_work_in_force_and_only_the_newest_answer_counts() -> None:
    app = Asker()
    first, second = object(), object()
    gate, started = threading.Event(), threading.Event()
    cancelled: list[bool] = []

    def slow(cancel: threading.Event) -> Answer:
        started.set()
        gate.wait(TIMEOUT)
        cancelled.append(cancel.is_set())
        return Answer(first, "first")

    async with app.run_test() as pilot:
        app.job.start(first, slow, lambda error: Answer(first, str(error)))
        await until(started.is_set, "the first work to start")  # the worker starts from the app's loop
        app.job.start(second, lambda cancel: Answer(second, "second"), lambda error: Answer(second, str(error)))
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert cancelled == [True]  # the first work saw its cancel event set
    assert app.heard == [("second", True)]  # the first's answer was never posted
    assert app.job.asked is None


async def test_what_the_work_raised_is_answered_by_the_failure_message() -> None:
    app = Asker()
    about = object()

    def broken(cancel: threading.Event) -> Answer:
        raise RuntimeError("solver exploded")

    async with app.run_test() as pilot:
        app.job.start(about, broken, lambda error: Answer(about, f"failed: {error}"))
        await app.workers.wait_for_complete()
        await pilot.pause()
    assert app.heard == [("failed: solver exploded", True)]


async def test_an_answer_after_cancel_is_dropped_and_a_stale_one_is_not_taken() -> None:
    app = Asker()
    about = object()
    async with app.run_test() as pilot:
        app.job.start(about, lambda cancel: None, lambda error: Answer(about, "x"))  # answers nothing
        await app.workers.wait_for_complete()
        assert app.job.asked is about
        app.job.cancel()
        assert app.job.asked is None
        assert not app.job.answers(about)  # cancelled: a late answer is dropped
        await pilot.pause()
    assert app.heard == []


class Report(Message):
    def __init__(self, about: object, count: int) -> None:
        super().__init__()
        self.about, self.count = about, count


class Reporter(Asker):
    """An :class:`Asker` that also keeps each report, and whether it was of the work in force."""

    def __init__(self) -> None:
        super().__init__()
        self.reports: list[tuple[int, bool]] = []

    def on_report(self, message: Report) -> None:
        self.reports.append((message.count, self.job.in_force(message.about)))


async def test_work_reports_how_far_it_got_through_its_job_and_no_report_once_cancelled() -> None:
    app = Reporter()
    about = object()
    reported, gate = threading.Event(), threading.Event()

    def counting(cancel: threading.Event) -> Answer:
        app.job.report(cancel, Report(about, 1))
        reported.set()
        gate.wait(TIMEOUT)
        app.job.report(cancel, Report(about, 2))  # after the cancel: not posted
        return Answer(about, "done")

    async with app.run_test() as pilot:
        app.job.start(about, counting, lambda error: Answer(about, str(error)))
        await until(lambda: app.reports == [(1, True)], "the first report, of the work in force")
        assert app.job.running
        app.job.cancel()
        assert not app.job.running
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        app.post_message(Report(about, 3))  # a report posted before the cancel, handled after it
        await until(lambda: len(app.reports) == 2, "the late report")
    assert app.reports == [(1, True), (3, False)]
    assert app.heard == []
