"""Draw the app icons (stdlib only). Run once: python tools/make_icons.py; commit the PNGs.

A white playing card with a red heart on card-table green. The artwork stays inside the central
80% circle, so the same PNGs work as "maskable" icons.
"""

import struct
import zlib
from pathlib import Path

GREEN = (20, 83, 45)  # #14532d, the manifest's theme colour
WHITE = (250, 250, 245)
RED = (200, 30, 45)
SS = 4  # supersampling per axis, for smooth edges


def inside_card(x, y):
    # A card 0.40 wide x 0.56 tall, centred, corner radius 0.05 (units of the icon size).
    w, h, r = 0.20, 0.28, 0.05
    dx, dy = abs(x - 0.5) - (w - r), abs(y - 0.5) - (h - r)
    if dx <= 0 or dy <= 0:
        return abs(x - 0.5) <= w and abs(y - 0.5) <= h
    return dx * dx + dy * dy <= r * r


def inside_heart(x, y):
    # Classic implicit heart curve, scaled into the card's centre.
    u = (x - 0.5) / 0.13
    v = -(y - 0.51) / 0.13
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def colour_at(x, y):
    if inside_heart(x, y):
        return RED
    if inside_card(x, y):
        return WHITE
    return GREEN


def png(size):
    rows = []
    n = SS * SS
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(SS):
                for sx in range(SS):
                    c = colour_at((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size)
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            row += bytes(round(a / n) for a in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    out = Path(__file__).resolve().parent.parent / "web" / "icons"
    out.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (out / f"icon-{size}.png").write_bytes(png(size))
        print("wrote", out / f"icon-{size}.png")
