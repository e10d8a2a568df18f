"""A batch of one-player soloboard games as one Gymnasium vector environment.

Every registered id (``soloboard/ufs-v0``, ...) has this class as its ``vector_entry_point``::

    import gymnasium
    import soloboard.research.gym_env  # registers soloboard/...
    envs = gymnasium.make_vec("soloboard/ufs-v0", num_envs=16, workers=2, threat=1)
    obs, info = envs.reset(seed=0)          # obs: (16, size) float32
    masks = info["action_mask"]             # (16, actions) int8

- Each of the ``num_envs`` games is a :class:`~soloboard.research.gym_env.SoloboardEnv`,
  so a sub-environment behaves exactly as the single environment does: same observation,
  mask, reward, chance and illegal-action rules. ``reset(seed=s)`` seeds sub-environment
  ``i`` with ``s + i`` (as Gymnasium's ``SyncVectorEnv`` and ``AsyncVectorEnv`` do), so a
  sub-environment's trajectory is the single environment's with that seed.
- **Autoreset**: Gymnasium 1.x's ``NEXT_STEP`` mode. The step after a sub-environment
  terminates or truncates resets it: that step ignores its action and returns the new
  episode's first observation and info, reward 0.0, not terminated, not truncated.
- **Info**: Gymnasium's vector convention, a key and its ``_key`` mask of which
  sub-environments have it: ``info["action_mask"]`` (``num_envs`` x actions, int8) and
  ``info["illegal_action"]`` after every reset and step; ``result`` and ``loss_cause`` for the
  sub-environments whose episode ended on this step.
- ``workers``: processes stepping the games, this one included (default 1: all here). With
  more, the games are split into that many shares: this process steps the first, each
  worker process another, in parallel. The games write their observations (as bytes: one
  float32 conversion for the whole batch) and masks straight into shared memory, and a step's
  order and answer are semaphores, so a step costs one signal each way; still, give each
  process several games (16 or more: ``docs/research.md`` has the figures).
- The games of one process share one game object, so they share the engine's caches.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import pickle
import time
from typing import Any, ClassVar

from soloboard.research._deps import require
from soloboard.research.gym_env import SoloboardEnv

gymnasium = require("gymnasium", for_what="soloboard.research.vector_env")
np = require("numpy", for_what="soloboard.research.vector_env")
from gymnasium.vector import AutoresetMode, VectorEnv  # noqa: E402 - after the extra's check
from gymnasium.vector.utils import batch_space  # noqa: E402

VectorBase: Any = VectorEnv
ENDING_KEYS = ("result", "loss_cause")  # the info keys only the last step of an episode has


class _Batch:
    """A share of the games, stepped in turn. Each game's observation and mask go into the arrays
    it is given (shared memory or not) as bytes, row by row: the observations stay uint8 here and
    become one float32 array for the whole batch in ``step``'s answer."""

    def __init__(self, envs: list[SoloboardEnv], obs: Any, mask: Any, reward: Any, term: Any, trunc: Any,
                 illegal: Any) -> None:
        self.envs = envs
        self.size = obs.shape[1]
        self.actions = mask.shape[1]
        self.obs = memoryview(obs).cast("B")  # flat byte views: a row is one slice assignment (a memcpy)
        self.mask = memoryview(mask.view(np.uint8)).cast("B")
        # typed memoryviews ('d', '?'): an item is set without numpy's per-call cost
        self.reward: Any = memoryview(reward)
        self.term: Any = memoryview(term)
        self.trunc: Any = memoryview(trunc)
        self.illegal: Any = memoryview(illegal)
        self.needs_reset = [False] * len(envs)

    def reset(self, seeds: list[int | None], options: dict[str, Any] | None) -> list[tuple[int, dict[str, Any]]]:
        endings: list[tuple[int, dict[str, Any]]] = []
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            ending = env._start(seed, options)
            self._write(i, env, 0.0, False, False)
            self.needs_reset[i] = ending is not None
            if ending is not None:
                endings.append((i, ending))
        return endings

    def step(self, actions: Any) -> list[tuple[int, dict[str, Any]]]:
        """Step every game (reset the ones that ended last step); the ending infos, by index."""
        endings: list[tuple[int, dict[str, Any]]] = []
        needs_reset = self.needs_reset
        for i, (env, act) in enumerate(zip(self.envs, actions.tolist(), strict=True)):
            if needs_reset[i]:
                ending = env._start(None, None)
                reward, terminated, illegal = 0.0, False, False
            else:
                reward, terminated, illegal, ending = env._transition(act)
            self._write(i, env, reward, terminated, illegal)
            needs_reset[i] = ending is not None  # the game is over: the next step starts another
            if ending is not None:
                endings.append((i, ending))
        return endings

    def _write(self, i: int, env: SoloboardEnv, reward: float, terminated: bool, illegal: bool) -> None:
        size, actions = self.size, self.actions
        self.obs[i * size:(i + 1) * size] = env._raw(env.state, 0)
        self.mask[i * actions:(i + 1) * actions] = env._flags
        self.reward[i] = reward
        self.term[i] = terminated
        self.trunc[i] = False
        self.illegal[i] = illegal

    def render(self) -> list[str | None]:
        return [env.render() for env in self.envs]


