"""Looking back and ahead for a player: the double-dummy analysis of a finished hand and the
hints for the move to make, both built on the bots' search."""
