#!/usr/bin/env python3
"""Line and branch coverage of source folders from gcov's JSON output (tools/reliability.sh).

    tools/coverage_summary.py BUILD_DIR OUT_PREFIX FOLDER...

Runs gcov (gcc's, from Debian) on every .gcda under BUILD_DIR, merges what each
translation unit says of a source line (headers are compiled into many), and writes
OUT_PREFIX.summary (one line per folder: folder, lines hit, lines, branches taken,
branches) and OUT_PREFIX.uncovered (file:line of every line never executed). lcov 1.16's
geninfo is not used: it drops the objects meson names `.._fallback_*.c` (the fallback's
files, compiled into the runtime's library), which gcov itself reads fine.
"""
import json
import os
import subprocess
import sys


def gcov_files(build_dir):
    for root, _, names in os.walk(build_dir):
        for name in names:
            if name.endswith('.gcda'):
                yield root, os.path.join(root, name)


def main():
    build_dir, out_prefix, folders = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3:]
    source_root = os.path.dirname(os.path.abspath(build_dir))
    lines = {}      # (file, line) -> executed
    branches = {}   # (file, line, index) -> taken
    for obj_dir, gcda in gcov_files(build_dir):
        result = subprocess.run(['gcov', '--json-format', '--stdout', '-b', '-o', obj_dir, gcda],
                                cwd=build_dir, capture_output=True, text=True)
        for text in result.stdout.splitlines():
            if not text.startswith('{'):
                continue
            data = json.loads(text)
            cwd = data.get('current_working_directory', build_dir)
            for f in data['files']:
                path = os.path.relpath(os.path.normpath(os.path.join(cwd, f['file'])), source_root)
                if not any(path.startswith(folder.rstrip('/') + '/') for folder in folders):
                    continue
                for line in f['lines']:
                    key = (path, line['line_number'])
                    lines[key] = lines.get(key, False) or line['count'] > 0
                    for i, branch in enumerate(line['branches']):
                        bkey = key + (i,)
                        branches[bkey] = branches.get(bkey, False) or branch['count'] > 0
    with open(out_prefix + '.summary', 'w') as out:
        for folder in folders:
            mine = [hit for (path, _), hit in lines.items() if path.startswith(folder.rstrip('/') + '/')]
            taken = [hit for (path, _, _), hit in branches.items() if path.startswith(folder.rstrip('/') + '/')]
            out.write('%s %d %d %d %d\n' % (folder, sum(mine), len(mine), sum(taken), len(taken)))
    with open(out_prefix + '.uncovered', 'w') as out:
        for path, number in sorted(key for key, hit in lines.items() if not hit):
            out.write('%s:%d\n' % (path, number))


if __name__ == '__main__':
    main()