def _specs(n: int, size: int, actions: int) -> list[tuple[tuple[int, ...], Any]]:
    """Shapes and types of the batch's arrays: obs (as bytes), mask, reward, terminated, truncated, illegal, actions."""
    return [((n, size), np.uint8), ((n, actions), np.int8), ((n,), np.float64),
            ((n,), np.bool_), ((n,), np.bool_), ((n,), np.bool_), ((n,), np.int64)]


def _arrays(specs: list[tuple[tuple[int, ...], Any]], ctx: Any = None) -> tuple[list[Any], list[Any]]:
    """The arrays of ``specs``, over shared memory when ``ctx`` (a multiprocessing context) is given."""
    raws = [ctx.RawArray("b", int(np.prod(shape)) * np.dtype(dtype).itemsize) if ctx else None
            for shape, dtype in specs]
    views = [np.frombuffer(raw, dtype).reshape(shape) if raw is not None else np.zeros(shape, dtype)
             for raw, (shape, dtype) in zip(raws, specs, strict=True)]
    return raws, views


SPIN_SECONDS = 0.002  # the longest a side polls for the other's signal before it sleeps on it


class _Line:
    """The orders between this process and one worker. A step is a pair of semaphores (the
    actions and results are in shared memory already); anything else (reset, render, close, the
    infos of games that ended) goes through the pipe, with a flag saying a message is there."""

    def __init__(self, ctx: Any) -> None:
        self.go = ctx.Semaphore(0)  # this process -> worker: an order is ready
        self.done = ctx.Semaphore(0)  # worker -> this process: the order is carried out
        self.on_pipe = ctx.RawArray("b", 2)  # [0]: the order is on the pipe, [1]: the answer is
        self.conn, self.worker_conn = ctx.Pipe()


class _Waiter:
    """Takes a semaphore for one side of a line. When that side's waits have been short, it polls
    the semaphore first (up to four times the usual wait, plus 0.2 ms): the other side's signal is seen
    without the system calls of sleeping and waking, which on this project's machine cost about
    as much as a game's step. When they have been long (a learner's policy between two steps),
    it sleeps at once: polling would only take a core from the learner."""

    def __init__(self, alive: Any) -> None:
        self.alive = alive  # checked twice a second while asleep
        self.usual = 0.0  # moving average of this side's waits, in seconds

    def take(self, sem: Any) -> None:
        acquire = sem.acquire
        clock = time.perf_counter
        start = clock()
        got = False
        if self.usual < SPIN_SECONDS:
            deadline = start + min(SPIN_SECONDS, 4 * self.usual + 200e-6)
            while not (got := acquire(False)) and clock() < deadline:
                pass
        while not got:
            got = acquire(timeout=0.5)
            if not got and not self.alive():
                raise EOFError("the other process is gone")
        self.usual += 0.1 * (min(clock() - start, 1.0) - self.usual)


def _worker(line: _Line, make: dict[str, Any], start: int, stop: int, raws: list[Any],
            specs: list[tuple[tuple[int, ...], Any]]) -> None:
    """A worker process: steps games ``start..stop`` on the parent's orders until told to close."""
    line.conn.close()
    conn = line.worker_conn
    views = [np.frombuffer(raw, dtype).reshape(shape)[start:stop] for raw, (shape, dtype) in zip(raws, specs,
                                                                                                  strict=True)]
    actions = views.pop()
    first = SoloboardEnv(**make)
    batch = _Batch([first] + [first.sibling() for _ in range(start + 1, stop)], *views)
    parent = os.getppid()
    waiter = _Waiter(lambda: os.getppid() == parent)
    on_pipe = line.on_pipe
    try:
        while True:
            waiter.take(line.go)
            if not on_pipe[0]:  # a step
                answer: Any = batch.step(actions)
            else:
                command, payload = pickle.loads(conn.recv_bytes())
                if command == "close":
                    break
                answer = batch.reset(*payload) if command == "reset" else batch.render()
            on_pipe[1] = 1 if answer else 0
            # done first: an answer longer than the pipe's buffers (a share's pictures) is only
            # written while the parent reads it, and the parent reads once it has the signal
            line.done.release()
            if answer:
                conn.send_bytes(pickle.dumps(answer))
    except (EOFError, OSError, KeyboardInterrupt):  # the parent went away
        pass
    finally:
        for env in batch.envs:
            env.close()
        conn.close()


