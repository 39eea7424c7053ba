"""Work done off the window's thread, in order (issue 38: no frame over 100 ms while a GIF is
written). Pillow's quantizing and encoding, zlib and a pipe's writes let the GIL go, so the window
keeps drawing while a ``Worker`` encodes the frames it draws.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable


class Worker:
    """Jobs run one after another on a thread of their own. ``put`` a job while ``ready`` (at most
    ``depth`` wait, so the frames handed over stay few); ``idle`` once every job put has run.
    The first job that raises stops the rest: ``check`` raises its error on the caller's thread."""

    def __init__(self, depth: int = 2, name: str = "worker") -> None:
        self.depth = depth
        self._jobs: queue.Queue[Callable[[], object] | None] = queue.Queue()
        self._changed = threading.Condition()
        self._waiting = 0  # jobs put and not yet run to their end
        self._stopped = False
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def ready(self) -> bool:
        """Whether another job may be put without piling up."""
        return self._waiting < self.depth

    @property
    def idle(self) -> bool:
        """Whether every job put has run (or been dropped after an error)."""
        return self._waiting == 0

    def put(self, job: Callable[[], object]) -> None:
        with self._changed:
            self._waiting += 1
        self._jobs.put(job)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until another job may be put (or a job failed); True when one may."""
        with self._changed:
            self._changed.wait_for(lambda: self.ready or self.error is not None, timeout)
        return self.ready

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until every job put has run; True when they have."""
        with self._changed:
            self._changed.wait_for(lambda: self.idle, timeout)
        return self.idle

    def check(self) -> None:
        """Raise the error a job raised, if any."""
        if self.error is not None:
            raise self.error

    def stop(self, timeout: float = 5.0) -> None:
        """Drop the jobs not started, wait for the one running, end the thread."""
        self._stopped = True
        self._jobs.put(None)
        self._thread.join(timeout)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            try:
                if not self._stopped and self.error is None:
                    job()
            except BaseException as error:  # handed to the window's thread by check()
                self.error = error
            finally:
                with self._changed:
                    self._waiting -= 1
                    self._changed.notify_all()
