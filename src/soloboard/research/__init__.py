"""Adapters for research frameworks: OpenSpiel, Gymnasium and PettingZoo (``docs/research.md``).

They need the optional extra: ``pip install 'soloboard[research]'``. Nothing here is
imported by ``import soloboard``; import the adapter you use:

- :mod:`soloboard.research.openspiel` registers every game with OpenSpiel (``pyspiel``);
- :mod:`soloboard.research.gym_env` registers the Gymnasium environments
  (``soloboard/ufs-v0``, ``soloboard/ufs-pnp-v0``, ``soloboard/monstros-solo-v0``);
- :mod:`soloboard.research.pz_env` has the PettingZoo AEC environment for Monstros;
- ``python -m soloboard.research.bench`` measures their speed against the raw engine;
- ``python -m soloboard.research.layout_table`` prints the observation tables of the docs.
"""
