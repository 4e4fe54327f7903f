"""What the command line runs (``python -m kaiser_core``): play in a terminal, benchmarks and
bot-against-bot matches."""
