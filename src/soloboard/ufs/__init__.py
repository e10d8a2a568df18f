"""Under Falling Skies, both editions, on one engine (:mod:`.state`, its rules' differences in :mod:`.ruleset`):
the boxed edition (``ufs``, :mod:`.game`), the original 9-card print-and-play edition (``ufs-pnp``,
:mod:`.pnp`), and the boxed rulebook's campaign (:mod:`.campaign`)."""
