"""A Invasão dos Monstros Sem Nome que comem tijolos (v1.4): a co-operative card-and-dice game.

``soloboard.load_game("monstros", players=2, difficulty="medio")``. The rules as
implemented, the notation and the deck-file format are in ``docs/monstros.md``.
"""
