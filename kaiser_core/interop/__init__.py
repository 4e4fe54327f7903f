"""Kaiser for researchers: the engine behind the doors that card-game AI people use.

- ``episode``: a game whose cards are dealt as chance, one card at a time, hand after hand;
- ``encoding``: what one seat knows, as tensors (lists of floats) and as text;
- ``policies``: our bots as opponents, each decision from the acting seat's view alone;
- ``openspiel``: registers the OpenSpiel game ``"python_kaiser"`` (needs the ``openspiel`` extra);
- ``pettingzoo``: ``env(**rules)`` and ``raw_env``, an AEC environment (needs the ``pettingzoo``
  extra).

The first three are standard library only, like the rest of the package; the last two import
their framework and are never imported by anything else here (the page does not load them).
"""
