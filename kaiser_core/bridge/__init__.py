"""The JSON bridge, the only door the web page uses: plain JSON values in and out (``api``),
the tables that hold a game between moves (``tables``), the shapes of views and events, and the
browser worker's text-in, text-out entry point (``webcall``)."""