class SoloboardVectorEnv(VectorBase):
    """``num_envs`` games of one setting (``game`` and its parameters, as for :class:`SoloboardEnv`)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, game: str, workers: int = 1, render_mode: str | None = None,
                 illegal_action: str = "terminate", context: str | None = None, **params: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        if not 1 <= workers <= num_envs:
            raise ValueError(f"workers must be between 1 and num_envs ({num_envs}), not {workers}")
        make = {"game": game, "render_mode": render_mode, "illegal_action": illegal_action, **params}
        probe = SoloboardEnv(**make)  # raises here, in this process, for a wrong setting
        self.num_envs = num_envs
        self.workers = workers
        self.render_mode = render_mode
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        size, actions = probe.encoder.size, probe.num_actions
        self._lines: list[_Line] = []
        self._waiters: list[_Waiter] = []
        self._procs: list[Any] = []
        self._closed = False
        # this process steps the first share itself and the workers the others, so two
        # processes use two cores with one round trip per step
        self._bounds = [num_envs * w // workers for w in range(workers + 1)]
        ctx: Any = mp.get_context(context) if workers > 1 else None
        specs = _specs(num_envs, size, actions)
        raws, views = _arrays(specs, ctx)
        self._actions = views.pop()
        own = self._bounds[1]
        self._batch = _Batch([probe] + [probe.sibling() for _ in range(own - 1)],
                             *(view[:own] for view in views))
        for start, stop in zip(self._bounds[1:], self._bounds[2:], strict=False):
            assert ctx is not None
            line = _Line(ctx)
            proc = ctx.Process(target=_worker, args=(line, make, start, stop, raws, specs), daemon=True)
            proc.start()
            line.worker_conn.close()
            self._lines.append(line)
            self._procs.append(proc)
            self._waiters.append(_Waiter(proc.is_alive))
        self._obs, self._mask, self._reward, self._term, self._trunc, self._illegal = views
        self._all = np.ones(num_envs, np.bool_)

    @property
    def worker_pids(self) -> list[int]:
        """The worker processes' ids (none with ``workers=1``): to see or time them."""
        return [proc.pid for proc in self._procs]

    # --- Gymnasium's vector API -----------------------------------------------------------------

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        endings = self._run("reset", lambda lo, hi: (seeds[lo:hi], options))
        return self._obs.astype(np.float32), self._info(endings)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per environment: shape ({self.num_envs},), not {acts.shape}")
        if acts.dtype.kind not in "iu":  # floats, bools...: no action id, as for the single environment
            acts = np.full(self.num_envs, -1, np.int64)
        endings = self._run("step", acts)
        return (self._obs.astype(np.float32), self._reward.copy(), self._term.copy(), self._trunc.copy(),
                self._info(endings))

    def render(self) -> tuple[str | None, ...] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        for line in self._lines:
            self._send(line, ("render", None))
        own = self._batch.render()
        return tuple(own + [picture for pictures in self._answers() for picture in pictures])

    def close_extras(self, **kwargs: Any) -> None:
        if self._closed:
            return
        self._closed = True
        for env in self._batch.envs:
            env.close()
        for line in self._lines:
            with contextlib.suppress(BrokenPipeError, OSError):  # the worker is gone already
                self._send(line, ("close", None))
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
        for line in self._lines:
            line.conn.close()

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):  # a forgotten close(): the workers would wait for orders
            self.close_extras()

    # --- inside -------------------------------------------------------------------------------

    def _run(self, command: str, payload: Any) -> list[tuple[int, dict[str, Any]]]:
        """One order to every share (the workers', then this process's own): the ending infos, by global index.
        ``payload``: the actions of a step; for a reset, ``payload(lo, hi)`` gives the share's arguments."""
        if self._closed:
            raise RuntimeError("the environment is closed")
        bounds = self._bounds
        if command == "step":
            self._actions[:] = payload
            for line in self._lines:
                line.on_pipe[0] = 0
                line.go.release()
            out = self._batch.step(self._actions[:bounds[1]])
        else:
            for w, line in enumerate(self._lines, start=1):
                self._send(line, (command, payload(bounds[w], bounds[w + 1])))
            out = self._batch.reset(*payload(0, bounds[1]))
        for start, answer in zip(bounds[1:], self._answers(), strict=False):
            out += [(start + i, info) for i, info in answer]
        return out

    def _send(self, line: _Line, order: tuple[str, Any]) -> None:
        """An order other than a step: through the pipe."""
        line.on_pipe[0] = 1
        line.conn.send_bytes(pickle.dumps(order))
        line.go.release()

    def _answers(self) -> list[Any]:
        """Every worker's answer to the last order (``[]`` for a step where no game ended)."""
        answers = []
        for line, proc, waiter in zip(self._lines, self._procs, self._waiters, strict=True):
            try:
                waiter.take(line.done)
            except EOFError:
                raise RuntimeError(f"a worker process of the vector environment is gone (pid {proc.pid}, "
                                   f"exit code {proc.exitcode})") from None
            answers.append(pickle.loads(line.conn.recv_bytes()) if line.on_pipe[1] else [])
        return answers

    def _info(self, endings: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """Gymnasium's vector info: each key with its ``_key`` mask (every game has a mask and the illegal flag)."""
        info: dict[str, Any] = {"action_mask": self._mask.copy(), "_action_mask": self._all.copy(),
                                "illegal_action": self._illegal.copy(), "_illegal_action": self._all.copy()}
        for i, ending in endings:
            info = self._add_info(info, ending, i)
        return info
