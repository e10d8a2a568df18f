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
  worker process another, writing observations and masks into shared memory; one round
  trip per worker per step, so a share needs several games for the processes to pay
  (``docs/research.md`` has the figures).
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import pickle
from multiprocessing.connection import Connection
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
    """A share of the games, stepped in turn; results go into the arrays it is given (shared or not)."""

    def __init__(self, envs: list[SoloboardEnv], obs: Any, mask: Any, reward: Any, term: Any, trunc: Any,
                 illegal: Any) -> None:
        self.envs = envs
        self.obs, self.mask, self.reward, self.term, self.trunc, self.illegal = obs, mask, reward, term, trunc, illegal
        self.needs_reset = [False] * len(envs)

    def reset(self, seeds: list[int | None], options: dict[str, Any] | None) -> list[tuple[int, dict[str, Any]]]:
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            obs, info = env.reset(seed=seed, options=options)
            self._write(i, obs, info)
            self.reward[i] = 0.0
            self.term[i] = self.trunc[i] = False
            self.needs_reset[i] = False
        return []

    def step(self, actions: Any) -> list[tuple[int, dict[str, Any]]]:
        """Step every game (reset the ones that ended last step); the ending infos, by index."""
        endings: list[tuple[int, dict[str, Any]]] = []
        for i, env in enumerate(self.envs):
            if self.needs_reset[i]:
                obs, info = env.reset()
                reward, terminated, truncated = 0.0, False, False
            else:
                obs, reward, terminated, truncated, info = env.step(int(actions[i]))
            self._write(i, obs, info)
            self.reward[i] = reward
            self.term[i] = terminated
            self.trunc[i] = truncated
            ended = terminated or truncated
            self.needs_reset[i] = ended
            if ended:
                endings.append((i, {k: info[k] for k in ENDING_KEYS if k in info}))
        return endings

    def _write(self, i: int, obs: Any, info: dict[str, Any]) -> None:
        self.obs[i] = obs
        self.mask[i] = info["action_mask"]
        self.illegal[i] = info["illegal_action"]

    def render(self) -> list[str | None]:
        return [env.render() for env in self.envs]


def _specs(n: int, size: int, actions: int) -> list[tuple[tuple[int, ...], Any]]:
    """Shapes and types of the batch's arrays: obs, mask, reward, terminated, truncated, illegal, actions."""
    return [((n, size), np.float32), ((n, actions), np.int8), ((n,), np.float64),
            ((n,), np.bool_), ((n,), np.bool_), ((n,), np.bool_), ((n,), np.int64)]


def _arrays(specs: list[tuple[tuple[int, ...], Any]], ctx: Any = None) -> tuple[list[Any], list[Any]]:
    """The arrays of ``specs``, over shared memory when ``ctx`` (a multiprocessing context) is given."""
    raws = [ctx.RawArray("b", int(np.prod(shape)) * np.dtype(dtype).itemsize) if ctx else None
            for shape, dtype in specs]
    views = [np.frombuffer(raw, dtype).reshape(shape) if raw is not None else np.zeros(shape, dtype)
             for raw, (shape, dtype) in zip(raws, specs, strict=True)]
    return raws, views


STEP = b"s"  # the step order: the actions are in shared memory already, so it is one byte


def _worker(conn: Connection, make: dict[str, Any], start: int, stop: int, raws: list[Any],
            specs: list[tuple[tuple[int, ...], Any]]) -> None:
    """A worker process: steps games ``start..stop`` on the parent's orders until told to close."""
    views = [np.frombuffer(raw, dtype).reshape(shape)[start:stop] for raw, (shape, dtype) in zip(raws, specs,
                                                                                                  strict=True)]
    actions = views.pop()
    batch = _Batch([SoloboardEnv(**make) for _ in range(start, stop)], *views)
    try:
        while True:
            message = conn.recv_bytes()
            if message == STEP:
                endings = batch.step(actions)
                conn.send_bytes(pickle.dumps(endings) if endings else b"")
                continue
            command, payload = pickle.loads(message)
            if command == "reset":
                conn.send_bytes(pickle.dumps(batch.reset(*payload)))
            elif command == "render":
                conn.send_bytes(pickle.dumps(batch.render()))
            else:  # "close"
                break
    except (EOFError, KeyboardInterrupt):  # the parent went away
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
        self._conns: list[Connection] = []
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
        self._batch = _Batch([probe] + [SoloboardEnv(**make) for _ in range(own - 1)],
                             *(view[:own] for view in views))
        for start, stop in zip(self._bounds[1:], self._bounds[2:], strict=False):
            assert ctx is not None
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=_worker, args=(child, make, start, stop, raws, specs), daemon=True)
            proc.start()
            child.close()
            self._conns.append(parent)
            self._procs.append(proc)
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
        self._run("reset", lambda lo, hi: (seeds[lo:hi], options))
        return self._obs.copy(), self._info([])

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,):
            raise ValueError(f"one action per environment: shape ({self.num_envs},), not {acts.shape}")
        if acts.dtype.kind not in "iu":  # floats, bools...: no action id, as for the single environment
            acts = np.full(self.num_envs, -1, np.int64)
        endings = self._run("step", acts)
        return (self._obs.copy(), self._reward.copy(), self._term.copy(), self._trunc.copy(),
                self._info(endings))

    def render(self) -> tuple[str | None, ...] | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() without a render_mode: make the environment with render_mode='ansi'")
            return None
        for conn in self._conns:
            conn.send_bytes(pickle.dumps(("render", None)))
        own = self._batch.render()
        return tuple(own + [picture for conn in self._conns for picture in pickle.loads(conn.recv_bytes())])

    def close_extras(self, **kwargs: Any) -> None:
        if self._closed:
            return
        self._closed = True
        for env in self._batch.envs:
            env.close()
        for conn in self._conns:
            with contextlib.suppress(BrokenPipeError, OSError):  # the worker is gone already
                conn.send_bytes(pickle.dumps(("close", None)))
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()
        for conn in self._conns:
            conn.close()

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):  # a forgotten close(): the workers would wait for orders
            self.close_extras()

    # --- inside -------------------------------------------------------------------------------

    def _run(self, command: str, payload: Any) -> list[tuple[int, dict[str, Any]]]:
        """One order to every share (the workers', then this process's own): the ending infos, by global index."""
        if self._closed:
            raise RuntimeError("the environment is closed")
        bounds = self._bounds
        if command == "step":
            self._actions[:] = payload
            for conn in self._conns:
                conn.send_bytes(STEP)
            out = self._batch.step(self._actions)
        else:
            for w, conn in enumerate(self._conns, start=1):
                conn.send_bytes(pickle.dumps((command, payload(bounds[w], bounds[w + 1]))))
            out = self._batch.reset(*payload(0, bounds[1]))
        for start, conn in zip(bounds[1:], self._conns, strict=False):
            reply = conn.recv_bytes()
            if reply:
                out += [(start + i, info) for i, info in pickle.loads(reply)]
        return out

    def _info(self, endings: list[tuple[int, dict[str, Any]]]) -> dict[str, Any]:
        """Gymnasium's vector info: each key with its ``_key`` mask (every game has a mask and the illegal flag)."""
        info: dict[str, Any] = {"action_mask": self._mask.copy(), "_action_mask": self._all.copy(),
                                "illegal_action": self._illegal.copy(), "_illegal_action": self._all.copy()}
        for i, ending in endings:
            info = self._add_info(info, ending, i)
        return info
