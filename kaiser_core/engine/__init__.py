"""The rules and the game: cards, the rule profiles and their words, the deal, actions, tricks,
scoring and the game itself. It imports nothing else of the package, so every other layer
(codes, bots, review, bridge, tools) builds on it and it can be read on its own."""
