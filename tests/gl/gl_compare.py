#!/usr/bin/env python3
"""Compares two binary PPM frames of tests/gl (run_gl.sh): d3d12's and llvmpipe's.

  gl_compare.py D3D12.ppm LLVMPIPE.ppm [--tolerance N] [--expect X,Y=R,G,B ...]

A pixel differs when any channel differs by more than N (0: bytes equal). Every
--expect pixel (X from the left, Y from the top) must hold exactly R,G,B in the d3d12
frame. Prints what differs and exits 1; exits 0 when the frames agree."""
import argparse
import sys


def read_ppm(path):
    with open(path, 'rb') as f:
        data = f.read()
    # Four header fields, each ended by one whitespace byte; the pixels may start with
    # bytes that look like whitespace.
    fields, start = [], 0
    for _ in range(4):
        while start < len(data) and data[start:start + 1].isspace():
            start += 1
        end = start
        while end < len(data) and not data[end:end + 1].isspace():
            end += 1
        fields.append(data[start:end])
        start = end + 1
    if fields[0] != b'P6' or fields[3] != b'255' or not fields[1].isdigit() or not fields[2].isdigit():
        sys.exit('%s: not a binary PPM of 8-bit channels' % path)
    width, height = int(fields[1]), int(fields[2])
    pixels = data[start:]
    if len(pixels) != width * height * 3:
        sys.exit('%s: %d bytes of pixels, expected %d' % (path, len(pixels), width * height * 3))
    return width, height, pixels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('d3d12')
    parser.add_argument('llvmpipe')
    parser.add_argument('--tolerance', type=int, default=0)
    parser.add_argument('--expect', action='append', default=[])
    args = parser.parse_args()
    width, height, a = read_ppm(args.d3d12)
    w2, h2, b = read_ppm(args.llvmpipe)
    if (width, height) != (w2, h2):
        print('FAIL: %dx%d against %dx%d' % (width, height, w2, h2))
        return 1
    failed = False
    differing = []
    largest = 0
    for i in range(width * height):
        delta = max(abs(a[i * 3 + c] - b[i * 3 + c]) for c in range(3))
        if delta:
            largest = max(largest, delta)
        if delta > args.tolerance:
            differing.append(i)
    if differing:
        failed = True
        print('FAIL: %d pixels differ from llvmpipe by more than %d (largest difference %d):'
              % (len(differing), args.tolerance, largest))
        for i in differing[:6]:
            print('  (%d, %d): d3d12 %s, llvmpipe %s' % (i % width, i // width, tuple(a[i * 3:i * 3 + 3]),
                                                          tuple(b[i * 3:i * 3 + 3])))
    for expect in args.expect:
        where, colour = expect.split('=')
        x, y = (int(v) for v in where.split(','))
        want = tuple(int(v) for v in colour.split(','))
        i = y * width + x
        got = tuple(a[i * 3:i * 3 + 3])
        if got != want:
            failed = True
            print('FAIL: pixel (%d, %d) is %s, expected %s' % (x, y, got, want))
    if not failed:
        print('largest difference from llvmpipe %d (tolerance %d)' % (largest, args.tolerance))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
