"""Games and deals as short URL-safe codes: the bit packing, share links (a game, with or
without its moves) and challenge links (the same deals for friends to play)."""
