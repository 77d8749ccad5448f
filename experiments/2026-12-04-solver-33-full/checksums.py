#!/usr/bin/env python3
"""Prints each level file's header fields and checksums (docs/tables.md, format 2), one line per
level: soldier sets stored, file size, and the CRC-32 of both sides' values.

Usage: checksums.py TABLE_DIR
"""
import struct
import sys
from pathlib import Path

d = Path(sys.argv[1])
for f in sorted(d.glob("level-*.mtb")):
    with open(f, "rb") as fh:
        h = fh.read(64)
    magic, version, hlen, points, threshold, soldiers, empties, sets, per_side, crc_g, crc_s, _, crc_h = struct.unpack(
        "<8sIIIIIIQQIIII", h
    )
    assert magic == b"MUSASHTB" and version == 2, (f, version)
    print(f"{f.name}\t{points} points\tthreshold {threshold}\t{soldiers} soldiers\t{sets} sets stored\t"
          f"{f.stat().st_size} bytes\tcrc general {crc_g:08x}\tcrc soldiers {crc_s:08x}")
