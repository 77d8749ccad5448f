#!/usr/bin/env python3
"""Prints each level file's header fields and checksums (docs/tables.md), one line per level.

Usage: checksums.py TABLE_DIR
"""
import struct
import sys
from pathlib import Path

d = Path(sys.argv[1])
for f in sorted(d.glob("level-*.mtb")):
    h = f.read_bytes()[:64] if f.stat().st_size < 64 else open(f, "rb").read(64)
    magic, version, hlen, points, threshold, soldiers, empties, sets, per_side, crc_g, crc_s, _, crc_h = struct.unpack(
        "<8sIIIIIIQQIIII", h
    )
    assert magic == b"MUSASHTB" and version == 1
    print(f"{f.name}\t{points} points\tthreshold {threshold}\t{soldiers} soldiers\t{f.stat().st_size} bytes\t"
          f"crc general {crc_g:08x}\tcrc soldiers {crc_s:08x}")
